import { useState } from 'preact/hooks';
import { api, ApiError, type Session } from '../api.js';
import { ActionButton, Copyable, Empty, ErrorBox, formatTime, missingScope, useLoad } from '../components.js';
import type { Extractor, FieldDefinition } from '../types.js';

/** The field types of the API (FieldDefinitionSchema); the API checks everything else. */
const TYPES = ['text', 'number', 'currency', 'date', 'email', 'phone', 'boolean', 'array', 'object'];
const SCOPE = 'extractors:write';
/** Extractors are shared by test and live: only a live key may change them (the API's rule, its words). */
const SHARED = 'extractors';

interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
  pattern: string;
}

const blankRow = (): FieldRow => ({ name: '', type: 'text', required: true, description: '', pattern: '' });

/** The API's details for one path prefix, e.g. `field_definitions.0.` (its own words, shown on the field). */
const detailsFor = (error: unknown, prefix: string): string[] =>
  error instanceof ApiError ? error.details.filter((d) => d.path === prefix.replace(/\.$/, '') || d.path.startsWith(prefix)).map((d) => `${d.path.slice(prefix.length) || d.path}: ${d.message}`) : [];

function FieldErrors(props: { id: string; messages: string[] }) {
  if (props.messages.length === 0) return null;
  return (
    <ul class="field-error plain" id={props.id}>
      {props.messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

function CreateExtractor(props: { session: Session; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [documentType, setDocumentType] = useState('');
  const [rows, setRows] = useState<FieldRow[]>([blankRow()]);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  const off = missingScope(props.session, SCOPE, SHARED) !== undefined;
  const set = (i: number, patch: Partial<FieldRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setCreated(null);
    const field_definitions: FieldDefinition[] = rows.map((r) => ({
      name: r.name,
      type: r.type,
      required: r.required,
      description: r.description,
      ...(r.type === 'text' && r.pattern !== '' ? { validation: { pattern: r.pattern } } : {}),
    }));
    try {
      const x = await api<Extractor>('POST', '/v1/extractors', { name, document_type: documentType, field_definitions });
      setCreated(x.name);
      setName('');
      setDocumentType('');
      setRows([blankRow()]);
      props.onCreated();
    } catch (err) {
      setError(err);
    }
  };
  const nameErrors = detailsFor(error, 'name.');
  const typeErrors = detailsFor(error, 'document_type.');
  const listErrors = error instanceof ApiError ? error.details.filter((d) => d.path === 'field_definitions').map((d) => d.message) : [];
  return (
    <section class="card" aria-label="Create an extractor">
      <h2>Create an extractor</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label>
          Extractor name{' '}
          <input value={name} disabled={off} aria-invalid={nameErrors.length > 0} aria-describedby={nameErrors.length ? 'x-name-err' : undefined} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <FieldErrors id="x-name-err" messages={nameErrors} />
        <label>
          Document type (snake_case, e.g. invoice){' '}
          <input value={documentType} disabled={off} aria-invalid={typeErrors.length > 0} aria-describedby={typeErrors.length ? 'x-type-err' : undefined} onInput={(e) => setDocumentType((e.target as HTMLInputElement).value)} />
        </label>
        <FieldErrors id="x-type-err" messages={typeErrors} />
        {rows.map((r, i) => {
          const errs = detailsFor(error, `field_definitions.${i}.`);
          const errId = `x-field-${i}-err`;
          const described = errs.length ? errId : undefined;
          return (
            <fieldset key={i} class="field-row" disabled={off} aria-invalid={errs.length > 0}>
              <legend>Field {i + 1}</legend>
              <label>
                Name <input value={r.name} aria-describedby={described} onInput={(e) => set(i, { name: (e.target as HTMLInputElement).value })} />
              </label>{' '}
              <label>
                Type{' '}
                <select value={r.type} onChange={(e) => set(i, { type: (e.target as HTMLSelectElement).value })}>
                  {TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <label class="check">
                <input type="checkbox" checked={r.required} onChange={(e) => set(i, { required: (e.target as HTMLInputElement).checked })} /> Required
              </label>
              <label>
                Description <input value={r.description} aria-describedby={described} onInput={(e) => set(i, { description: (e.target as HTMLInputElement).value })} />
              </label>{' '}
              {r.type === 'text' && (
                <label>
                  Validation pattern (regular expression, optional){' '}
                  <input value={r.pattern} aria-describedby={described} onInput={(e) => set(i, { pattern: (e.target as HTMLInputElement).value })} />
                </label>
              )}{' '}
              {rows.length > 1 && (
                <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  Remove field {i + 1}
                </button>
              )}
              <FieldErrors id={errId} messages={errs} />
            </fieldset>
          );
        })}
        <FieldErrors id="x-fields-err" messages={listErrors} />
        <p>
          <button type="button" disabled={off} onClick={() => setRows([...rows, blankRow()])}>
            Add a field
          </button>{' '}
          <ActionButton session={props.session} scope={SCOPE} liveOnly={SHARED} reasonId="extractors-why" type="submit">
            Create extractor
          </ActionButton>
        </p>
      </form>
      <ErrorBox error={error} />
      {created && <p role="status">Created {created}.</p>}
    </section>
  );
}

export function Extractors(props: { session: Session }) {
  const list = useLoad(() => api<{ extractors: Extractor[]; total: number }>('GET', '/v1/extractors?limit=100'), []);
  const [error, setError] = useState<unknown>(null);
  const why = missingScope(props.session, SCOPE, SHARED);
  const act = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
      list.reload();
    } catch (err) {
      setError(err);
    }
  };
  const remove = (x: Extractor) => {
    if (!confirm(`Delete the extractor ${x.name} permanently? Documents already extracted keep their results.`)) return;
    void act(() => api('DELETE', `/v1/extractors/${x.id}`));
  };
  return (
    <>
      <h1>Extractors</h1>
      <p>An extractor names the fields to read from a kind of document, with their validation rules.</p>
      {why && (
        <p class="why" id="extractors-why">
          {why}
        </p>
      )}
      <ErrorBox error={list.error ?? error} />
      {list.data && list.data.total === 0 && (
        <Empty title="No extractors yet">
          <p>Create the first one with the form below, or through the API:</p>
          <Copyable
            label="Create an extractor with curl"
            text={`curl -X POST ${location.origin}/v1/extractors -H "Authorization: Bearer $INTAKE_KEY" -H "Content-Type: application/json" \\\n  -d '{"name":"Invoices","document_type":"invoice","field_definitions":[{"name":"invoice_number","type":"text","required":true,"description":"The invoice number","validation":{"pattern":"^INV-\\\\d+$"}}]}'`}
          />
        </Empty>
      )}
      {list.data && list.data.total > 0 && (
        <table>
          <caption>{list.data.total} extractors</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Document type</th>
              <th scope="col">Fields</th>
              <th scope="col">Documents</th>
              <th scope="col">Created</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.extractors.map((x) => (
              <tr key={x.id} data-extractor-id={x.id}>
                <td>{x.name}</td>
                <td>
                  <code>{x.document_type}</code>
                </td>
                <td>
                  {(x.field_definitions ?? []).map((f) => (
                    <span key={f.name} class="field-def">
                      <code>{f.name}</code> ({f.type}
                      {f.required ? ', required' : ''}
                      {f.validation?.pattern ? `, pattern ${f.validation.pattern}` : ''}){' '}
                    </span>
                  ))}
                </td>
                <td>{x.usage_count ?? 0}</td>
                <td>{formatTime(x.created_at)}</td>
                <td>{x.is_active ? 'active' : 'inactive'}</td>
                <td>
                  <ActionButton session={props.session} scope={SCOPE} liveOnly={SHARED} reasonId="extractors-why" onClick={() => void act(() => api('PATCH', `/v1/extractors/${x.id}`, { is_active: !x.is_active }))}>
                    {x.is_active ? 'Deactivate' : 'Activate'}
                    <span class="visually-hidden"> {x.name}</span>
                  </ActionButton>{' '}
                  <ActionButton session={props.session} scope={SCOPE} liveOnly={SHARED} reasonId="extractors-why" onClick={() => void act(() => api('POST', `/v1/extractors/${x.id}/duplicate`, {}))}>
                    Duplicate<span class="visually-hidden"> {x.name}</span>
                  </ActionButton>{' '}
                  <ActionButton session={props.session} scope={SCOPE} liveOnly={SHARED} reasonId="extractors-why" onClick={() => remove(x)}>
                    Delete<span class="visually-hidden"> {x.name}</span>
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateExtractor session={props.session} onCreated={list.reload} />
    </>
  );
}
