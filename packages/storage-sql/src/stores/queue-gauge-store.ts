import type { Knex } from 'knex';
import type { Environment } from '@intake/core';
import type { JobQueueGauge, QueueGaugeStore, QueueGauges } from '@intake/core/ports';
import { toIsoOrNull, toNumber, type Row } from './normalize.js';

/**
 * One statement, one round trip. Each part matches a partial index's predicate, so it reads only
 * the work still to do: jobs_runnable, inbound_messages_claimable, webhook_deliveries_endpoint_due,
 * erp_syncs_due.
 */
const GAUGES = `
  select 'job' as part, environment as mode, count(*) as n, min(created_at) as oldest, null::bigint as m
    from jobs where status = 'queued' and not blocked_on_credits group by environment
  union all
  select 'mail', null, count(*), min(received_at), null
    from inbound_messages where status in ('received', 'processing')
  union all
  select 'webhook', null, count(*), null, count(distinct endpoint_id) filter (where attempt_count > 0)
    from webhook_deliveries where status = 'pending'
  union all
  select 'erp', null, count(*), null, null from erp_syncs where status = 'pending'`;

const NO_JOBS: JobQueueGauge = { queued: 0, oldest_created_at: null };

export class SqlQueueGaugeStore implements QueueGaugeStore {
  constructor(private readonly knex: Knex) {}

  async read(): Promise<QueueGauges> {
    const result = await this.knex.raw<{ rows: Row[] }>(GAUGES);
    const gauges: QueueGauges = {
      jobs: { test: NO_JOBS, live: NO_JOBS },
      mail: { backlog: 0, oldest_received_at: null },
      webhooks: { pending: 0, failing_endpoints: 0 },
      erp: { pending: 0 },
    };
    for (const row of result.rows) {
      const n = toNumber(row.n);
      if (row.part === 'job') {
        const mode: Environment = row.mode === 'test' ? 'test' : 'live';
        gauges.jobs = { ...gauges.jobs, [mode]: { queued: n, oldest_created_at: toIsoOrNull(row.oldest) } };
      } else if (row.part === 'mail') gauges.mail = { backlog: n, oldest_received_at: toIsoOrNull(row.oldest) };
      else if (row.part === 'webhook') gauges.webhooks = { pending: n, failing_endpoints: toNumber(row.m) };
      else if (row.part === 'erp') gauges.erp = { pending: n };
    }
    return gauges;
  }
}
