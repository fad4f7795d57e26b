import {
  createMemoryStores,
  describeEmailIngestionStoreContract,
  describeJobStoreContract,
  describeStoreContract,
  type StoreHarness,
} from '@intake/core/testing';
import { describeInboundMessageStoreContract } from '@intake/core/testing';
import { describeTriageStoreContract } from '@intake/core/testing';
import { describeNotificationStoreContract } from '@intake/core/testing';
import { describeWebhookStoreContract } from '@intake/core/testing';
import { describeErpStoreContract } from '@intake/core/testing';
import { describeModeContract } from '@intake/core/testing';
import { DB_KINDS, openTestDatabase } from '../support/databases.js';

const memory = async (): Promise<StoreHarness> => ({ stores: createMemoryStores(), close: async () => {} });
describeStoreContract('memory', memory);
describeJobStoreContract('memory', memory);
describeEmailIngestionStoreContract('memory', memory);
describeInboundMessageStoreContract('memory', memory);
describeTriageStoreContract('memory', memory);
describeNotificationStoreContract('memory', memory);
describeWebhookStoreContract('memory', memory);
describeErpStoreContract('memory', memory);
describeModeContract('memory', memory);

for (const kind of DB_KINDS) {
  const sql = async (): Promise<StoreHarness> => {
    const db = await openTestDatabase(kind);
    return { stores: db.storage, close: () => db.close() };
  };
  describeStoreContract(`sql on ${kind}`, sql);
  describeJobStoreContract(`sql on ${kind}`, sql);
  describeEmailIngestionStoreContract(`sql on ${kind}`, sql);
  describeInboundMessageStoreContract(`sql on ${kind}`, sql);
  describeTriageStoreContract(`sql on ${kind}`, sql);
  describeNotificationStoreContract(`sql on ${kind}`, sql);
  describeWebhookStoreContract(`sql on ${kind}`, sql);
  describeErpStoreContract(`sql on ${kind}`, sql);
  describeModeContract(`sql on ${kind}`, sql);
}
