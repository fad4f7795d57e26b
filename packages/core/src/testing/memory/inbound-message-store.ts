import type { Environment } from '../../keys/scopes.js';
import type { InboundMessageRecord, InboundMessageResult } from '../../email/inbound/inbound-message.js';
import type {
  InboundMessageListFilter,
  InboundMessageStore,
  MessageClaimOptions,
} from '../../ports/inbound-message-store.port.js';
import { clone, paginate, type MemoryDb } from './memory-db.js';

const byTimeThenId = (a: InboundMessageRecord, b: InboundMessageRecord): number =>
  Date.parse(a.received_at) - Date.parse(b.received_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The same wording as the SQL store's. */
const abandonedMessage = (attempts: number) =>
  `The message could not be processed in ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}; its daemon stopped each time (crash or kill) before finishing it.`;

/** Received messages in memory, with the SQL store's claim, lease and fencing rules. */
export class MemoryInboundMessageStore implements InboundMessageStore {
  constructor(private readonly db: MemoryDb) {}
  private get rows() {
    return this.db.tables.inboundMessages;
  }

  async insert(records: readonly InboundMessageRecord[]) {
    // Check every id first, like a primary key would, so a failing batch leaves nothing behind.
    const ids = new Set<string>();
    for (const r of records) {
      if (this.rows.has(r.id) || ids.has(r.id)) throw new Error(`inbound message ${r.id} already exists`);
      ids.add(r.id);
    }
    for (const r of records) this.rows.set(r.id, clone(r));
  }

  async claimNext(owner: string, options: MessageClaimOptions) {
    const now = Date.parse(options.now);
    const next = [...this.rows.values()]
      .filter(
        (m) =>
          m.status === 'received' ||
          (m.status === 'processing' &&
            m.lease_expires_at !== null &&
            Date.parse(m.lease_expires_at) <= now &&
            m.attempts < options.maxAttempts),
      )
      .sort(byTimeThenId)[0];
    if (!next) return null;
    Object.assign(next, {
      status: 'processing',
      lease_owner: owner,
      lease_expires_at: options.leaseExpiresAt,
      attempts: next.attempts + 1,
    });
    return clone(next);
  }

  async extendLease(id: string, owner: string, until: string) {
    const m = this.rows.get(id);
    if (!m || m.status !== 'processing' || m.lease_owner !== owner) return false;
    m.lease_expires_at = until;
    return true;
  }

  async finish(id: string, owner: string, result: InboundMessageResult) {
    const m = this.rows.get(id);
    if (!m || m.status !== 'processing' || m.lease_owner !== owner) return false;
    Object.assign(m, clone(result), { lease_owner: null, lease_expires_at: null });
    return true;
  }

  async failAbandoned(now: string, maxAttempts: number) {
    const at = Date.parse(now);
    const abandoned = [...this.rows.values()]
      .filter(
        (m) =>
          m.status === 'processing' &&
          m.lease_expires_at !== null &&
          Date.parse(m.lease_expires_at) <= at &&
          m.attempts >= maxAttempts,
      )
      .sort(byTimeThenId);
    for (const m of abandoned) {
      Object.assign(m, {
        status: 'failed',
        error: { code: 'processing_abandoned', message: abandonedMessage(m.attempts) },
        processed_at: new Date(at).toISOString(),
        lease_owner: null,
        lease_expires_at: null,
      });
    }
    return abandoned.map(clone);
  }

  async list(
    orgId: string,
    mode: Environment,
    filter: InboundMessageListFilter,
    page: { limit: number; offset: number },
  ) {
    const rows = [...this.rows.values()]
      .filter(
        (m) =>
          m.org_id === orgId && m.environment === mode && (filter.prefix === undefined || m.prefix === filter.prefix),
      )
      .sort((a, b) => byTimeThenId(b, a));
    return paginate(rows.map(clone), page);
  }

  async get(orgId: string, mode: Environment | null, id: string) {
    const m = this.rows.get(id);
    return m && m.org_id === orgId && (mode === null || m.environment === mode) ? clone(m) : null;
  }
}
