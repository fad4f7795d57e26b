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
    // `returning`, not the affected count: knex-pglite answers a bare delete with its raw result object.
    const rows = await this.knex('webhook_endpoints').where({ org_id: orgId, id }).delete().returning('id');
    return rows.length > 0;
  }

  async dispatchOutbox(now: Date, limit: number, makeId: () => string): Promise<number> {
    // The sender calls this on every turn of its loop: when nothing waits, one indexed read, no transaction.
    if (!(await this.knex('outbox_events').whereNull('dispatched_at').first('seq'))) return 0;
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

  /** One statement (one round trip, one commit): lock due rows with SKIP LOCKED, lease them, return them with their endpoint. */
  async claimDue(options: DeliveryClaimOptions): Promise<ClaimedDelivery[]> {
    const now = options.now.toISOString();
    const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
    const skip = options.skipEndpoints.length ? `and d.endpoint_id not in (${options.skipEndpoints.map(() => '?').join(', ')})` : '';
    const result = await this.knex.raw(
      `with due as (
         select d.id from webhook_deliveries d
         where d.status = 'pending' and d.next_attempt_at <= ?::timestamptz
           and (d.lease_expires_at is null or d.lease_expires_at < ?::timestamptz) ${skip}
         order by d.next_attempt_at limit ? for update skip locked
       ), leased as (
         update webhook_deliveries w set lease_owner = ?, lease_expires_at = ?::timestamptz from due where w.id = due.id returning w.*
       )
       select leased.*, e.url, e.secret from leased join webhook_endpoints e on e.id = leased.endpoint_id order by leased.next_attempt_at`,
      [now, now, ...options.skipEndpoints, options.limit, options.workerId, until],
    );
    return (result.rows as Record<string, unknown>[]).map((r) => ({ delivery: deliveryFromRow(r), url: String(r.url), secret: String(r.secret) }));
  }

  /** One statement: the fenced update of the delivery, and the attempt row only if that update happened. */
  async recordAttempt(workerId: string, attempt: WebhookAttempt, next: { status: DeliveryStatus; nextAttemptAt: string | null }): Promise<boolean> {
    const result = await this.knex.raw(
      `with moved as (
         update webhook_deliveries
         set status = ?, next_attempt_at = ?::timestamptz, attempt_count = ?::int, last_attempt_at = ?::timestamptz, lease_owner = null, lease_expires_at = null
         where id = ? and lease_owner = ? and chain = ?::int and status = 'pending'
         returning id
       )
       insert into webhook_attempts (delivery_id, chain, attempt, started_at, status_code, duration_ms, error, response_body, success)
       select id, ?::int, ?::int, ?::timestamptz, ?::int, ?::int, ?::text, ?::text, ?::boolean from moved
       returning delivery_id`,
      [
        next.status, next.nextAttemptAt, attempt.attempt, attempt.started_at, attempt.delivery_id, workerId, attempt.chain,
        attempt.chain, attempt.attempt, attempt.started_at, attempt.status_code, attempt.duration_ms, attempt.error, attempt.response_body, attempt.success,
      ],
    );
    return result.rows.length > 0;
  }

  async getDelivery(orgId: string, id: string): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null> {
    // One snapshot for both reads: an attempt recorded in between would show next to a stale attempt_count.
    return this.knex.transaction(
      async (trx) => {
        const row = await trx('webhook_deliveries').where({ org_id: orgId, id }).first();
        if (!row) return null;
        const attempts = await trx('webhook_attempts').where({ delivery_id: id }).orderBy([{ column: 'chain' }, { column: 'attempt' }]);
        return { ...deliveryFromRow(row), attempts: attempts.map(attemptFromRow) };
      },
      { isolationLevel: 'repeatable read' },
    );
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
