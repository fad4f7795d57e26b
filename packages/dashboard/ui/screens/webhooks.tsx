import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { Session } from '../api.js';
import { call } from '../client.js';
import { plural } from '../format.js';
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
import type { WebhookDeliveryListItem, WebhookEndpoint, WebhookTestResult } from '../types.js';
import { WEBHOOK_EVENTS as EVENTS, type WebhookEvent } from '../enums.js';
const SCOPE = 'webhooks:write';

/** A secret the API shows once (creation, rotation). */
function SecretOnce(props: { secret: string | null; label: string }) {
  if (!props.secret) return null;
  return (
    <div class="secret" role="status">
      <p>
        <strong>Copy the signing secret now: it is shown only this once.</strong>
      </p>
      <Copyable label={props.label} text={props.secret} />
    </div>
  );
}

function CreateEndpoint(props: { session: Session; onCreated: () => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['job.completed', 'job.failed']);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const off = missingScope(props.session, SCOPE) !== undefined;
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setSecret(null);
    try {
      const created = await call('post', '/v1/webhooks/endpoints', { body: { url, events } });
      setSecret(created.secret);
      setUrl('');
      props.onCreated();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section class="card" aria-label="Add an endpoint">
      <h2>Add an endpoint</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          HTTPS URL{' '}
          <input
            type="url"
            required
            size={50}
            value={url}
            disabled={off}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          />
        </label>
        <fieldset disabled={off}>
          <legend>Events</legend>
          {EVENTS.map((ev) => (
            <label key={ev} class="check">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents((e.target as HTMLInputElement).checked ? [...events, ev] : events.filter((x) => x !== ev))
                }
              />{' '}
              {ev}
            </label>
          ))}
        </fieldset>
        <ActionButton session={props.session} scope={SCOPE} type="submit">
          Add endpoint
        </ActionButton>
      </form>
      <ErrorBox error={error} />
      <SecretOnce secret={secret} label="Signing secret of the new endpoint" />
    </section>
  );
}

