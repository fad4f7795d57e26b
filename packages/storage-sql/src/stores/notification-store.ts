import type { Knex } from 'knex';
import type {
  JobEventForNotification,
  NotificationKind,
  NotificationListFilter,
  NotificationRecord,
  NotificationSender,
  NotificationStatus,
} from '@intake/core/email';
import type { NotificationClaimOptions, NotificationStore } from '@intake/core/ports';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toNumber, toTextOrNull, type Row } from './normalize.js';

const TABLE = 'notifications';
const SENDERS = 'notification_senders';

const text = (value: unknown): string | null => toTextOrNull(value);

const fromRow = (r: Record<string, unknown>): NotificationRecord => ({
  id: String(r.id),
  org_id: String(r.org_id),
  kind: r.kind as NotificationKind,
  recipient: String(r.recipient),
  from_address: String(r.from_address),
  envelope_from: text(r.envelope_from),
  subject: String(r.subject),
  body: String(r.body),
  headers: fromJson<Record<string, string>>(r.headers),
  status: r.status as NotificationStatus,
  attempts: toNumber(r.attempts),
  next_attempt_at: toIsoOrNull(r.next_attempt_at),
  lease_owner: text(r.lease_owner),
  lease_expires_at: toIsoOrNull(r.lease_expires_at),
  last_error: text(r.last_error),
  created_at: toIso(r.created_at),
  sent_at: toIsoOrNull(r.sent_at),
  source_key: String(r.source_key),
  message_id: text(r.message_id),
  job_id: text(r.job_id),
  prefix: text(r.prefix),
  digest_key: text(r.digest_key),
  digest_id: text(r.digest_id),
});

const toRow = (record: NotificationRecord): Record<string, unknown> => ({ ...record, headers: toJson(record.headers) });

const senderFromRow = (r: Record<string, unknown>): NotificationSender => ({
  message_id: String(r.message_id),
  org_id: String(r.org_id),
  prefix: String(r.prefix),
  reply_to: text(r.reply_to),
  suppressed_reason: text(r.suppressed_reason),
  from_address: String(r.from_address),
  in_reply_to: text(r.in_reply_to),
  subject: text(r.subject),
  received_at: toIso(r.received_at),
  created_at: toIso(r.created_at),
});

/** Arbitrary constant naming the digest run's advisory lock among other users of the database. */
const DIGEST_LOCK_KEY = 7_215_031_011;

/** The same wording as the in-memory store's. */
const ABANDONED = `'The daemon sending it stopped during attempt ' || attempts::text || ' (its last); last error before: ' || coalesce(last_error, 'none')`;

export class SqlNotificationStore implements NotificationStore {
  constructor(private readonly knex: Knex) {}

  async insert(rows: readonly NotificationRecord[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.knex(TABLE).insert(rows.map(toRow)).onConflict('source_key').ignore().returning('id');
    return inserted.length;
  }

  async saveSender(sender: NotificationSender): Promise<void> {
    await this.knex(SENDERS).insert(sender).onConflict('message_id').ignore();
  }

  async getSender(orgId: string, messageId: string): Promise<NotificationSender | null> {
    const row = await this.knex<Row>(SENDERS).where({ org_id: orgId, message_id: messageId }).first();
    return row ? senderFromRow(row) : null;
  }

  /** The predicate repeats the partial index outbox_notify_pending, so the scan stays on it. */
  async takeJobEvents(limit: number): Promise<JobEventForNotification[]> {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `select id, org_id, event, data, created_at from outbox_events
        where notified_at is null and event in ('job.completed', 'job.failed') and (data #>> '{metadata,source}') = 'email'
        order by seq
        limit ?
        for update skip locked`,
      [limit],
    );
    return (result.rows as Record<string, unknown>[]).map((r) => ({
      id: String(r.id),
      org_id: String(r.org_id),
      event: r.event as JobEventForNotification['event'],
      data: fromJson<Record<string, unknown>>(r.data),
      created_at: toIso(r.created_at),
    }));
  }

  async markJobEventsHandled(eventIds: readonly string[], at: string): Promise<void> {
    if (eventIds.length === 0) return;
    await this.knex('outbox_events')
      .whereIn('id', [...eventIds])
      .update({ notified_at: at });
  }

