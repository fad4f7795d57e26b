import type { VendorPaymentStore } from '../../ports/vendor-payment-store.port.js';
import type { RememberedPaymentDetails } from '../../vendors/vendor-payments.js';
import { clone, type MemoryDb } from './memory-db.js';

const keyOf = (orgId: string, vendorKey: string) => JSON.stringify([orgId, vendorKey]);

export class MemoryVendorPaymentStore implements VendorPaymentStore {
  constructor(private readonly db: MemoryDb) {}

  async get(orgId: string, vendorKey: string): Promise<RememberedPaymentDetails | null> {
    const found = this.db.tables.vendorPayments.get(keyOf(orgId, vendorKey));
    return found ? clone(found) : null;
  }

  async remember(entry: RememberedPaymentDetails): Promise<void> {
    const key = keyOf(entry.org_id, entry.vendor_key);
    const current = this.db.tables.vendorPayments.get(key);
    if (current && Date.parse(current.last_seen_at) > Date.parse(entry.last_seen_at)) return;
    this.db.tables.vendorPayments.set(key, clone(entry));
  }
}
