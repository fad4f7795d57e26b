import type { SessionStore } from '../../ports/session-store.port.js';
import type { SessionRecord } from '../../sessions/session.js';
import { clone, type MemoryDb } from './memory-db.js';

export class MemorySessionStore implements SessionStore {
  constructor(private readonly db: MemoryDb) {}
  async insert(session: SessionRecord) {
    this.db.tables.sessions.set(session.id_hash, clone(session));
  }
  async findByHash(idHash: string) {
    const row = this.db.tables.sessions.get(idHash);
    return row ? clone(row) : null;
  }
  async touch(idHash: string, at: string) {
    const row = this.db.tables.sessions.get(idHash);
    if (row) row.last_seen_at = at;
  }
  async delete(idHash: string) {
    return this.db.tables.sessions.delete(idHash);
  }
  async deleteExpired(now: string, idleBefore: string) {
    let removed = 0;
    for (const [idHash, row] of this.db.tables.sessions) {
      if (Date.parse(row.expires_at) <= Date.parse(now) || Date.parse(row.last_seen_at) <= Date.parse(idleBefore)) {
        this.db.tables.sessions.delete(idHash);
        removed++;
      }
    }
    return removed;
  }
}
