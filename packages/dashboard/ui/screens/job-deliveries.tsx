/** The webhook deliveries a job's events caused, on its page: each with its attempts and, when failed, replay. */
import type { Session } from '../api.js';
import { call } from '../client.js';
import { ErrorBox, Link, useLoad } from '../components.js';
import { plural } from '../format.js';
import { DeliveryTable } from './webhooks.js';

export function JobDeliveries(props: { session: Session; jobId: string }) {
  const list = useLoad(
    () => call('get', '/v1/webhooks/deliveries', { query: { job_id: props.jobId, limit: 50 } }),
    [props.jobId],
  );
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
        <DeliveryTable
          session={props.session}
          deliveries={list.data.deliveries}
          caption={`${plural(list.data.total, 'delivery', 'deliveries')} of this job's events`}
          onReplayed={list.reload}
        />
      )}
      <button type="button" class="secondary" onClick={list.reload}>
        Refresh deliveries
      </button>
    </section>
  );
}
