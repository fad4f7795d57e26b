import type { Knex } from 'knex';
import type { Environment } from '@intake/core';
import type { ErpConnection, ErpSyncRecord, ErpSyncStatus, ErpVendorBill, StoredErpConnection } from '@intake/core/erp';
import type { ClaimedErpSync, ErpAttemptResult, ErpStore } from '@intake/core/ports';
import type { Page, PageRequest } from '@intake/core/shared';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toNumber, toTextOrNull, type Row } from './normalize.js';

const text = toTextOrNull;

const connectionFromRow = (r: Record<string, unknown>): StoredErpConnection => ({
  id: String(r.id),
  org_id: String(r.org_id),
  name: String(r.name),
  type: 'http',
  url: String(r.url),
  description: text(r.description),
  is_active: Boolean(r.is_active),
  created_at: toIso(r.created_at),
  updated_at: toIso(r.updated_at),
  secret: String(r.secret),
});

const syncFromRow = (r: Record<string, unknown>): ErpSyncRecord => ({
  id: String(r.id),
  org_id: String(r.org_id),
  environment: r.environment as Environment,
  connection_id: String(r.connection_id),
  job_id: String(r.job_id),
  prefix: text(r.prefix),
  status: r.status as ErpSyncStatus,
  record: fromJson<ErpVendorBill>(r.record),
  attempts: toNumber(r.attempts),
  next_attempt_at: toIsoOrNull(r.next_attempt_at),
  last_attempt_at: toIsoOrNull(r.last_attempt_at),
  last_error: text(r.last_error),
  response_status: r.response_status === null || r.response_status === undefined ? null : toNumber(r.response_status),
  external_id: text(r.external_id),
  created_at: toIso(r.created_at),
  finished_at: toIsoOrNull(r.finished_at),
});

const SYNC_COLUMNS = [
  'id',
  'org_id',
  'environment',
  'connection_id',
  'job_id',
  'prefix',
  'status',
  'record',
  'attempts',
  'next_attempt_at',
  'last_attempt_at',
  'last_error',
  'response_status',
  'external_id',
  'created_at',
  'finished_at',
] as const;

export class SqlErpStore implements ErpStore {
  constructor(private readonly knex: Knex) {}

  async insertConnection(connection: StoredErpConnection): Promise<void> {
    await this.knex('erp_connections').insert(connection);
  }

  async getConnection(orgId: string, id: string): Promise<StoredErpConnection | null> {
    const row = await this.knex<Row>('erp_connections').where({ org_id: orgId, id }).first();
    return row ? connectionFromRow(row) : null;
  }

  async listConnections(orgId: string): Promise<ErpConnection[]> {
    const rows = await this.knex('erp_connections')
      .where({ org_id: orgId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    return rows.map((r: Record<string, unknown>) => {
      const { secret: _s, ...connection } = connectionFromRow(r);
      return connection;
    });
  }

  async updateConnection(
    orgId: string,
    id: string,
    changes: Partial<StoredErpConnection>,
  ): Promise<StoredErpConnection | null> {
    const rows = await this.knex<Row>('erp_connections').where({ org_id: orgId, id }).update(changes).returning('*');
    return rows[0] ? connectionFromRow(rows[0]) : null;
  }

  async deleteConnection(orgId: string, id: string): Promise<boolean> {
    const rows = await this.knex('erp_connections').where({ org_id: orgId, id }).delete().returning('id');
    return rows.length > 0;
  }

  async enqueue(sync: ErpSyncRecord): Promise<boolean> {
    // Only while the connection exists (a concurrent delete leaves nothing to enqueue), once per job and connection.
    const values = SYNC_COLUMNS.map((c) => (c === 'record' ? toJson(sync.record) : sync[c]));
    const result = await this.knex.raw<{ rows: Row[] }>(
      `insert into erp_syncs (${SYNC_COLUMNS.join(', ')})
         select ${SYNC_COLUMNS.map((c) => (c === 'record' ? '?::jsonb' : c.endsWith('_at') ? '?::timestamptz' : c === 'attempts' || c === 'response_status' ? '?::integer' : '?::text')).join(', ')}
          where exists (select 1 from erp_connections where id = ? and org_id = ?)
       on conflict (connection_id, job_id) do nothing
       returning id`,
      [...values, sync.connection_id, sync.org_id] as Knex.RawBinding[],
    );
    return (result.rows as unknown[]).length > 0;
  }

  async claimDue(owner: string, now: string, leaseExpiresAt: string, limit: number): Promise<ClaimedErpSync[]> {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update erp_syncs
          set lease_owner = ?, lease_expires_at = ?::timestamptz
        where id in (
          select id from erp_syncs
           where status = 'pending'
             and next_attempt_at <= ?::timestamptz
             and (lease_expires_at is null or lease_expires_at <= ?::timestamptz)
           order by next_attempt_at, id
           limit ?
           for update skip locked)
        returning *`,
      [owner, leaseExpiresAt, now, now, limit],
    );
    const syncs = (result.rows as Record<string, unknown>[]).map(syncFromRow);
    if (syncs.length === 0) return [];
    const connections = new Map(
      (await this.knex('erp_connections').whereIn('id', [...new Set(syncs.map((s) => s.connection_id))])).map(
        (r: Record<string, unknown>) => [String(r.id), connectionFromRow(r)] as const,
      ),
    );
    return syncs
      .filter((s) => connections.has(s.connection_id))
      .sort((a, b) => (a.next_attempt_at ?? '').localeCompare(b.next_attempt_at ?? '') || (a.id < b.id ? -1 : 1))
      .map((sync) => ({ sync, connection: connections.get(sync.connection_id)! }));
  }

  async recordAttempt(id: string, owner: string, result: ErpAttemptResult): Promise<boolean> {
    const rows = await this.knex('erp_syncs')
      .where({ id, lease_owner: owner, status: 'pending' })
      .update({
        status: result.status,
        attempts: result.attempts,
        last_attempt_at: result.at,
        next_attempt_at: result.next_attempt_at,
        last_error: result.last_error,
        response_status: result.response_status,
        external_id: result.external_id,
        finished_at: result.status === 'pending' ? null : result.at,
        lease_owner: null,
        lease_expires_at: null,
      })
      .returning('id');
    return rows.length > 0;
  }

  async requeue(id: string, record: ErpSyncRecord['record'], at: string): Promise<void> {
    await this.knex('erp_syncs')
      .where({ id })
      .update({
        record: toJson(record),
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_error: null,
        finished_at: null,
        lease_owner: null,
        lease_expires_at: null,
      });
  }

  async getSync(orgId: string, mode: Environment, id: string): Promise<ErpSyncRecord | null> {
    const row = await this.knex<Row>('erp_syncs').where({ org_id: orgId, environment: mode, id }).first();
    return row ? syncFromRow(row) : null;
  }

  async listSyncs(
    orgId: string,
    mode: Environment,
    filter: { connection_id?: string; job_id?: string; status?: ErpSyncStatus },
    page: PageRequest,
  ): Promise<Page<ErpSyncRecord>> {
    const where = Object.fromEntries(
      Object.entries({ org_id: orgId, environment: mode, ...filter }).filter(([, v]) => v !== undefined),
    );
    const [rows, total] = await Promise.all([
      this.knex('erp_syncs')
        .where(where)
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(this.knex('erp_syncs').where(where).count({ count: '*' })),
    ]);
    return { items: rows.map(syncFromRow), total };
  }
}
