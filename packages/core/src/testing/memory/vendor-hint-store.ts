import type { VendorHints } from '../../learning/vendor-hints.js';
import type { VendorHintStore } from '../../ports/vendor-hint-store.port.js';
import { clone, type MemoryDb } from './memory-db.js';

const latestFirst = (a: VendorHints, b: VendorHints): number =>
  b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id);

export class MemoryVendorHintStore implements VendorHintStore {
  constructor(private readonly db: MemoryDb) {}

  async find(orgId: string, keys: string[]): Promise<VendorHints | null> {
    const found = [...this.db.tables.vendorHints.values()]
      .filter((v) => v.org_id === orgId && v.keys.some((k) => keys.includes(k)))
      .sort(latestFirst)[0];
    return found ? clone(found) : null;
  }

  async save(vendor: VendorHints): Promise<void> {
    this.db.tables.vendorHints.set(vendor.id, clone(vendor));
  }

  async list(orgId: string): Promise<VendorHints[]> {
    return [...this.db.tables.vendorHints.values()]
      .filter((v) => v.org_id === orgId)
      .sort(latestFirst)
      .map(clone);
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const vendor = this.db.tables.vendorHints.get(id);
    if (!vendor || vendor.org_id !== orgId) return false;
    return this.db.tables.vendorHints.delete(id);
  }
}
