import { describe, expect, it } from 'vitest';
import type { RememberedPaymentDetails } from '../vendors/vendor-payments.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

const T0 = '2026-06-01T10:00:00.000Z';
const T1 = '2026-06-01T10:01:00.000Z';
const T2 = '2026-06-01T10:02:00.000Z';

/** The contract every VendorPaymentStore passes (memory and SQL). */
export function describeVendorPaymentStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`VendorPaymentStore contract: ${name}`, () => {
    let stores!: ContractStores;
    const harness = useStoreHarness(open, (s) => (stores = s));

    const entry = (orgId: string, overrides: Partial<RememberedPaymentDetails> = {}): RememberedPaymentDetails => ({
      org_id: orgId,
      vendor_key: 'vat:DE123456789',
      details: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      job_id: 'job_first',
      last_seen_at: T1,
      ...overrides,
    });

    it('remembers details per organization and vendor, and knows nothing of others', async () => {
      const orgId = await harness.freshOrg();
      const other = await harness.freshOrg();
      expect(await stores.vendorPayments.get(orgId, 'vat:DE123456789')).toBeNull();
      await stores.vendorPayments.remember(entry(orgId));
      expect(await stores.vendorPayments.get(orgId, 'vat:DE123456789')).toEqual(entry(orgId));
      expect(await stores.vendorPayments.get(other, 'vat:DE123456789')).toBeNull();
      expect(await stores.vendorPayments.get(orgId, 'name:acme')).toBeNull();
    });

    it('later details replace earlier ones; earlier ones written late do not', async () => {
      const orgId = await harness.freshOrg();
      await stores.vendorPayments.remember(entry(orgId));
      const later = entry(orgId, {
        details: { iban: 'GB29NWBK60161331926819' },
        job_id: 'job_later',
        last_seen_at: T2,
      });
      await stores.vendorPayments.remember(later);
      expect(await stores.vendorPayments.get(orgId, 'vat:DE123456789')).toEqual(later);
      // A writer that read before `later` committed, finishing after it: its older sighting is not kept.
      await stores.vendorPayments.remember(entry(orgId, { job_id: 'job_early', last_seen_at: T0 }));
      expect(await stores.vendorPayments.get(orgId, 'vat:DE123456789')).toEqual(later);
    });

    it('two writers at once leave one row, the later sighting', async () => {
      const orgId = await harness.freshOrg();
      const a = entry(orgId, { job_id: 'job_a', last_seen_at: T1 });
      const b = entry(orgId, {
        details: { account_number: '55779911', sort_code: '20-00-00' },
        job_id: 'job_b',
        last_seen_at: T2,
      });
      await Promise.all([stores.vendorPayments.remember(a), stores.vendorPayments.remember(b)]);
      expect(await stores.vendorPayments.get(orgId, 'vat:DE123456789')).toEqual(b);
    });

    it('writes in a transaction that rolls back are not kept', async () => {
      const orgId = await harness.freshOrg();
      await expect(
        stores.transaction(async (tx) => {
          await tx.vendorPayments.remember(entry(orgId));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await stores.vendorPayments.get(orgId, 'vat:DE123456789')).toBeNull();
    });
  });
}