function Attempts(props: { deliveryId: string }) {
  const detail = useLoad(
    () => call('get', '/v1/webhooks/deliveries/{delivery_id}', { path: { delivery_id: props.deliveryId } }),
    [props.deliveryId],
  );
  return (
    <div class="attempts">
      <ErrorBox error={detail.error} />
      {detail.data && (
        <table>
          <caption>Attempts of {props.deliveryId}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Time</th>
              <th scope="col">Status code</th>
              <th scope="col">Latency</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {detail.data.attempts.map((a) => (
              <tr key={a.attempt}>
                <td>{a.attempt}</td>
                <td>{formatTime(a.started_at)}</td>
                <td>{a.status_code ?? '—'}</td>
                <td>{a.duration_ms} ms</td>
                <td>{a.error ?? (a.success ? 'delivered' : '—')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail.data && <p>Next attempt: {formatTime(detail.data.next_attempt_at)}</p>}
    </div>
  );
}

/** The document a delivery concerns: its file name (else its job id) linking to the job's page. */
function DeliveryDocument(props: { delivery: WebhookDeliveryListItem }) {
  const { job_id: jobId, file_name: fileName } = props.delivery;
  if (!jobId) return <>—</>;
  return <Link href={`/documents/${encodeURIComponent(jobId)}`}>{fileName ?? jobId}</Link>;
}

/** Deliveries, a row each, naming their document, with Replay on a failed one; attempts open below their row. */
export function DeliveryTable(props: {
  session: Session;
  deliveries: WebhookDeliveryListItem[];
  caption: string;
  onReplayed: () => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const replay = async (id: string) => {
    setError(null);
    try {
      await call('post', '/v1/webhooks/deliveries/{delivery_id}/replay', { path: { delivery_id: id } });
      props.onReplayed();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <ErrorBox error={error} />
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Document</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Next attempt</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {props.deliveries.map((d) => (
            <Fragment key={d.id}>
              <tr>
                <td>{d.event}</td>
                <td>
                  <DeliveryDocument delivery={d} />
                </td>
                <td>
                  <StatusBadge status={d.status} />
                </td>
                <td>{d.attempt_count}</td>
                <td>{formatTime(d.last_attempt_at)}</td>
                <td>{formatTime(d.next_attempt_at)}</td>
                <td>
                  <button
                    type="button"
                    aria-expanded={open === d.id}
                    onClick={() => setOpen(open === d.id ? null : d.id)}
                  >
                    Attempts<span class="visually-hidden"> of {d.id}</span>
                  </button>
                  {d.status === 'failed' && (
                    <>
                      {' '}
                      <ActionButton session={props.session} scope={SCOPE} onClick={() => void replay(d.id)}>
                        Replay<span class="visually-hidden"> {d.id}</span>
                      </ActionButton>
                    </>
                  )}
                </td>
              </tr>
              {open === d.id && (
                <tr>
                  <td colSpan={7}>
                    <Attempts key={`${d.id}:${d.status}:${d.attempt_count}`} deliveryId={d.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Deliveries(props: { session: Session; endpoints: WebhookEndpoint[] }) {
  const [status, setStatus] = useState<WebhookDeliveryListItem['status'] | ''>('');
  const [endpointId, setEndpointId] = useState('');
  const query = { limit: 50, ...(status ? { status } : {}), ...(endpointId ? { endpoint_id: endpointId } : {}) };
  const list = useLoad(() => call('get', '/v1/webhooks/deliveries', { query }), [status, endpointId]);
  return (
    <section class="card" aria-label="Delivery log">
      <h2>Delivery log</h2>
      <div class="filters">
        <label>
          Endpoint{' '}
          <select value={endpointId} onChange={(e) => setEndpointId((e.target as HTMLSelectElement).value)}>
            <option value="">all</option>
            {props.endpoints.map((ep) => (
              <option key={ep.id} value={ep.id}>
                {ep.url}
              </option>
            ))}
          </select>
        </label>
        <label>
          Delivery status{' '}
          <select value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value as typeof status)}>
            <option value="">any</option>
            <option value="pending">pending (retrying)</option>
            <option value="succeeded">succeeded</option>
            <option value="failed">failed</option>
          </select>
        </label>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </div>
      <ErrorBox error={list.error} />
      {list.data && list.data.total === 0 && (
        <p>
          No deliveries yet: they appear when a subscribed event happens (a job completes or fails, credits run low).
        </p>
      )}
      {list.data && list.data.total > 0 && (
        <DeliveryTable
          session={props.session}
          deliveries={list.data.deliveries}
          caption={plural(list.data.total, 'delivery', 'deliveries')}
          onReplayed={list.reload}
        />
      )}
    </section>
  );
}

/** A test event to any URL, prefilled with the first endpoint's; the endpoints' URLs are offered too. */
function TestEvent(props: { session: Session; endpoints: WebhookEndpoint[] }) {
  const [typed, setTyped] = useState<string | null>(null);
  const url = typed ?? props.endpoints[0]?.url ?? '';
  const setUrl = setTyped;
  const [result, setResult] = useState<WebhookTestResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    try {
      setResult(await call('post', '/v1/webhooks/test', { body: { webhook_url: url } }));
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section class="card" aria-label="Send a test event">
      <h2>Send a test event</h2>
      <form onSubmit={(e) => void send(e)}>
        <label>
          Receiver URL{' '}
          <input
            type="url"
            required
            size={50}
            value={url}
            list="webhook-endpoint-urls"
            disabled={missingScope(props.session, SCOPE) !== undefined}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          />
        </label>
        <datalist id="webhook-endpoint-urls">
          {props.endpoints.map((ep) => (
            <option key={ep.id} value={ep.url} />
          ))}
        </datalist>
        <ActionButton session={props.session} scope={SCOPE} type="submit">
          Send test event
        </ActionButton>
      </form>
      <ErrorBox error={error} />
      {result && (
        <p role="status" class={result.delivered ? undefined : 'error'}>
          {result.delivered
            ? `Delivered: HTTP ${result.status_code} in ${result.duration_ms} ms`
            : `Not delivered: ${result.error ?? `HTTP ${result.status_code}`} (${result.duration_ms} ms)`}
        </p>
      )}
    </section>
  );
}

export function Webhooks(props: { session: Session }) {
  const endpoints = useLoad(() => call('get', '/v1/webhooks/endpoints'), []);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      endpoints.reload();
    } catch (err) {
      setError(err);
    }
  };
  const list = endpoints.data?.endpoints ?? [];
  return (
    <>
      <h1>Webhooks</h1>
      <CreateEndpoint session={props.session} onCreated={endpoints.reload} />
      <ErrorBox error={endpoints.error ?? error} />
      <SecretOnce secret={secret} label="New signing secret" />
      {endpoints.data && list.length === 0 && (
        <Empty title="No endpoints yet">
          <p>
            Add an HTTPS URL above to be told when jobs complete or fail. Each request is signed with the endpoint's
            secret (X-Service-Signature) and retried on failure.
          </p>
        </Empty>
      )}
      {list.length > 0 && (
        <table>
          <caption>Endpoints</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((ep) => (
              <tr key={ep.id}>
                <td>
                  <code>{ep.url}</code>
                </td>
                <td>{ep.events.join(', ')}</td>
                <td>{ep.is_active ? 'active' : 'paused'}</td>
                <td>{formatTime(ep.created_at)}</td>
                <td>
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    onClick={() =>
                      void act(() =>
                        call('patch', '/v1/webhooks/endpoints/{endpoint_id}', {
                          path: { endpoint_id: ep.id },
                          body: { is_active: !ep.is_active },
                        }),
                      )
                    }
                  >
                    {ep.is_active ? 'Pause' : 'Resume'}
                  </ActionButton>{' '}
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    onClick={() =>
                      void act(async () =>
                        setSecret(
                          (
                            await call('post', '/v1/webhooks/endpoints/{endpoint_id}/rotate-secret', {
                              path: { endpoint_id: ep.id },
                            })
                          ).secret,
                        ),
                      )
                    }
                  >
                    Rotate secret
                  </ActionButton>{' '}
                  <ActionButton
                    session={props.session}
                    scope={SCOPE}
                    class="danger"
                    onClick={() => {
                      if (confirm(`Delete the endpoint ${ep.url}? Its pending deliveries are not sent.`))
                        void act(() =>
                          call('delete', '/v1/webhooks/endpoints/{endpoint_id}', { path: { endpoint_id: ep.id } }),
                        );
                    }}
                  >
                    Delete<span class="visually-hidden"> {ep.url}</span>
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Deliveries session={props.session} endpoints={list} />
      <TestEvent session={props.session} endpoints={list} />
    </>
  );
}
