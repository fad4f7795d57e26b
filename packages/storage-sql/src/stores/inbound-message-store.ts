import type { Knex } from 'knex';
import type { Environment } from '@intake/core';
import type {
  AttachmentOutcome,
  InboundMessageRecord,
  InboundMessageResult,
  InboundMessageStatus,
  SenderAuthentication,
} from '@intake/core/email';
import type { InboundMessageListFilter, InboundMessageStore, MessageClaimOptions } from '@intake/core/ports';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toNumber, toTextOrNull, type Row } from './normalize.js';

const TABLE = 'inbound_messages';

const text = toTextOrNull;

const fromRow = (r: Record<string, unknown>): InboundMessageRecord => ({
  id: String(r.id),
  org_id: String(r.org_id),
  environment: r.environment as Environment,
  prefix: String(r.prefix),
  tag: text(r.tag),
  recipient: String(r.recipient),
  envelope_from: text(r.envelope_from),
  remote_address: text(r.remote_address),
  helo: text(r.helo),
  size_bytes: toNumber(r.size_bytes),
  blob_key: String(r.blob_key),
  source: r.source as InboundMessageRecord['source'],
  status: r.status as InboundMessageStatus,
  attempts: toNumber(r.attempts),
  lease_owner: text(r.lease_owner),
  lease_expires_at: toIsoOrNull(r.lease_expires_at),
  from_address: text(r.from_address),
  subject: text(r.subject),
  message_id_header: text(r.message_id_header),
  outcomes: fromJson<AttachmentOutcome[]>(r.outcomes),
  error:
    r.error === null || r.error === undefined ? null : fromJson<NonNullable<InboundMessageRecord['error']>>(r.error),
  sender_authentication:
    r.sender_authentication === null || r.sender_authentication === undefined
      ? null
      : fromJson<SenderAuthentication>(r.sender_authentication),
  received_at: toIso(r.received_at),
  processed_at: toIsoOrNull(r.processed_at),
});

const toRow = (record: InboundMessageRecord): Record<string, unknown> => ({
  ...record,
  outcomes: toJson(record.outcomes),
  error: record.error === null ? null : toJson(record.error),
  sender_authentication: record.sender_authentication ? toJson(record.sender_authentication) : null,
});

const oldestFirst = (a: InboundMessageRecord, b: InboundMessageRecord): number =>
  Date.parse(a.received_at) - Date.parse(b.received_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class SqlInboundMessageStore implements InboundMessageStore {
  constructor(private readonly knex: Knex) {}

  async insert(records: readonly InboundMessageRecord[]): Promise<void> {
    if (records.length === 0) return;
    // One multi-row statement: PostgreSQL commits all of the rows or none.
    await this.knex(TABLE).insert(records.map(toRow));
  }

  /**
   * One statement, one commit: the subselect locks the oldest claimable row with SKIP LOCKED (rows
   * other claimers hold are passed over, not waited for) and the update leases it.
   */
  async claimNext(owner: string, options: MessageClaimOptions): Promise<InboundMessageRecord | null> {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update ${TABLE}
          set status = 'processing', lease_owner = ?, lease_expires_at = ?::timestamptz, attempts = attempts + 1
        where id = (
          select id from ${TABLE}
           where status = 'received'
              or (status = 'processing' and lease_expires_at <= ?::timestamptz and attempts < ?)
           order by received_at, id
           limit 1
           for update skip locked)
        returning *`,
      [owner, options.leaseExpiresAt, options.now, options.maxAttempts],
    );
    const row = (result.rows as Record<string, unknown>[])[0];
    return row ? fromRow(row) : null;
  }

  async extendLease(id: string, owner: string, until: string): Promise<boolean> {
    const rows = await this.knex(TABLE)
      .where({ id, lease_owner: owner, status: 'processing' })
      .update({ lease_expires_at: until })
      .returning('id');
    return rows.length > 0;
  }

  async finish(id: string, owner: string, result: InboundMessageResult): Promise<boolean> {
    const rows = await this.knex(TABLE)
      .where({ id, lease_owner: owner, status: 'processing' })
      .update({
        status: result.status,
        from_address: result.from_address,
        subject: result.subject,
        message_id_header: result.message_id_header,
        outcomes: toJson(result.outcomes),
        error: result.error === null ? null : toJson(result.error),
        processed_at: result.processed_at,
        lease_owner: null,
        lease_expires_at: null,
      })
      .returning('id');
    return rows.length > 0;
  }

  async failAbandoned(now: string, maxAttempts: number): Promise<InboundMessageRecord[]> {
    // The message names the attempts of each row; keep its wording in step with the in-memory store.
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update ${TABLE}
          set status = 'failed',
              error = jsonb_build_object(
                'code', 'processing_abandoned',
                'message', 'The message could not be processed in ' || attempts::text
                  || case when attempts = 1 then ' attempt' else ' attempts' end
                  || '; its daemon stopped each time (crash or kill) before finishing it.'),
              processed_at = ?::timestamptz,
              lease_owner = null,
              lease_expires_at = null
        where status = 'processing' and lease_expires_at <= ?::timestamptz and attempts >= ?
        returning *`,
      [now, now, maxAttempts],
    );
    return (result.rows as Record<string, unknown>[]).map(fromRow).sort(oldestFirst);
  }

  async list(
    orgId: string,
    mode: Environment,
    filter: InboundMessageListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: InboundMessageRecord[]; total: number }> {
    const scoped = () => {
      const q = this.knex(TABLE).where({ org_id: orgId, environment: mode });
      if (filter.prefix !== undefined) q.andWhere({ prefix: filter.prefix });
      return q;
    };
    const [rows, total] = await Promise.all([
      scoped()
        .orderBy([
          { column: 'received_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(scoped().count({ count: '*' })),
    ]);
    return { items: (rows as Record<string, unknown>[]).map(fromRow), total };
  }

  async get(orgId: string, mode: Environment | null, id: string): Promise<InboundMessageRecord | null> {
    const row = await this.knex<Row>(TABLE)
      .where({ org_id: orgId, id, ...(mode ? { environment: mode } : {}) })
      .first();
    return row ? fromRow(row) : null;
  }
}
