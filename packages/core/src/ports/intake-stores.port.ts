import type { ApiKeyStore } from './api-key-store.port.js';
import type { CreditLedger } from './credit-ledger.port.js';
import type { ExtractorStore } from './extractor-store.port.js';
import type { JobStore } from './job-store.port.js';
import type { OrganizationStore } from './organization-store.port.js';
import type { OutboxStore } from './outbox.port.js';
import type { SettingsStore } from './settings-store.port.js';
import type { WebhookStore } from './webhook-store.port.js';
import type { EmailIngestionStore } from './email-ingestion-store.port.js';
import type { InboundMessageStore } from './inbound-message-store.port.js';
import type { ClassificationExampleStore, ReviewItemStore } from './review-store.port.js';
import type { NotificationStore } from './notification-store.port.js';
import type { ErpStore } from './erp-store.port.js';
import type { SessionStore } from './session-store.port.js';
import type { CorrectionStore } from './correction-store.port.js';
import type { VendorHintStore } from './vendor-hint-store.port.js';
import type { QueueGaugeStore } from './queue-gauge-store.port.js';
import type { ImapMailboxStore } from './imap-mailbox-store.port.js';
import type { VendorPaymentStore } from './vendor-payment-store.port.js';

/**
 * Runs `fn` with stores bound to one database transaction: all its writes commit together or not
 * at all. Inside `fn`, use only the `tx` stores (PGlite has a single connection).
 */
export type TransactionRunner = <T>(fn: (tx: IntakeStores) => Promise<T>) => Promise<T>;

/** The stores Intake's services need; `@intake/storage-sql` and the in-memory set both provide them. */
export interface IntakeStores {
  organizations: OrganizationStore;
  apiKeys: ApiKeyStore;
  extractors: ExtractorStore;
  credits: CreditLedger;
  jobs: JobStore;
  outbox: OutboxStore;
  settings: SettingsStore;
  webhooks: WebhookStore;
  emailIngestion: EmailIngestionStore;
  /** Messages received by the SMTP edge. */
  inboundMessages: InboundMessageStore;
  /** The human review queue of email attachments. */
  reviewItems: ReviewItemStore;
  /** Reviewers' decisions the classifier learns from. */
  classificationExamples: ClassificationExampleStore;
  /** Notifications to senders and internal recipients, and what decides them. */
  notifications: NotificationStore;
  /** ERP connections and what was sent to them. */
  erp: ErpStore;
  /** Dashboard sessions. */
  sessions: SessionStore;
  /** People's corrections of completed jobs. */
  corrections: CorrectionStore;
  /** What corrections taught about vendors. */
  vendorHints: VendorHintStore;
  /** The backlog over every organization, for monitoring. */
  queueGauges: QueueGaugeStore;
  /** IMAP mailboxes of prefixes: who reads each, and the UIDs taken. */
  imapMailboxes: ImapMailboxStore;
  /** The payment details trusted per vendor, for noticing changed bank details. */
  vendorPayments: VendorPaymentStore;
  /** Runs a function with these stores bound to one transaction. */
  transaction: TransactionRunner;
}
