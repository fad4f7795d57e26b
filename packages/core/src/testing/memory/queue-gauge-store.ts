import type { Environment } from '../../keys/scopes.js';
import type { JobQueueGauge, QueueGaugeStore, QueueGauges } from '../../ports/queue-gauge-store.port.js';
import type { MemoryDb } from './memory-db.js';

const oldest = (times: readonly string[]): string | null =>
  times.length === 0 ? null : times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));

export class MemoryQueueGaugeStore implements QueueGaugeStore {
  constructor(private readonly db: MemoryDb) {}

  async read(): Promise<QueueGauges> {
    const { jobs, inboundMessages, webhookDeliveries, erpSyncs } = this.db.tables;
    const waiting = [...jobs.values()].filter((j) => j.status === 'queued' && !j.blocked_on_credits);
    const queue = (mode: Environment): JobQueueGauge => {
      const created = waiting.filter((j) => j.environment === mode).map((j) => j.created_at);
      return { queued: created.length, oldest_created_at: oldest(created) };
    };
    const backlog = [...inboundMessages.values()].filter((m) => m.status === 'received' || m.status === 'processing');
    const pending = [...webhookDeliveries.values()].filter((d) => d.status === 'pending');
    return {
      jobs: { test: queue('test'), live: queue('live') },
      mail: { backlog: backlog.length, oldest_received_at: oldest(backlog.map((m) => m.received_at)) },
      webhooks: {
        pending: pending.length,
        failing_endpoints: new Set(pending.filter((d) => d.attempt_count > 0).map((d) => d.endpoint_id)).size,
      },
      erp: { pending: [...erpSyncs.values()].filter((s) => s.status === 'pending').length },
    };
  }
}
