import { useState } from 'preact/hooks';
import { ApiError, type Session } from '../api.js';
import { call } from '../client.js';
import { ActionButton, Copyable, Empty, ErrorBox, formatTime, missingScope, useLoad } from '../components.js';
import type { ExtractorSummary, FieldDefinition } from '../types.js';

/** The field types of the API (FieldDefinitionSchema); the API checks everything else. */
const TYPES = ['text', 'number', 'currency', 'date', 'email', 'phone', 'boolean', 'array', 'object'];
const SCOPE = 'extractors:write';
/** Extractors are shared by test and live: only a live key may change them (the API's rule, its words). */
const SHARED = 'extractors';

/** Validation rules shown for each type (the API takes any of them on any field: others are kept as they are). */
const RULES_BY_TYPE: Record<string, { rule: string; label: string; kind: 'text' | 'number' }[]> = {
  text: [
    { rule: 'pattern', label: 'Validation pattern (regular expression, optional)', kind: 'text' },
    { rule: 'min_length', label: 'Minimum length', kind: 'number' },
    { rule: 'max_length', label: 'Maximum length', kind: 'number' },
  ],
  number: [
    { rule: 'min', label: 'Minimum value', kind: 'number' },
    { rule: 'max', label: 'Maximum value', kind: 'number' },
  ],
  currency: [
    { rule: 'min', label: 'Minimum amount', kind: 'number' },
    { rule: 'max', label: 'Maximum amount', kind: 'number' },
  ],
  date: [
    { rule: 'min_date', label: 'Earliest date (YYYY-MM-DD)', kind: 'text' },
    { rule: 'max_date', label: 'Latest date (YYYY-MM-DD)', kind: 'text' },
  ],
  email: [{ rule: 'domain', label: 'Required domain (e.g. @example.com)', kind: 'text' }],
};

interface FieldRow {
  name: string;
  type: FieldDefinition['type'];
  required: boolean;
  description: string;
  /** Every validation rule, the ones not shown for the type included. */
  validation: Record<string, unknown>;
  /** Nested fields of arrays and objects: kept as they are (edited through the API). */
  fields?: FieldDefinition[];
}

const blankRow = (): FieldRow => ({ name: '', type: 'text', required: true, description: '', validation: {} });
const rowOf = (f: FieldDefinition): FieldRow => ({
  name: f.name,
  type: f.type,
  required: f.required,
  description: f.description,
  validation: { ...(f.validation ?? {}) },
  ...(f.fields ? { fields: f.fields } : {}),
});
const definitionOf = (r: FieldRow): FieldDefinition => ({
  name: r.name,
  type: r.type,
  required: r.required,
  description: r.description,
  ...(Object.keys(r.validation).length ? { validation: r.validation } : {}),
  ...(r.fields ? { fields: r.fields } : {}),
});

/** The API's details for one path prefix, e.g. `field_definitions.0.` (its own words, shown on the field). */
const detailsFor = (error: unknown, prefix: string): string[] =>
  error instanceof ApiError
    ? error.details
        .filter((d) => d.path === prefix.replace(/\.$/, '') || d.path.startsWith(prefix))
        .map((d) => `${d.path.slice(prefix.length) || d.path}: ${d.message}`)
    : [];

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

/** A rule's input: a number when it reads as one (else the text, for the API to refuse), empty removes it. */
const ruleValue = (kind: 'text' | 'number', text: string): unknown =>
  text.trim() === '' ? undefined : kind === 'number' && Number.isFinite(Number(text)) ? Number(text) : text;

