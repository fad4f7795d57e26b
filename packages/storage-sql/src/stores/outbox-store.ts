import type { Knex } from 'knex';
import type { OutboxEvent, OutboxStore } from '@intake/core/ports';
import { fromJson, toIso, toJson, toTextOrNull } from './normalize.js';

export class SqlOutboxStore implements OutboxStore {
  constructor(private readonly knex: Knex) {}

  async add(event: OutboxEvent): Promise<void> {
    await this.knex('outbox_events').insert({
      ...event,
      data: toJson(event.data),
      email_prefix: event.email_prefix ?? null,
    });
  }

  async list(orgId: string, options: { event?: string; limit?: number } = {}): Promise<OutboxEvent[]> {
    const q = this.knex('outbox_events')
      .where({ org_id: orgId })
      .orderBy('seq')
      .limit(options.limit ?? 1000);
    if (options.event) q.andWhere({ event: options.event });
    const rows = await q;
    return rows.map((r: Record<string, unknown>) => ({
      id: String(r.id),
      org_id: String(r.org_id),
      environment: r.environment as OutboxEvent['environment'],
      event: String(r.event),
      data: fromJson(r.data),
      created_at: toIso(r.created_at),
      ...(r.email_prefix == null ? {} : { email_prefix: toTextOrNull(r.email_prefix)! }),
    }));
  }
}
