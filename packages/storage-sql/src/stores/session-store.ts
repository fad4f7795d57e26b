import type { Knex } from 'knex';
import type { SessionStore } from '@intake/core/ports';
import type { SessionRecord } from '@intake/core/sessions';
import { toIso, type Row } from './normalize.js';

const fromRow = (r: Record<string, unknown>): SessionRecord => ({
  id_hash: String(r.id_hash),
  org_id: String(r.org_id),
  key_id: String(r.key_id),
  environment: r.environment === 'test' ? 'test' : 'live',
  csrf_token: String(r.csrf_token),
  created_at: toIso(r.created_at),
  last_seen_at: toIso(r.last_seen_at),
  expires_at: toIso(r.expires_at),
});

export class SqlSessionStore implements SessionStore {
  constructor(private readonly knex: Knex) {}

  async insert(session: SessionRecord): Promise<void> {
    await this.knex('dashboard_sessions').insert(session);
  }

  async findByHash(idHash: string): Promise<SessionRecord | null> {
    const row = await this.knex<Row>('dashboard_sessions').where({ id_hash: idHash }).first();
    return row ? fromRow(row) : null;
  }

  async touch(idHash: string, at: string): Promise<void> {
    await this.knex('dashboard_sessions').where({ id_hash: idHash }).update({ last_seen_at: at });
  }

  async delete(idHash: string): Promise<boolean> {
    // returning(): knex-pglite answers a bare delete with no count.
    const rows = await this.knex('dashboard_sessions').where({ id_hash: idHash }).delete().returning('id_hash');
    return rows.length > 0;
  }

  async deleteExpired(now: string, idleBefore: string): Promise<number> {
    const rows = await this.knex('dashboard_sessions')
      .where('expires_at', '<=', now)
      .orWhere('last_seen_at', '<=', idleBefore)
      .delete()
      .returning('id_hash');
    return rows.length;
  }
}
