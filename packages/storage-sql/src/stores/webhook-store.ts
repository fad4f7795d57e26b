import type { Knex } from 'knex';
import {
  subscribes,
  type ClaimedDelivery,
  type DeliveryClaimOptions,
  type DeliveryFilter,
  type DeliveryStatus,
  type Page,
  type PageRequest,
  type StoredWebhookEndpoint,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookStore,
} from '@intake/core';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toNumber } from './normalize.js';

const endpointFromRow = (r: Record<string, unknown>): StoredWebhookEndpoint => ({
  id: String(r.id),
  org_id: String(r.org_id),
  url: String(r.url),
  events: fromJson<string[]>(r.events),
  description: r.description === null ? null : String(r.description),
  is_active: Boolean(r.is_active),
  created_at: toIso(r.created_at),
  updated_at: toIso(r.updated_at),
  secret: String(r.secret),
});

const deliveryFromRow = (r: Record<string, unknown>): WebhookDelivery => ({
  id: String(r.id),
  org_id: String(r.org_id),
  endpoint_id: String(r.endpoint_id),
  event_id: String(r.event_id),
  event: String(r.event),
  status: r.status as DeliveryStatus,
  payload: String(r.payload),
  attempt_count: toNumber(r.attempt_count),
  chain: toNumber(r.chain),
  next_attempt_at: toIsoOrNull(r.next_attempt_at),
  last_attempt_at: toIsoOrNull(r.last_attempt_at),
  created_at: toIso(r.created_at),
});

const attemptFromRow = (r: Record<string, unknown>): WebhookAttempt => ({
  delivery_id: String(r.delivery_id),
  chain: toNumber(r.chain),
  attempt: toNumber(r.attempt),
  started_at: toIso(r.started_at),
  status_code: r.status_code === null ? null : toNumber(r.status_code),
  duration_ms: toNumber(r.duration_ms),
  error: r.error === null ? null : String(r.error),
  response_body: r.response_body === null ? null : String(r.response_body),
  success: Boolean(r.success),
});

export class SqlWebhookStore implements WebhookStore {
  constructor(private readonly knex: Knex) {}

  async insertEndpoint(endpoint: StoredWebhookEndpoint): Promise<void> {
    await this.knex('webhook_endpoints').insert({ ...endpoint, events: toJson(endpoint.events) });
  }

  async getEndpoint(orgId: string, id: string): Promise<StoredWebhookEndpoint | null> {
    const row = await this.knex('webhook_endpoints').where({ org_id: orgId, id }).first();
    return row ? endpointFromRow(row) : null;
  }

