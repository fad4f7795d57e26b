/** The webhook deliveries a job's events caused, on its page: each with its attempts and, when failed, replay. */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Session } from '../api.js';
import { ErrorBox, formatTime, Link, StatusBadge, useLoad } from '../components.js';
import type { WebhookDelivery } from '../types.js';
import { Attempts } from './webhooks.js';

export function JobDeliveries(props: { session: Session; jobId: string }) {
  const list = useLoad(
    () =>
      api<{ deliveries: WebhookDelivery[]; total: number }>(
        'GET',
        `/v1/webhooks/deliveries?job_id=${encodeURIComponent(props.jobId)}&limit=50`,
      ),
    [props.jobId],
  );
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section class="card" aria-label="Webhook deliveries">
      <h2>Webhook deliveries</h2>
      <ErrorBox error={list.error} />
      {list.data && list.data.total === 0 && (
        <p>
          None: no endpoint was subscribed to this job's events when they happened (see{' '}
          <Link href="/webhooks">Webhooks</Link>).
        </p>
      )}
      {list.data && list.data.total > 0 && (
        <table>
          <caption>{list.data.total} deliveries of this job's events</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last attempt</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {list.data.deliveries.map((d) => (
              <Fragment key={d.id}>
                <tr>
                  <td>{d.event}</td>
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
                  </td>
                </tr>
                {open === d.id && (
                  <tr>
                    <td colSpan={6}>
                      <Attempts
                        key={`${d.id}:${d.status}:${d.attempt_count}`}
                        deliveryId={d.id}
                        session={props.session}
                        failed={d.status === 'failed'}
                        onReplayed={list.reload}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" class="secondary" onClick={list.reload}>
        Refresh deliveries
      </button>
    </section>
  );
}
