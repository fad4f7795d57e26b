import type { EmailIngestionConfig } from '../../email/prefixes/email-ingestion-config.schema.js';
import type { StoredEmailIngestionConfig } from '../../email/prefixes/email-ingestion-config.js';
import type { EmailIngestionStore } from '../../ports/email-ingestion-store.port.js';
import { clone, type MemoryDb } from './memory-db.js';

const newestFirst = (a: StoredEmailIngestionConfig, b: StoredEmailIngestionConfig): number =>
  b.created_at.localeCompare(a.created_at) || b.prefix.localeCompare(a.prefix);

export class MemoryEmailIngestionStore implements EmailIngestionStore {
  constructor(private readonly db: MemoryDb) {}
  private get rows() {
    return this.db.tables.emailIngestionConfigs;
  }
  private mine(orgId: string, prefix: string) {
    const row = this.rows.get(prefix);
    return row && row.org_id === orgId ? row : null;
  }
  async insert(record: StoredEmailIngestionConfig) {
    if (this.rows.has(record.prefix)) return { outcome: 'prefix_taken' as const };
    this.rows.set(record.prefix, clone(record));
    return { outcome: 'inserted' as const };
  }
  async get(orgId: string, prefix: string) {
    const row = this.mine(orgId, prefix);
    return row ? clone(row) : null;
  }
  async findByPrefix(prefix: string) {
    const row = this.rows.get(prefix);
    return row ? clone(row) : null;
  }
  async list(orgId: string) {
    return [...this.rows.values()]
      .filter((r) => r.org_id === orgId)
      .sort(newestFirst)
      .map(clone);
  }
  async update(orgId: string, prefix: string, config: EmailIngestionConfig, updatedAt: string) {
    const row = this.mine(orgId, prefix);
    if (!row) return null;
    row.config = clone(config);
    row.updated_at = updatedAt;
    return clone(row);
  }
  async delete(orgId: string, prefix: string) {
    return this.mine(orgId, prefix) ? this.rows.delete(prefix) : false;
  }
}