  async listEndpoints(orgId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.knex('webhook_endpoints').where({ org_id: orgId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
    return rows.map((r: Record<string, unknown>) => {
      const { secret: _s, ...endpoint } = endpointFromRow(r);
      return endpoint;
    });
  }

  async updateEndpoint(orgId: string, id: string, changes: Partial<StoredWebhookEndpoint>): Promise<StoredWebhookEndpoint | null> {
    const values: Record<string, unknown> = { ...changes };
    if (changes.events) values.events = toJson(changes.events);
    const rows = await this.knex('webhook_endpoints').where({ org_id: orgId, id }).update(values).returning('*');
    return rows[0] ? endpointFromRow(rows[0]) : null;
  }

  async deleteEndpoint(orgId: string, id: string): Promise<boolean> {
    return toNumber(await this.knex('webhook_endpoints').where({ org_id: orgId, id }).delete()) > 0;
  }

  async dispatchOutbox(now: Date, limit: number, makeId: () => string): Promise<number> {
    return this.knex.transaction(async (trx) => {
      const events = await trx('outbox_events').whereNull('dispatched_at').orderBy('seq').limit(limit).forUpdate().skipLocked();
      if (events.length === 0) return 0;
      const orgs = [...new Set(events.map((e: { org_id: string }) => e.org_id))];
      const endpoints = (await trx('webhook_endpoints').whereIn('org_id', orgs).andWhere({ is_active: true })).map(endpointFromRow);
      const at = now.toISOString();
      const rows = [];
      for (const e of events as Record<string, unknown>[]) {
        const envelope = JSON.stringify({ id: e.id, event: e.event, created_at: toIso(e.created_at), data: fromJson(e.data) });
        for (const endpoint of endpoints) {
          if (endpoint.org_id !== e.org_id || !subscribes(endpoint, String(e.event))) continue;
          rows.push({ id: makeId(), org_id: e.org_id, endpoint_id: endpoint.id, event_id: e.id, event: e.event, status: 'pending', payload: envelope, next_attempt_at: at, created_at: at });
        }
      }
      if (rows.length) await trx('webhook_deliveries').insert(rows).onConflict(['event_id', 'endpoint_id']).ignore();
      await trx('outbox_events').whereIn('seq', events.map((e: { seq: unknown }) => String(e.seq))).update({ dispatched_at: at });
      return rows.length;
    });
  }

  async claimDue(options: DeliveryClaimOptions): Promise<ClaimedDelivery[]> {
    const now = options.now.toISOString();
    return this.knex.transaction(async (trx) => {
      const q = trx('webhook_deliveries as d')
        .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .where('d.status', 'pending')
        .andWhere('d.next_attempt_at', '<=', now)
        .andWhere((w) => w.whereNull('d.lease_expires_at').orWhere('d.lease_expires_at', '<', now))
        .orderBy('d.next_attempt_at')
        .limit(options.limit)
        .forUpdate(['d'])
        .skipLocked()
        .select('d.*', 'e.url', 'e.secret');
      if (options.skipEndpoints.length) q.whereNotIn('d.endpoint_id', options.skipEndpoints);
      const rows = await q;
      if (rows.length === 0) return [];
      const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
      await trx('webhook_deliveries').whereIn('id', rows.map((r: { id: string }) => r.id)).update({ lease_owner: options.workerId, lease_expires_at: until });
      return rows.map((r: Record<string, unknown>) => ({ delivery: deliveryFromRow(r), url: String(r.url), secret: String(r.secret) }));
    });
  }

  async recordAttempt(workerId: string, attempt: WebhookAttempt, next: { status: DeliveryStatus; nextAttemptAt: string | null }): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const updated = await trx('webhook_deliveries')
        .where({ id: attempt.delivery_id, lease_owner: workerId, chain: attempt.chain, status: 'pending' })
        .update({ status: next.status, next_attempt_at: next.nextAttemptAt, attempt_count: attempt.attempt, last_attempt_at: attempt.started_at, lease_owner: null, lease_expires_at: null });
      if (toNumber(updated) === 0) return false;
      await trx('webhook_attempts').insert(attempt);
      return true;
    });
  }

  async getDelivery(orgId: string, id: string): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null> {
    const row = await this.knex('webhook_deliveries').where({ org_id: orgId, id }).first();
    if (!row) return null;
    const attempts = await this.knex('webhook_attempts').where({ delivery_id: id }).orderBy([{ column: 'chain' }, { column: 'attempt' }]);
    return { ...deliveryFromRow(row), attempts: attempts.map(attemptFromRow) };
  }

  async listDeliveries(orgId: string, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const filtered = () => {
      const q = this.knex('webhook_deliveries').where({ org_id: orgId });
      if (filter.endpoint_id) q.andWhere({ endpoint_id: filter.endpoint_id });
      if (filter.event) q.andWhere({ event: filter.event });
      if (filter.status) q.andWhere({ status: filter.status });
      return q;
    };
    const [rows, total] = await Promise.all([
      filtered().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(page.limit).offset(page.offset),
      countOf(filtered().count({ count: '*' })),
    ]);
    return { items: rows.map(deliveryFromRow), total };
  }

  async replay(orgId: string, id: string, now: string): Promise<WebhookDelivery | null> {
    const rows = await this.knex('webhook_deliveries')
      .where({ org_id: orgId, id })
      .update({ status: 'pending', chain: this.knex.raw('chain + 1'), attempt_count: 0, next_attempt_at: now, lease_owner: null, lease_expires_at: null })
      .returning('*');
    return rows[0] ? deliveryFromRow(rows[0]) : null;
  }
}
