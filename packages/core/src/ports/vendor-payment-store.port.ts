import type { RememberedPaymentDetails } from '../vendors/vendor-payments.js';

/** The payment details Intake trusts per organization and vendor (see vendors/). */
export interface VendorPaymentStore {
  /** The organization's remembered details of the vendor, or null when none are. */
  get(orgId: string, vendorKey: string): Promise<RememberedPaymentDetails | null>;
  /**
   * Remembers details for the vendor: inserts them, or replaces the remembered ones unless those
   * were seen later (`last_seen_at`), so two writers in any order leave the latest. Atomic.
   */
  remember(entry: RememberedPaymentDetails): Promise<void>;
}
