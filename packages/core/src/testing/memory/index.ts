import { createHash } from 'node:crypto';
import type { IntakeStores } from '../../ports/intake-stores.port.js';
import type { BlobStore } from '../../ports/blob-store.port.js';
import { MemoryApiKeyStore, MemoryExtractorStore, MemoryOrganizationStore } from './foundation-stores.js';
import { MemoryEmailIngestionStore } from './email-ingestion-store.js';
import { MemoryInboundMessageStore } from './inbound-message-store.js';
import { MemoryClassificationExampleStore, MemoryTriageItemStore } from './triage-store.js';
import { MemoryJobStore } from './job-store.js';
import { MemoryCreditLedger, MemoryOutboxStore, MemoryRateLimiter, MemorySettingsStore } from './ledger-stores.js';
import { MemoryDb } from './memory-db.js';
import { MemoryWebhookStore } from './webhook-store.js';
import { MemoryNotificationStore } from './notification-store.js';
import { MemoryErpStore } from './erp-store.js';
import { MemorySessionStore } from './session-store.js';
import { MemoryCorrectionStore } from './correction-store.js';
import { MemoryVendorHintStore } from './vendor-hint-store.js';
import { MemoryQueueGaugeStore } from './queue-gauge-store.js';
import { MemoryImapMailboxStore } from './imap-mailbox-store.js';
import { MemoryVendorPaymentStore } from './vendor-payment-store.js';

export { MemoryDb, newestFirst } from './memory-db.js';
export * from './foundation-stores.js';
export * from './job-store.js';
export * from './ledger-stores.js';
export * from './webhook-store.js';
export * from './email-ingestion-store.js';
export * from './inbound-message-store.js';
export * from './triage-store.js';
export * from './notification-store.js';
export * from './erp-store.js';
export * from './session-store.js';
export * from './page-cache.js';
export * from './correction-store.js';
export * from './vendor-hint-store.js';
export * from './queue-gauge-store.js';
export * from './imap-mailbox-store.js';
export * from './vendor-payment-store.js';

/** Every store in memory: for tests and for trying Intake without a database. */
export function createMemoryStores(): IntakeStores & { rateLimiter: MemoryRateLimiter; db: MemoryDb } {
  const db = new MemoryDb();
  const bind = (inTransaction: boolean): IntakeStores => ({
    organizations: new MemoryOrganizationStore(db),
    apiKeys: new MemoryApiKeyStore(db),
    extractors: new MemoryExtractorStore(db),
    credits: new MemoryCreditLedger(db),
    jobs: new MemoryJobStore(db),
    outbox: new MemoryOutboxStore(db),
    settings: new MemorySettingsStore(db),
    webhooks: new MemoryWebhookStore(db),
    emailIngestion: new MemoryEmailIngestionStore(db),
    inboundMessages: new MemoryInboundMessageStore(db),
    triageItems: new MemoryTriageItemStore(db),
    classificationExamples: new MemoryClassificationExampleStore(db),
    notifications: new MemoryNotificationStore(db),
    erp: new MemoryErpStore(db),
    sessions: new MemorySessionStore(db),
    corrections: new MemoryCorrectionStore(db),
    vendorHints: new MemoryVendorHintStore(db),
    queueGauges: new MemoryQueueGaugeStore(db),
    imapMailboxes: new MemoryImapMailboxStore(db),
    vendorPayments: new MemoryVendorPaymentStore(db),
    // Inside a transaction a nested one just runs (the outer one already holds the lock).
    transaction: inTransaction ? (fn) => fn(bind(true)) : (fn) => db.transaction(() => fn(bind(true))),
  });
  return { ...bind(false), rateLimiter: new MemoryRateLimiter(db), db };
}

/** Files in memory, content-addressed like the real ones. */
export class MemoryBlobStore implements BlobStore {
  private readonly files = new Map<string, Uint8Array>();
  async put(bytes: Uint8Array) {
    const key = createHash('sha256').update(bytes).digest('hex');
    this.files.set(key, new Uint8Array(bytes));
    return key;
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  get size() {
    return this.files.size;
  }
}
