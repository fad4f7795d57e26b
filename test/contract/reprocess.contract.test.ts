import { createMemoryStores, describeReprocessStoreContract, type StoreHarness } from '@intake/core/testing';
import { DB_KINDS, openTestDatabase } from '../support/databases.js';

describeReprocessStoreContract('memory', async () => ({ stores: createMemoryStores(), close: async () => {} }));
for (const kind of DB_KINDS)
  describeReprocessStoreContract(`sql on ${kind}`, async (): Promise<StoreHarness> => {
    const db = await openTestDatabase(kind);
    return { stores: db.storage, close: () => db.close() };
  });
