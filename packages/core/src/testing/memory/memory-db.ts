import type { RememberedPaymentDetails } from '../../vendors/vendor-payments.js';
import type { StoredApiKey } from '../../keys/api-key.js';
import type { StoredEmailIngestionConfig } from '../../email/prefixes/email-ingestion-config.js';
import type { InboundMessageRecord } from '../../email/inbound/inbound-message.js';
import type { ClassificationExample, TriageItemRecord } from '../../email/triage/triage-item.js';
import type { Extractor } from '../../extractors/extractor.js';
import type { NotificationRecord, NotificationSender } from '../../email/notifications/notification.js';
import type { JobRecord } from '../../jobs/job.js';
import type { Organization } from '../../organizations/organization.js';
import type { CreditTransaction } from '../../ports/credit-ledger.port.js';
import type { OutboxEvent } from '../../ports/outbox.port.js';
import type { JobTombstone, ResultVersion } from '../../ports/job-store.port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { StoredWebhookEndpoint, WebhookAttempt, WebhookDelivery } from '../../webhooks/webhook.js';
import type { ErpSyncRecord, StoredErpConnection } from '../../erp/erp.js';
import type { SessionRecord } from '../../sessions/session.js';
import type { CorrectionRecord } from '../../corrections/correction.js';
import type { VendorHints } from '../../learning/vendor-hints.js';
import type { ImapMailboxRecord, ImapMessageEntry } from '../../ports/imap-mailbox-store.port.js';

/** Every table of the in-memory stores, in one object so a transaction can snapshot it whole. */
export interface MemoryTables {
  organizations: Map<string, Organization>;
  apiKeys: Map<string, StoredApiKey>;
  extractors: Map<string, Extractor & { deleted_at: string | null }>;
  balances: Map<string, { balance: number; reserved: number }>;
  creditTransactions: CreditTransaction[];
  jobs: Map<string, JobRecord>;
  idempotency: Map<string, { requestHash: string; jobId: string; createdAt: string }>;
  outbox: OutboxEvent[];
  settings: Map<string, string>;
  rateWindows: Map<string, number>;
  webhookEndpoints: Map<string, StoredWebhookEndpoint>;
  webhookDeliveries: Map<string, WebhookDelivery & { lease_owner: string | null; lease_expires_at: string | null }>;
  webhookAttempts: WebhookAttempt[];
  dispatchedEvents: Set<string>;
  /** By lowercase prefix: one namespace for every organization. */
  emailIngestionConfigs: Map<string, StoredEmailIngestionConfig>;
  /** Messages received by the SMTP edge, by id. */
  inboundMessages: Map<string, InboundMessageRecord>;
  /** The human review queue, by id. */
  triageItems: Map<string, TriageItemRecord>;
  /** Reviewers' decisions, in the order they were added. */
  classificationExamples: ClassificationExample[];
  /** Notifications, by id. */
  notifications: Map<string, NotificationRecord>;
  /** Who may be answered for a message, by message id. */
  notificationSenders: Map<string, NotificationSender>;
  /** Outbox events the notification dispatcher has handled (the SQL column notified_at). */
  notifiedEvents: Set<string>;
  erpConnections: Map<string, StoredErpConnection>;
  erpSyncs: Map<string, ErpSyncRecord & { lease_owner: string | null; lease_expires_at: string | null }>;
  /** Dashboard sessions, by the hash of their id. */
  sessions: Map<string, SessionRecord>;
  /** Corrections of jobs, in the order they were made. */
  corrections: CorrectionRecord[];
  /** Learned vendor hints, by id. */
  vendorHints: Map<string, VendorHints>;
  /** By `org_id` and vendor key. */
  vendorPayments: Map<string, RememberedPaymentDetails>;
  /** What remains of jobs deleted one by one (DELETE /v1/documents/{id}). */
  jobTombstones: JobTombstone[];
  /** IMAP mailboxes of prefixes, by prefix. */
  imapMailboxes: Map<string, ImapMailboxRecord>;
  /** UIDs taken from them, by [prefix, mailbox, uidvalidity, uid]. */
  imapMessages: Map<string, ImapMessageEntry & { acted_at: string | null }>;
  /** Results reprocessing replaced, by job id, oldest first. */
  resultVersions: Map<string, ResultVersion[]>;
  /** The words of completed jobs' documents (CompletedResult.document_text), by job id: searched by `q`. */
  documentTexts: Map<string, string>;
}

export class MemoryDb {
  tables: MemoryTables = {
    organizations: new Map(),
    apiKeys: new Map(),
    extractors: new Map(),
    balances: new Map(),
    creditTransactions: [],
    jobs: new Map(),
    idempotency: new Map(),
    outbox: [],
    settings: new Map(),
    rateWindows: new Map(),
    webhookEndpoints: new Map(),
    webhookDeliveries: new Map(),
    webhookAttempts: [],
    dispatchedEvents: new Set(),
    emailIngestionConfigs: new Map(),
    inboundMessages: new Map(),
    triageItems: new Map(),
    classificationExamples: [],
    notifications: new Map(),
    notificationSenders: new Map(),
    notifiedEvents: new Set(),
    erpConnections: new Map(),
    erpSyncs: new Map(),
    sessions: new Map(),
    corrections: [],
    vendorHints: new Map(),
    vendorPayments: new Map(),
    jobTombstones: [],
    imapMailboxes: new Map(),
    imapMessages: new Map(),
    resultVersions: new Map(),
    documentTexts: new Map(),
  };
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * Runs `fn` alone among transactions and restores every table if it throws. Operations outside a
   * transaction are not isolated from it: these stores are for tests and small embeddings.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const snapshot = structuredClone(this.tables);
      try {
        return await fn();
      } catch (error) {
        this.tables = snapshot;
        throw error;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

export const clone = <T>(value: T): T => structuredClone(value);

/** Newest first, id descending as tie-break: the order of every list. */
export const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }): number =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

export const paginate = <T>(items: T[], page: PageRequest): Page<T> => ({
  items: items.slice(page.offset, page.offset + page.limit),
  total: items.length,
});
