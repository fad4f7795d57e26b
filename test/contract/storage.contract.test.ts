import { createMemoryStores, describeStoreContract } from '@intake/core/testing';
import { DB_KINDS, openTestDatabase } from '../support/databases.js';

describeStoreContract('memory', async () => ({ stores: createMemoryStores(), close: async () => {} }));

for (const kind of DB_KINDS) {
  describeStoreContract(`sql on ${kind}`, async () => {
    const db = await openTestDatabase(kind);
    return { stores: db.storage, close: db.close };
  });
}
