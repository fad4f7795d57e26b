/** Accounting (ERP): the connections a prefix's erpConnectionId names, and what was sent to each, failures with their reasons. */
import { useState } from 'preact/hooks';
import type { Session } from '../api.js';
import { call } from '../client.js';
import {
  ActionButton,
  Copyable,
  Empty,
  ErrorBox,
  formatTime,
  Link,
  missingScope,
  StatusBadge,
  useLoad,
} from '../components.js';
import { TextField } from '../forms.js';
import { ResourceTable, usePages, type Column } from '../resource-table.js';
import type { ErpConnection, ErpSync } from '../types.js';

const SCOPE = 'email_ingestion:write';
/** ERP connections are shared by test and live: only a live key may change them (the API's rule). */
const SHARED = 'ERP connections';
const PAGE = 25;

function ErpWhy(props: { session: Session }) {
  const why = missingScope(props.session, SCOPE, SHARED);
  return why ? (
    <p class="why" id="erp-why">
      {why}
    </p>
  ) : null;
}

function CreateConnection(props: { session: Session; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const off = missingScope(props.session, SCOPE, SHARED) !== undefined;
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setSecret(null);
    try {
      const created = await call('post', '/v1/erp-connections', { body: { name, url } });
      setSecret(created.secret);
      setName('');
      setUrl('');
      props.onCreated();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section class="card" aria-label="Connect an accounting system">
      <h2>Connect an accounting system</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Name" path="name" error={error} value={name} disabled={off} onChange={setName} />
        <TextField
          label="HTTPS URL the records are posted to"
          path="url"
          size={50}
          error={error}
          value={url}
          disabled={off}
          onChange={setUrl}
        />
        <ActionButton session={props.session} scope={SCOPE} liveOnly={SHARED} reasonId="erp-why" type="submit">
          Connect
        </ActionButton>
      </form>
      <ErrorBox error={error} />
      {secret && (
        <div class="secret" role="status">
          <p>
            <strong>Copy the signing secret now: it is shown only this once.</strong>
          </p>
          <Copyable label="Signing secret of the new connection" text={secret} />
        </div>
      )}
    </section>
  );
}

const SYNC_COLUMNS: Column<ErpSync>[] = [
  {
    title: 'Document',
    cell: (s) => (
      <>
        <Link href={`/documents/${s.job_id}`}>{s.job_id}</Link>
        {s.prefix && <span class="hint"> via {s.prefix}</span>}
      </>
    ),
  },
  { title: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  { title: 'Attempts', cell: (s) => s.attempts },
  { title: 'Last attempt', cell: (s) => formatTime(s.last_attempt_at) },
  {
    title: 'Outcome or reason',
    cell: (s) => (
      <>
        {s.status === 'synced' && `Recorded as ${s.external_id ?? '—'} (HTTP ${s.response_status ?? '—'})`}
        {s.status !== 'synced' && s.last_error && (
          <span class={s.status === 'failed' ? 'field-error' : undefined}>
            {s.response_status ? `HTTP ${s.response_status}: ` : ''}
            {s.last_error}
          </span>
        )}
        {s.status === 'pending' && ` Next attempt ${formatTime(s.next_attempt_at)}.`}
      </>
    ),
  },
];

function Syncs(props: { connection: ErpConnection }) {
  const [status, setStatus] = useState<ErpSync['status'] | ''>('');
  const pages = usePages(PAGE);
  const list = useLoad(
    () =>
      call('get', '/v1/erp-connections/{connection_id}/syncs', {
        path: { connection_id: props.connection.id },
        query: { ...pages.query, ...(status ? { status } : {}) },
      }),
    [props.connection.id, status, pages.position],
  );
  return (
    <section class="card" aria-label={`Syncs of ${props.connection.name}`}>
      <h2>Syncs of {props.connection.name}</h2>
      <div class="filters">
        <label>
          Sync status{' '}
          <select
            value={status}
            onChange={(e) => {
              pages.reset();
              setStatus((e.target as HTMLSelectElement).value as typeof status);
            }}
          >
            <option value="">any</option>
            <option value="pending">pending (retrying)</option>
            <option value="synced">synced</option>
            <option value="failed">failed</option>
          </select>
        </label>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </div>
      <ResourceTable
        list={list}
        rows={(l) => l.syncs}
        rowKey={(s) => s.id}
        rowAttributes={(s) => ({ class: s.status === 'failed' ? 'invalid' : undefined })}
        columns={SYNC_COLUMNS}
        caption={(l) => `${l.total} syncs, newest first`}
        empty={
          <p>
            Nothing {status ? `${status} ` : ''}yet: a record is sent when a document of a prefix that names this
            connection is extracted.
          </p>
        }
        pages={pages}
        pagerLabel="Sync pages"
      />
    </section>
  );
}

export function Erp(props: { session: Session }) {
  const list = useLoad(() => call('get', '/v1/erp-connections'), []);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const connections = list.data?.connections ?? [];
  const shown = connections.find((c) => c.id === open) ?? connections[0];
  const toggle = async (c: ErpConnection) => {
    setError(null);
    try {
      await call('patch', '/v1/erp-connections/{connection_id}', {
        path: { connection_id: c.id },
        body: { is_active: !c.is_active },
      });
      list.reload();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <h1>Accounting (ERP)</h1>
      <p>
        Connections receive a record of each extracted document from the prefixes that name them (
        <code>erpConnectionId</code> in the prefix's settings on the <Link href="/email">Email</Link> screen).
      </p>
      <ErpWhy session={props.session} />
      <ErrorBox error={list.error ?? error} />
      {list.data && connections.length === 0 && (
        <Empty title="No accounting system connected">
          <p>Connect one below, then name its id as a prefix's ERP connection. Or through the API:</p>
          <Copyable
            label="Connect an accounting system with curl"
            text={`curl -X POST ${location.origin}/v1/erp-connections -H "Authorization: Bearer $INTAKE_KEY" -H "Content-Type: application/json" \\\n  -d '{"name":"Ledger","url":"https://erp.example.com/intake"}'`}
          />
        </Empty>
      )}
      {connections.length > 0 && (
        <table>
          <caption>{connections.length} connections</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Id</th>
              <th scope="col">URL</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {connections.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>
                  <code>{c.id}</code>
                </td>
                <td>
                  <code>{c.url}</code>
                </td>
                <td>{c.is_active ? 'active' : 'paused'}</td>
                <td>
                  <button
                    type="button"
                    class="secondary"
                    aria-pressed={shown?.id === c.id}
                    onClick={() => setOpen(c.id)}
                  >
                    Show syncs<span class="visually-hidden"> of {c.name}</span>
                  </button>
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    liveOnly={SHARED}
                    reasonId="erp-why"
                    onClick={() => void toggle(c)}
                  >
                    {c.is_active ? 'Pause' : 'Resume'}
                    <span class="visually-hidden"> {c.name}</span>
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown && <Syncs key={shown.id} connection={shown} />}
      <CreateConnection session={props.session} onCreated={list.reload} />
    </>
  );
}
