import type { VendorHints } from '../learning/vendor-hints.js';

/** Learned vendor hints, per organization (see learning/). */
export interface VendorHintStore {
  /** The organization's vendor having any of the keys (the one updated last when several do), or null. */
  find(orgId: string, keys: string[]): Promise<VendorHints | null>;
  /** Inserts or replaces the vendor (by id). */
  save(vendor: VendorHints): Promise<void>;
  /** Every vendor of the organization, newest first (updated_at, then id). */
  list(orgId: string): Promise<VendorHints[]>;
  /** False when the organization has no such vendor. */
  delete(orgId: string, id: string): Promise<boolean>;
}