  /**
   * One statement: the subselect locks the oldest due rows with SKIP LOCKED (rows another claimer
   * holds are passed over, not waited for) and the update leases them.
   */
  async claimDue(owner: string, options: NotificationClaimOptions): Promise<NotificationRecord[]> {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update ${TABLE}
          set lease_owner = ?, lease_expires_at = ?::timestamptz, attempts = attempts + 1
        where id in (
          select id from ${TABLE}
           where status = 'pending'
             and next_attempt_at <= ?::timestamptz
             and (lease_expires_at is null or lease_expires_at <= ?::timestamptz)
             and attempts < ?
           order by next_attempt_at, id
           limit ?
           for update skip locked)
        returning *`,
      [owner, options.leaseExpiresAt, options.now, options.now, options.maxAttempts, options.limit],
    );
    return (result.rows as Record<string, unknown>[])
      .map(fromRow)
      .sort((a, b) => (a.next_attempt_at ?? '').localeCompare(b.next_attempt_at ?? '') || (a.id < b.id ? -1 : 1));
  }

  private async held(id: string, owner: string, changes: Record<string, unknown>): Promise<boolean> {
    const rows = await this.knex(TABLE)
      .where({ id, lease_owner: owner, status: 'pending' })
      .update({ ...changes, lease_owner: null, lease_expires_at: null })
      .returning('id');
    return rows.length > 0;
  }

  markSent(id: string, owner: string, at: string): Promise<boolean> {
    return this.held(id, owner, { status: 'sent', sent_at: at, next_attempt_at: null });
  }

  markRetry(id: string, owner: string, nextAttemptAt: string, error: string): Promise<boolean> {
    return this.held(id, owner, { next_attempt_at: nextAttemptAt, last_error: error });
  }

  markFailed(id: string, owner: string, error: string): Promise<boolean> {
    return this.held(id, owner, { status: 'failed', last_error: error, next_attempt_at: null });
  }

  async failExhausted(now: string, maxAttempts: number): Promise<number> {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update ${TABLE}
          set status = 'failed', last_error = ${ABANDONED}, next_attempt_at = null, lease_owner = null, lease_expires_at = null
        where status = 'pending' and attempts >= ? and lease_expires_at <= ?::timestamptz
        returning id`,
      [maxAttempts, now],
    );
    return (result.rows as unknown[]).length;
  }

  async lockDigestRun(): Promise<void> {
    await this.knex.raw('select pg_advisory_xact_lock(?)', [DIGEST_LOCK_KEY]);
  }

  async takeDigestItems(until: string, limit: number): Promise<NotificationRecord[]> {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `select * from ${TABLE}
        where status = 'digest_pending' and created_at <= ?::timestamptz
        order by created_at, id
        limit ?
        for update skip locked`,
      [until, limit],
    );
    return (result.rows as Record<string, unknown>[]).map(fromRow);
  }

  async insertDigest(row: NotificationRecord): Promise<boolean> {
    // Any unique key taken (digest_key, source_key): another daemon made today's digest first.
    const inserted = await this.knex(TABLE).insert(toRow(row)).onConflict().ignore().returning('id');
    return inserted.length > 0;
  }

  async markDigested(itemIds: readonly string[], digestId: string): Promise<void> {
    for (let i = 0; i < itemIds.length; i += 1000) {
      await this.knex(TABLE)
        .whereIn('id', itemIds.slice(i, i + 1000))
        .andWhere({ status: 'digest_pending' })
        .update({ status: 'digested', digest_id: digestId });
    }
  }

  async list(
    orgId: string,
    filter: NotificationListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: NotificationRecord[]; total: number }> {
    const scoped = () => {
      const q = this.knex(TABLE).where({ org_id: orgId });
      if (filter.kind !== undefined) q.andWhere({ kind: filter.kind });
      if (filter.status !== undefined) q.andWhere({ status: filter.status });
      if (filter.message_id !== undefined) q.andWhere({ message_id: filter.message_id });
      if (filter.job_id !== undefined) q.andWhere({ job_id: filter.job_id });
      return q;
    };
    const [rows, total] = await Promise.all([
      scoped()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(scoped().count({ count: '*' })),
    ]);
    return { items: (rows as Record<string, unknown>[]).map(fromRow), total };
  }

  async get(orgId: string, id: string): Promise<NotificationRecord | null> {
    const row = await this.knex<Row>(TABLE).where({ org_id: orgId, id }).first();
    return row ? fromRow(row) : null;
  }
}
