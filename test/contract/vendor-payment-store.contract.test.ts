import { createMemoryStores, describeVendorPaymentStoreContract, type StoreHarness } from '@intake/core/testing';
import { DB_KINDS, openTestDatabase } from '../support/databases.js';

describeVendorPaymentStoreContract('memory', async (): Promise<StoreHarness> => ({
  stores: createMemoryStores(),
  close: async () => {},
}));

for (const kind of DB_KINDS) {
  describeVendorPaymentStoreContract(`sql on ${kind}`, async (): Promise<StoreHarness> => {
    const db = await openTestDatabase(kind);
    return { stores: db.storage, close: () => db.close() };
  });
}