function FieldRowEditor(props: {
  row: FieldRow;
  index: number;
  count: number;
  error: unknown;
  set: (patch: Partial<FieldRow>) => void;
  remove: () => void;
  formId: string;
}) {
  const { row: r, index: i } = props;
  const errs = detailsFor(props.error, `field_definitions.${i}.`);
  const errId = `${props.formId}-field-${i}-err`;
  const described = errs.length ? errId : undefined;
  const setRule = (rule: string, value: unknown) => {
    const validation = { ...r.validation };
    if (value === undefined) delete validation[rule];
    else validation[rule] = value;
    props.set({ validation });
  };
  return (
    <fieldset class="field-row" aria-invalid={errs.length > 0}>
      <legend>Field {i + 1}</legend>
      <label>
        Name{' '}
        <input
          value={r.name}
          aria-describedby={described}
          onInput={(e) => props.set({ name: (e.target as HTMLInputElement).value })}
        />
      </label>{' '}
      <label>
        Type{' '}
        <select
          value={r.type}
          onChange={(e) => props.set({ type: (e.target as HTMLSelectElement).value as FieldRow['type'] })}
        >
          {TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>{' '}
      <label class="check">
        <input
          type="checkbox"
          checked={r.required}
          onChange={(e) => props.set({ required: (e.target as HTMLInputElement).checked })}
        />{' '}
        Required
      </label>
      <label>
        Description{' '}
        <input
          value={r.description}
          aria-describedby={described}
          onInput={(e) => props.set({ description: (e.target as HTMLInputElement).value })}
        />
      </label>{' '}
      {(RULES_BY_TYPE[r.type] ?? []).map((rule) => (
        <label key={rule.rule}>
          {rule.label}{' '}
          <input
            value={r.validation[rule.rule] === undefined ? '' : String(r.validation[rule.rule] as string | number)}
            inputMode={rule.kind === 'number' ? 'decimal' : undefined}
            aria-describedby={described}
            onInput={(e) => setRule(rule.rule, ruleValue(rule.kind, (e.target as HTMLInputElement).value))}
          />{' '}
        </label>
      ))}
      {r.fields && <span class="hint">{r.fields.length} nested fields, kept as they are. </span>}
      {props.count > 1 && (
        <button type="button" class="danger" onClick={props.remove}>
          Remove field {i + 1}
        </button>
      )}
      <FieldErrors id={errId} messages={errs} />
    </fieldset>
  );
}

/** Creates an extractor, or (given one) edits its name, type and field definitions with a PATCH. */
function ExtractorForm(props: {
  session: Session;
  editing?: ExtractorSummary;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const x = props.editing;
  const formId = x ? `edit-${x.id}` : 'create';
  const [name, setName] = useState(x?.name ?? '');
  const [documentType, setDocumentType] = useState(x?.document_type ?? '');
  const [rows, setRows] = useState<FieldRow[]>(x?.field_definitions?.map(rowOf) ?? [blankRow()]);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const off = missingScope(props.session, SCOPE, SHARED) !== undefined;
  const set = (i: number, patch: Partial<FieldRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const body = { name, document_type: documentType, field_definitions: rows.map(definitionOf) };
    try {
      if (x) {
        const saved = await call('patch', '/v1/extractors/{extractor_id}', { path: { extractor_id: x.id }, body });
        setDone(`Saved ${saved.name}.`);
      } else {
        const created = await call('post', '/v1/extractors', { body });
        setDone(`Created ${created.name}.`);
        setName('');
        setDocumentType('');
        setRows([blankRow()]);
      }
      props.onSaved();
    } catch (err) {
      setError(err);
    }
  };
  const nameErrors = detailsFor(error, 'name.');
  const typeErrors = detailsFor(error, 'document_type.');
  const listErrors =
    error instanceof ApiError ? error.details.filter((d) => d.path === 'field_definitions').map((d) => d.message) : [];
  const title = x ? `Edit ${x.name}` : 'Create an extractor';
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset class="plain-fieldset" disabled={off}>
          <legend class="visually-hidden">{title}</legend>
          <label>
            Extractor name{' '}
            <input
              value={name}
              aria-invalid={nameErrors.length > 0}
              aria-describedby={nameErrors.length ? `${formId}-name-err` : undefined}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          <FieldErrors id={`${formId}-name-err`} messages={nameErrors} />
          <label>
            Document type (snake_case, e.g. invoice){' '}
            <input
              value={documentType}
              aria-invalid={typeErrors.length > 0}
              aria-describedby={typeErrors.length ? `${formId}-type-err` : undefined}
              onInput={(e) => setDocumentType((e.target as HTMLInputElement).value)}
            />
          </label>
          <FieldErrors id={`${formId}-type-err`} messages={typeErrors} />
          {rows.map((r, i) => (
            <FieldRowEditor
              key={i}
              row={r}
              index={i}
              count={rows.length}
              error={error}
              formId={formId}
              set={(patch) => set(i, patch)}
              remove={() => setRows(rows.filter((_, j) => j !== i))}
            />
          ))}
          <FieldErrors id={`${formId}-fields-err`} messages={listErrors} />
        </fieldset>
        <p>
          <button type="button" disabled={off} onClick={() => setRows([...rows, blankRow()])}>
            Add a field
          </button>{' '}
          <ActionButton session={props.session} scope={SCOPE} liveOnly={SHARED} reasonId="extractors-why" type="submit">
            {x ? 'Save changes' : 'Create extractor'}
          </ActionButton>{' '}
          {props.onCancel && (
            <button type="button" class="secondary" onClick={props.onCancel}>
              {done ? 'Close' : 'Cancel'}
            </button>
          )}
        </p>
      </form>
      <ErrorBox error={error} />
      {done && <p role="status">{done}</p>}
    </section>
  );
}

export function Extractors(props: { session: Session }) {
  const list = useLoad(() => call('get', '/v1/extractors', { query: { limit: 100 } }), []);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<ExtractorSummary | null>(null);
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
  const remove = (x: ExtractorSummary) => {
    if (!confirm(`Delete the extractor ${x.name} permanently? Documents already extracted keep their results.`)) return;
    void act(() => call('delete', '/v1/extractors/{extractor_id}', { path: { extractor_id: x.id } }));
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
                      {Object.entries(f.validation ?? {})
                        .map(([rule, value]) => `, ${rule.replace('_', ' ')} ${String(value as string)}`)
                        .join('')}
                      ){' '}
                    </span>
                  ))}
                </td>
                <td>{x.usage_count ?? 0}</td>
                <td>{formatTime(x.created_at)}</td>
                <td>{x.is_active ? 'active' : 'inactive'}</td>
                <td>
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    liveOnly={SHARED}
                    reasonId="extractors-why"
                    onClick={() => setEditing(x)}
                  >
                    Edit<span class="visually-hidden"> {x.name}</span>
                  </ActionButton>{' '}
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    liveOnly={SHARED}
                    reasonId="extractors-why"
                    onClick={() =>
                      void act(() =>
                        call('patch', '/v1/extractors/{extractor_id}', {
                          path: { extractor_id: x.id },
                          body: { is_active: !x.is_active },
                        }),
                      )
                    }
                  >
                    {x.is_active ? 'Deactivate' : 'Activate'}
                    <span class="visually-hidden"> {x.name}</span>
                  </ActionButton>{' '}
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    liveOnly={SHARED}
                    reasonId="extractors-why"
                    onClick={() =>
                      void act(() =>
                        call('post', '/v1/extractors/{extractor_id}/duplicate', {
                          path: { extractor_id: x.id },
                          body: {},
                        }),
                      )
                    }
                  >
                    Duplicate<span class="visually-hidden"> {x.name}</span>
                  </ActionButton>{' '}
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    liveOnly={SHARED}
                    reasonId="extractors-why"
                    class="danger"
                    onClick={() => remove(x)}
                  >
                    Delete<span class="visually-hidden"> {x.name}</span>
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <ExtractorForm
          key={editing.id}
          session={props.session}
          editing={editing}
          onSaved={list.reload}
          onCancel={() => setEditing(null)}
        />
      )}
      <ExtractorForm session={props.session} onSaved={list.reload} />
    </>
  );
}
