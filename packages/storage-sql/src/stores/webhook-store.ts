import type { Knex } from 'knex';
import { type Environment } from '@intake/core';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryClaimOptions,
  type DeliveryFilter,
  type WebhookStore,
} from '@intake/core/ports';
import { type Page, type PageRequest } from '@intake/core/shared';
import {
  receives,
  type DeliveryStatus,
  type PrefixWebhookSpec,
  type StoredWebhookEndpoint,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@intake/core/webhooks';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toNumber, toTextOrNull, type Row } from './normalize.js';

const endpointFromRow = (r: Record<string, unknown>): StoredWebhookEndpoint => ({
  id: String(r.id),
  org_id: String(r.org_id),
  url: String(r.url),
  events: fromJson<string[]>(r.events),
  description: toTextOrNull(r.description),
  is_active: Boolean(r.is_active),
  created_at: toIso(r.created_at),
  updated_at: toIso(r.updated_at),
  email_prefix: toTextOrNull(r.email_prefix),
  secret: String(r.secret),
});

/** The organization's own endpoints, as the endpoint API knows them. */
const withoutPrefix = ({ email_prefix: _p, ...endpoint }: StoredWebhookEndpoint): StoredWebhookEndpoint => endpoint;

const deliveryFromRow = (r: Record<string, unknown>): WebhookDelivery => ({
  id: String(r.id),
  org_id: String(r.org_id),
  environment: r.environment as Environment,
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
  error: toTextOrNull(r.error),
  response_body: toTextOrNull(r.response_body),
  success: Boolean(r.success),
});

/**
 * The claim. $1 now, $2 limit, $3 cap per endpoint, $4 busy (JSON [{endpoint_id, n}]), $5 worker,
 * $6 lease end. `endpoints` lists the endpoints with pending deliveries, one index probe each (a
 * loose scan of webhook_deliveries_endpoint_due); `candidates` takes, for each endpoint below its
 * cap, its oldest due deliveries up to its room, from the same index, so no endpoint's backlog is
 * read past; `chosen` keeps the oldest `limit` of those and locks them with SKIP LOCKED, re-checking
 * that each is still due and free (a row another claim leased meanwhile fails that check, one it
 * holds is skipped); `leased` leases them.
 */
const CLAIM = `with recursive endpoints(endpoint_id) as (
    (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
    union all
    select (select d.endpoint_id from webhook_deliveries d where d.status = 'pending' and d.endpoint_id > e.endpoint_id order by d.endpoint_id limit 1)
    from endpoints e where e.endpoint_id is not null
  ), room as (
    select e.endpoint_id, least($3::int - coalesce(b.n, 0), $2::int) as room
    from endpoints e left join json_to_recordset($4::json) as b(endpoint_id text, n int) on b.endpoint_id = e.endpoint_id
    where e.endpoint_id is not null
  ), candidates as (
    select c.id from room r cross join lateral (
      select d.id from webhook_deliveries d
      where d.endpoint_id = r.endpoint_id and d.status = 'pending' and d.next_attempt_at <= $1::timestamptz
        and (d.lease_expires_at is null or d.lease_expires_at < $1::timestamptz)
      order by d.next_attempt_at limit r.room
    ) c
    where r.room > 0
  ), chosen as (
    select d.id from webhook_deliveries d join candidates c on c.id = d.id
    where d.status = 'pending' and d.next_attempt_at <= $1::timestamptz
      and (d.lease_expires_at is null or d.lease_expires_at < $1::timestamptz)
    order by d.next_attempt_at, d.id limit $2::int
    for update of d skip locked
  ), leased as (
    update webhook_deliveries w set lease_owner = $5::text, lease_expires_at = $6::timestamptz from chosen where w.id = chosen.id returning w.*
  )
  select leased.*, e.url, e.secret from leased join webhook_endpoints e on e.id = leased.endpoint_id order by leased.next_attempt_at, leased.id`;

/**
 * Recording attempts. $1 the outcomes (JSON), $2 worker. The fenced updates of the deliveries (the
 * lease holder's, the chain's, the next attempt), and an attempt row for each update that happened.
 */
const RECORD = `with input as (
    select * from json_to_recordset($1::json) as i(delivery_id text, chain int, attempt int, started_at timestamptz, status_code int, duration_ms int,
                                                  error text, response_body text, success boolean, status text, next_attempt_at timestamptz)
  ), moved as (
    update webhook_deliveries w
    set status = i.status, next_attempt_at = i.next_attempt_at, attempt_count = i.attempt, last_attempt_at = i.started_at, lease_owner = null, lease_expires_at = null
    from input i
    where w.id = i.delivery_id and w.lease_owner = $2::text and w.chain = i.chain and w.status = 'pending' and w.attempt_count = i.attempt - 1
    returning w.id
  )
  insert into webhook_attempts (delivery_id, chain, attempt, started_at, status_code, duration_ms, error, response_body, success)
  select i.delivery_id, i.chain, i.attempt, i.started_at, i.status_code, i.duration_ms, i.error, i.response_body, i.success from input i join moved on moved.id = i.delivery_id
  returning delivery_id`;

export class SqlWebhookStore implements WebhookStore {
  constructor(private readonly knex: Knex) {}

  async insertEndpoint(endpoint: StoredWebhookEndpoint): Promise<void> {
    await this.knex('webhook_endpoints').insert({ ...endpoint, events: toJson(endpoint.events) });
  }

  async getEndpoint(orgId: string, id: string): Promise<StoredWebhookEndpoint | null> {
    const row = await this.knex<Row>('webhook_endpoints')
      .where({ org_id: orgId, id })
      .whereNull('email_prefix')
      .first();
    return row ? withoutPrefix(endpointFromRow(row)) : null;
  }

  async listEndpoints(orgId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.knex('webhook_endpoints')
      .where({ org_id: orgId })
      .whereNull('email_prefix')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    return rows.map((r: Record<string, unknown>) => {
      const { secret: _s, email_prefix: _p, ...endpoint } = endpointFromRow(r);
      return endpoint;
    });
  }

  async updateEndpoint(
    orgId: string,
    id: string,
    changes: Partial<StoredWebhookEndpoint>,
  ): Promise<StoredWebhookEndpoint | null> {
    const { email_prefix: _p, ...rest } = changes;
    const values: Record<string, unknown> = { ...rest };
    if (changes.events) values.events = toJson(changes.events);
    const rows = await this.knex<Row>('webhook_endpoints')
      .where({ org_id: orgId, id })
      .whereNull('email_prefix')
      .update(values)
      .returning('*');
    return rows[0] ? withoutPrefix(endpointFromRow(rows[0])) : null;
  }

  async deleteEndpoint(orgId: string, id: string): Promise<boolean> {
    // `returning`, not the affected count: knex-pglite answers a bare delete with its raw result object.
    const rows = await this.knex('webhook_endpoints')
      .where({ org_id: orgId, id })
      .whereNull('email_prefix')
      .delete()
      .returning('id');
    return rows.length > 0;
  }

  async setPrefixEndpoint(
    orgId: string,
    prefix: string,
    spec: PrefixWebhookSpec | null,
    now: string,
    makeId: () => string,
  ): Promise<void> {
    if (!spec) {
      await this.knex('webhook_endpoints').where({ org_id: orgId, email_prefix: prefix }).delete().returning('id');
      return;
    }
    const values = {
      url: spec.url,
      secret: spec.secret,
      events: toJson([...new Set(spec.events)]),
      is_active: true,
      updated_at: now,
    };
    const updated = await this.knex('webhook_endpoints')
      .where({ org_id: orgId, email_prefix: prefix })
      .update(values)
      .returning('id');
    if (updated.length > 0) return;
    await this.knex('webhook_endpoints').insert({
      ...values,
      id: makeId(),
      org_id: orgId,
      email_prefix: prefix,
      description: `Webhooks of the email prefix ${prefix}`,
      created_at: now,
    });
  }

  async getPrefixEndpoint(orgId: string, prefix: string): Promise<StoredWebhookEndpoint | null> {
    const row = await this.knex<Row>('webhook_endpoints').where({ org_id: orgId, email_prefix: prefix }).first();
    return row ? endpointFromRow(row) : null;
  }

  async dispatchOutbox(now: Date, limit: number, makeId: () => string): Promise<number> {
    // The sender calls this on every turn of its loop: when nothing waits, one indexed read, no transaction.
    if (!(await this.knex('outbox_events').whereNull('dispatched_at').first('seq'))) return 0;
    return this.knex.transaction(async (trx) => {
      const events = await trx('outbox_events')
        .whereNull('dispatched_at')
        .orderBy('seq')
        .limit(limit)
        .forUpdate()
        .skipLocked();
      if (events.length === 0) return 0;
      const orgs = [...new Set(events.map((e: { org_id: string }) => e.org_id))];
      const endpoints = (await trx('webhook_endpoints').whereIn('org_id', orgs).andWhere({ is_active: true })).map(
        endpointFromRow,
      );
      const at = now.toISOString();
      const rows = [];
      for (const e of events as Record<string, unknown>[]) {
        const envelope = JSON.stringify({
          id: e.id,
          event: e.event,
          created_at: toIso(e.created_at),
          data: fromJson(e.data),
        });
        const event = { org_id: String(e.org_id), event: String(e.event), email_prefix: toTextOrNull(e.email_prefix) };
        for (const endpoint of endpoints) {
          if (!receives(endpoint, event)) continue;
          rows.push({
            id: makeId(),
            org_id: e.org_id,
            environment: e.environment,
            endpoint_id: endpoint.id,
            event_id: e.id,
            event: e.event,
            status: 'pending',
            payload: envelope,
            next_attempt_at: at,
            created_at: at,
          });
        }
      }
      if (rows.length) await trx('webhook_deliveries').insert(rows).onConflict(['event_id', 'endpoint_id']).ignore();
      await trx('outbox_events')
        .whereIn(
          'seq',
          events.map((e: { seq: unknown }) => String(e.seq)),
        )
        .update({ dispatched_at: at });
      return rows.length;
    });
  }

  /**
   * One statement (one round trip, one commit): see CLAIM. Only what is returned is locked or
   * leased.
   */
  async claimDue(options: DeliveryClaimOptions): Promise<ClaimedDelivery[]> {
    const now = options.now.toISOString();
    const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
    // Without a cap, `busy` does not matter, and `limit` is a cap no endpoint can pass.
    const cap = options.perEndpoint ?? options.limit;
    const busy = JSON.stringify(
      options.perEndpoint === undefined
        ? []
        : [...(options.busy ?? [])].map(([endpoint_id, n]) => ({ endpoint_id, n })),
    );
    const rows = await this.prepared('intake_webhook_claim', CLAIM, [
      now,
      options.limit,
      cap,
      busy,
      options.workerId,
      until,
    ]);
    return rows.map((r) => ({
      delivery: deliveryFromRow(r),
      url: String(r.url),
      secret: String(r.secret),
      leaseExpiresAt: toIso(r.lease_expires_at),
    }));
  }

  /** One statement for the whole batch, which travels as one JSON parameter: see RECORD. */
  async recordAttempts(workerId: string, outcomes: readonly AttemptOutcome[]): Promise<boolean[]> {
    if (outcomes.length === 0) return [];
    const input = JSON.stringify(
      outcomes.map(({ attempt: a, next }) => ({ ...a, status: next.status, next_attempt_at: next.nextAttemptAt })),
    );
    const rows = await this.prepared('intake_webhook_record', RECORD, [input, workerId]);
    const recorded = new Set(rows.map((r) => String(r.delivery_id)));
    return outcomes.map((o) => recorded.has(o.attempt.delivery_id));
  }

  /**
   * The sender's statements run many times a second: on PostgreSQL as named prepared statements,
   * parsed and planned once per connection (planning the claim cost as much as running it). PGlite
   * runs them as plain queries. `text` uses $1, $2, ...
   */
  private async prepared(name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
    const client = this.knex.client as Knex.Client & { config: { client?: unknown } };
    if (client.config.client !== 'pg') {
      const order: unknown[] = [];
      const sql = text.replace(/\$(\d+)/g, (_, n: string) => (order.push(values[Number(n) - 1]), '?'));
      return (await this.knex.raw<{ rows: Row[] }>(sql, order as Knex.RawBinding[])).rows;
    }
    const connection = (await client.acquireConnection()) as {
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
    };
    try {
      return (await connection.query({ name, text, values })).rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  async releaseClaims(workerId: string, deliveryIds: readonly string[]): Promise<number> {
    if (deliveryIds.length === 0) return 0;
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update webhook_deliveries set lease_owner = null, lease_expires_at = null
       where id in (select value from json_array_elements_text(?::json)) and lease_owner = ? and status = 'pending'
       returning id`,
      [JSON.stringify(deliveryIds), workerId],
    );
    return result.rows.length;
  }

  async getDelivery(
    orgId: string,
    mode: Environment,
    id: string,
  ): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null> {
    // One snapshot for both reads: an attempt recorded in between would show next to a stale attempt_count.
    return this.knex.transaction(
      async (trx) => {
        const row = await trx<Row>('webhook_deliveries').where({ org_id: orgId, environment: mode, id }).first();
        if (!row) return null;
        const attempts = await trx<Row>('webhook_attempts')
          .where({ delivery_id: id })
          .orderBy([{ column: 'chain' }, { column: 'attempt' }]);
        return { ...deliveryFromRow(row), attempts: attempts.map(attemptFromRow) };
      },
      { isolationLevel: 'repeatable read' },
    );
  }

  async listDeliveries(
    orgId: string,
    mode: Environment,
    filter: DeliveryFilter,
    page: PageRequest,
  ): Promise<Page<WebhookDelivery>> {
    const filtered = () => {
      const q = this.knex('webhook_deliveries').where({ org_id: orgId, environment: mode });
      if (filter.endpoint_id) q.andWhere({ endpoint_id: filter.endpoint_id });
      if (filter.event) q.andWhere({ event: filter.event });
      if (filter.status) q.andWhere({ status: filter.status });
      // The envelope's job: data.job_id for email events, data.id for job.* events (as migration 014 reads them).
      if (filter.job_id)
        q.andWhereRaw("coalesce(payload::jsonb #>> '{data,job_id}', payload::jsonb #>> '{data,id}') = ?", [
          filter.job_id,
        ]);
      return q;
    };
    const [rows, total] = await Promise.all([
      filtered()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(filtered().count({ count: '*' })),
    ]);
    return { items: rows.map(deliveryFromRow), total };
  }

  async replay(orgId: string, mode: Environment, id: string, now: string): Promise<WebhookDelivery | null> {
    const rows = await this.knex<Row>('webhook_deliveries')
      .where({ org_id: orgId, environment: mode, id })
      .update({
        status: 'pending',
        chain: this.knex.raw('chain + 1'),
        attempt_count: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_expires_at: null,
      })
      .returning('*');
    return rows[0] ? deliveryFromRow(rows[0]) : null;
  }
}
