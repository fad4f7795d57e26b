import type { Environment } from '../../keys/scopes.js';
import type { ClaimedErpSync, ErpAttemptResult, ErpStore } from '../../ports/erp-store.port.js';
import type { ErpSyncRecord, ErpSyncStatus, StoredErpConnection } from '../../erp/erp.js';
import type { PageRequest } from '../../shared/pagination.js';
import { clone, newestFirst, paginate, type MemoryDb } from './memory-db.js';

type LeasedSync = ErpSyncRecord & { lease_owner: string | null; lease_expires_at: string | null };

/** ERP connections and syncs in memory, with the SQL store's claim and fencing rules. */
export class MemoryErpStore implements ErpStore {
  constructor(private readonly db: MemoryDb) {}
  private get t() {
    return this.db.tables;
  }

  async insertConnection(connection: StoredErpConnection) {
    this.t.erpConnections.set(connection.id, clone(connection));
  }
  async getConnection(orgId: string, id: string) {
    const c = this.t.erpConnections.get(id);
    return c && c.org_id === orgId ? clone(c) : null;
  }
  async listConnections(orgId: string) {
    return [...this.t.erpConnections.values()]
      .filter((c) => c.org_id === orgId)
      .sort(newestFirst)
      .map(({ secret: _s, ...c }) => clone(c));
  }
  async updateConnection(orgId: string, id: string, changes: Partial<StoredErpConnection>) {
    const c = this.t.erpConnections.get(id);
    if (!c || c.org_id !== orgId) return null;
    Object.assign(c, clone(changes));
    return clone(c);
  }
  async deleteConnection(orgId: string, id: string) {
    const c = this.t.erpConnections.get(id);
    if (!c || c.org_id !== orgId) return false;
    this.t.erpConnections.delete(id);
    for (const [key, s] of this.t.erpSyncs) if (s.connection_id === id) this.t.erpSyncs.delete(key);
    return true;
  }
  async enqueue(sync: ErpSyncRecord) {
    const c = this.t.erpConnections.get(sync.connection_id);
    if (!c || c.org_id !== sync.org_id) return false;
    if ([...this.t.erpSyncs.values()].some((s) => s.connection_id === sync.connection_id && s.job_id === sync.job_id))
      return false;
    this.t.erpSyncs.set(sync.id, { ...clone(sync), lease_owner: null, lease_expires_at: null });
    return true;
  }
  async claimDue(owner: string, now: string, leaseExpiresAt: string, limit: number): Promise<ClaimedErpSync[]> {
    const due = [...this.t.erpSyncs.values()]
      .filter(
        (s) =>
          s.status === 'pending' &&
          s.next_attempt_at !== null &&
          s.next_attempt_at <= now &&
          (s.lease_expires_at === null || s.lease_expires_at <= now),
      )
      .sort((a, b) => a.next_attempt_at!.localeCompare(b.next_attempt_at!) || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
    const claimed: ClaimedErpSync[] = [];
    for (const s of due) {
      s.lease_owner = owner;
      s.lease_expires_at = leaseExpiresAt;
      const connection = this.t.erpConnections.get(s.connection_id);
      if (connection) claimed.push({ sync: strip(s), connection: clone(connection) });
    }
    return claimed;
  }
  async requeue(id: string, record: ErpSyncRecord['record'], at: string) {
    const s = this.t.erpSyncs.get(id);
    if (!s) return;
    this.t.erpSyncs.set(id, {
      ...s,
      record: clone(record),
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      finished_at: null,
      lease_owner: null,
      lease_expires_at: null,
    });
  }

  async recordAttempt(id: string, owner: string, result: ErpAttemptResult) {
    const s = this.t.erpSyncs.get(id);
    if (!s || s.lease_owner !== owner || s.status !== 'pending') return false;
    Object.assign(s, {
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
    });
    return true;
  }
  async getSync(orgId: string, mode: Environment, id: string) {
    const s = this.t.erpSyncs.get(id);
    return s && s.org_id === orgId && s.environment === mode ? strip(s) : null;
  }
  async listSyncs(
    orgId: string,
    mode: Environment,
    filter: { connection_id?: string; job_id?: string; status?: ErpSyncStatus },
    page: PageRequest,
  ) {
    const items = [...this.t.erpSyncs.values()]
      .filter(
        (s) =>
          s.org_id === orgId &&
          s.environment === mode &&
          (filter.connection_id === undefined || s.connection_id === filter.connection_id) &&
          (filter.job_id === undefined || s.job_id === filter.job_id) &&
          (filter.status === undefined || s.status === filter.status),
      )
      .sort(newestFirst)
      .map(strip);
    return paginate(items, page);
  }
}

const strip = ({ lease_owner: _o, lease_expires_at: _e, ...sync }: LeasedSync): ErpSyncRecord => clone(sync);
