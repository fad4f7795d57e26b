import type { ApiKey, StoredApiKey } from '../keys/api-key.js';
import type { Extractor } from '../extractors/extractor.js';
import type { Organization } from '../organizations/organization.js';
import type { ApiKeyStore } from '../ports/api-key-store.port.js';
import type { CreditLedger, CreditTransaction } from '../ports/credit-ledger.port.js';
import type { ExtractorFilter, ExtractorStore } from '../ports/extractor-store.port.js';
import type { OrganizationStore } from '../ports/organization-store.port.js';
import { windowStart, type RateLimitDecision, type RateLimiter } from '../ports/rate-limiter.port.js';
import type { IntakeStores } from '../intake.js';
import type { Page, PageRequest } from '../shared/pagination.js';

const clone = <T>(value: T): T => structuredClone(value);

/** Newest first, id descending as tie-break: the order of every list. */
export const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }): number =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

const paginate = <T>(items: T[], page: PageRequest): Page<T> => ({
  items: items.slice(page.offset, page.offset + page.limit),
  total: items.length,
});

export class MemoryOrganizationStore implements OrganizationStore {
  private readonly rows = new Map<string, Organization>();
  async insert(org: Organization) {
    this.rows.set(org.id, clone(org));
  }
  async get(id: string) {
    const row = this.rows.get(id);
    return row ? clone(row) : null;
  }
  async list() {
    return [...this.rows.values()].sort(newestFirst).map(clone);
  }
  async count() {
    return this.rows.size;
  }
}

const publicKey = ({ key_hash: _hash, ...rest }: StoredApiKey): ApiKey => clone(rest);

export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly rows = new Map<string, StoredApiKey>();
  async insert(key: StoredApiKey) {
    this.rows.set(key.id, clone(key));
  }
  async findByHash(hash: string) {
    for (const row of this.rows.values()) if (row.key_hash === hash) return clone(row);
    return null;
  }
  async get(orgId: string, id: string) {
    const row = this.rows.get(id);
    return row && row.org_id === orgId ? publicKey(row) : null;
  }
  async list(orgId: string, page: PageRequest) {
    const mine = [...this.rows.values()].filter((r) => r.org_id === orgId).sort(newestFirst);
    return paginate(mine.map(publicKey), page);
  }
  async revoke(orgId: string, id: string, at: string) {
    const row = this.rows.get(id);
    if (!row || row.org_id !== orgId) return null;
    row.revoked_at ??= at;
    return publicKey(row);
  }
  async touchLastUsed(id: string, at: string) {
    const row = this.rows.get(id);
    if (row) row.last_used_at = at;
  }
}

export class MemoryExtractorStore implements ExtractorStore {
  private readonly rows = new Map<string, Extractor & { deleted_at: string | null }>();
  async insert(extractor: Extractor) {
    this.rows.set(extractor.id, { ...clone(extractor), deleted_at: null });
  }
  private live(orgId: string, id: string) {
    const row = this.rows.get(id);
    return row && row.org_id === orgId && row.deleted_at === null ? row : null;
  }
  async get(orgId: string, id: string) {
    const row = this.live(orgId, id);
    if (!row) return null;
    const { deleted_at: _d, ...extractor } = row;
    return clone(extractor);
  }
  async list(orgId: string, filter: ExtractorFilter, page: PageRequest) {
    const ids = [...this.rows.values()]
      .filter((r) => r.org_id === orgId && r.deleted_at === null)
      .filter((r) => filter.document_type === undefined || r.document_type === filter.document_type)
      .filter((r) => filter.is_active === undefined || r.is_active === filter.is_active)
      .sort(newestFirst);
    const result = paginate(ids, page);
    return { total: result.total, items: await Promise.all(result.items.map(async (r) => (await this.get(orgId, r.id))!)) };
  }
  async update(orgId: string, id: string, changes: Partial<Extractor>) {
    const row = this.live(orgId, id);
    if (!row) return null;
    Object.assign(row, clone(changes));
    return this.get(orgId, id);
  }
  async delete(orgId: string, id: string, at: string) {
    const row = this.live(orgId, id);
    if (!row) return false;
    row.deleted_at = at;
    return true;
  }
}

export class MemoryCreditLedger implements CreditLedger {
  private readonly entries: CreditTransaction[] = [];
  async balance(orgId: string) {
    return this.entries.filter((e) => e.org_id === orgId).reduce((sum, e) => sum + e.amount, 0);
  }
  async record(entry: Omit<CreditTransaction, 'balance_after'>) {
    const full = { ...entry, balance_after: (await this.balance(entry.org_id)) + entry.amount };
    this.entries.push(full);
    return clone(full);
  }
  /** All entries of an organization, newest first (for tests). */
  transactions(orgId: string): CreditTransaction[] {
    return this.entries.filter((e) => e.org_id === orgId).sort(newestFirst).map(clone);
  }
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, number>();
  async consume(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const start = windowStart(now, windowMs);
    const slot = `${key}@${start}`;
    const count = (this.counts.get(slot) ?? 0) + 1;
    this.counts.set(slot, count);
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetAt: new Date(start + windowMs) };
  }
}

/** Every store in memory: for tests and for embedding Intake without a database. */
export function createMemoryStores(): IntakeStores & { rateLimiter: MemoryRateLimiter } {
  return {
    organizations: new MemoryOrganizationStore(),
    apiKeys: new MemoryApiKeyStore(),
    extractors: new MemoryExtractorStore(),
    credits: new MemoryCreditLedger(),
    rateLimiter: new MemoryRateLimiter(),
  };
}
