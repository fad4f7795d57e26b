import type { Environment } from '../../keys/scopes.js';
import type { ApiKey, StoredApiKey } from '../../keys/api-key.js';
import type { Extractor } from '../../extractors/extractor.js';
import type { Organization, OrganizationSettings } from '../../organizations/organization.js';
import type { ApiKeyStore } from '../../ports/api-key-store.port.js';
import type { ExtractorFilter, ExtractorStore } from '../../ports/extractor-store.port.js';
import type { OrganizationStore } from '../../ports/organization-store.port.js';
import type { PageRequest } from '../../shared/pagination.js';
import { clone, newestFirst, paginate, type MemoryDb } from './memory-db.js';

export class MemoryOrganizationStore implements OrganizationStore {
  constructor(private readonly db: MemoryDb) {}
  async insert(org: Organization) {
    this.db.tables.organizations.set(org.id, clone(org));
  }
  async get(id: string) {
    const row = this.db.tables.organizations.get(id);
    return row ? clone(row) : null;
  }
  async list() {
    return [...this.db.tables.organizations.values()].sort(newestFirst).map(clone);
  }
  async count() {
    return this.db.tables.organizations.size;
  }
  async update(id: string, changes: OrganizationSettings) {
    const row = this.db.tables.organizations.get(id);
    if (!row) return null;
    Object.assign(row, clone(changes));
    return clone(row);
  }
}

const publicKey = ({ key_hash: _hash, ...rest }: StoredApiKey): ApiKey => clone(rest);

export class MemoryApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: MemoryDb) {}
  async insert(key: StoredApiKey) {
    this.db.tables.apiKeys.set(key.id, clone(key));
  }
  async findByHash(hash: string) {
    for (const row of this.db.tables.apiKeys.values()) if (row.key_hash === hash) return clone(row);
    return null;
  }
  async get(orgId: string, environment: Environment, id: string) {
    const row = this.db.tables.apiKeys.get(id);
    return row && row.org_id === orgId && row.environment === environment ? publicKey(row) : null;
  }
  async list(orgId: string, environment: Environment, page: PageRequest) {
    const mine = [...this.db.tables.apiKeys.values()]
      .filter((r) => r.org_id === orgId && r.environment === environment)
      .sort(newestFirst);
    return paginate(mine.map(publicKey), page);
  }
  async revoke(orgId: string, environment: Environment, id: string, at: string) {
    const row = this.db.tables.apiKeys.get(id);
    if (!row || row.org_id !== orgId || row.environment !== environment) return null;
    row.revoked_at ??= at;
    return publicKey(row);
  }
  async touchLastUsed(id: string, at: string) {
    const row = this.db.tables.apiKeys.get(id);
    if (row) row.last_used_at = at;
  }
}

const withoutDeleted = ({ deleted_at: _d, ...extractor }: Extractor & { deleted_at: string | null }): Extractor =>
  clone(extractor);

export class MemoryExtractorStore implements ExtractorStore {
  constructor(private readonly db: MemoryDb) {}
  async insert(extractor: Extractor) {
    this.db.tables.extractors.set(extractor.id, { ...clone(extractor), deleted_at: null });
  }
  private live(orgId: string, id: string) {
    const row = this.db.tables.extractors.get(id);
    return row && row.org_id === orgId && row.deleted_at === null ? row : null;
  }
  async get(orgId: string, id: string) {
    const row = this.live(orgId, id);
    return row ? withoutDeleted(row) : null;
  }
  async getIncludingDeleted(orgId: string, id: string) {
    const row = this.db.tables.extractors.get(id);
    return row && row.org_id === orgId ? { ...withoutDeleted(row), deleted: row.deleted_at !== null } : null;
  }
  async incrementUsage(orgId: string, id: string, mode: Environment = 'live') {
    const row = this.db.tables.extractors.get(id);
    if (!row || row.org_id !== orgId) return;
    if (mode === 'test') row.test_usage_count = (row.test_usage_count ?? 0) + 1;
    else row.usage_count++;
  }
  async list(orgId: string, filter: ExtractorFilter, page: PageRequest) {
    const rows = [...this.db.tables.extractors.values()]
      .filter((r) => r.org_id === orgId && r.deleted_at === null)
      .filter((r) => filter.document_type === undefined || r.document_type === filter.document_type)
      .filter((r) => filter.is_active === undefined || r.is_active === filter.is_active)
      .sort(newestFirst);
    const result = paginate(rows, page);
    return { total: result.total, items: result.items.map(withoutDeleted) };
  }
  async update(orgId: string, id: string, changes: Partial<Extractor>) {
    const row = this.live(orgId, id);
    if (!row) return null;
    Object.assign(row, clone(changes));
    return withoutDeleted(row);
  }
  async delete(orgId: string, id: string, at: string) {
    const row = this.live(orgId, id);
    if (!row) return false;
    row.deleted_at = at;
    return true;
  }
}
