import type { ExtractionStores, StoreTransaction } from './extraction-stores.port.js';
import type { SettingsStore } from './settings-store.port.js';
import type { WebhookStore } from './webhook-store.port.js';
import type { EmailIngestionStore } from './email-ingestion-store.port.js';
import type { InboundMessageStore } from './inbound-message-store.port.js';
import type { ClassificationExampleStore, TriageItemStore } from './triage-store.port.js';
import type { NotificationStore } from './notification-store.port.js';
import type { ErpStore } from './erp-store.port.js';
import type { SessionStore } from './session-store.port.js';
import type { CorrectionStore } from './correction-store.port.js';
import type { VendorHintStore } from './vendor-hint-store.port.js';
import type { QueueGaugeStore } from './queue-gauge-store.port.js';
import type { ImapMailboxStore } from './imap-mailbox-store.port.js';
import type { VendorPaymentStore } from './vendor-payment-store.port.js';

export type { ExtractionStores } from './extraction-stores.port.js';

/**
 * Runs `fn` with stores bound to one database transaction: all its writes commit together or not
 * at all. Inside `fn`, use only the `tx` stores (PGlite has a single connection). `S` is the set of
 * stores the runner binds: every store of the set it belongs to; by default, all of them.
 */
export type TransactionRunner<S = IntakeStores> = StoreTransaction<S>;

/**
 * The stores Intake's services need, in bundles per capability: `createIntake` asks for the
 * extraction bundle and builds the services of whichever other bundles it is given.
 */

/** Webhook endpoints (per organization and per prefix) and their deliveries. */
export interface WebhookStores {
  webhooks: WebhookStore;
}

/** Mail in: prefixes and their configuration, received messages, the triage queue of unsure classifications, notifications. */
export interface MailStores {
  emailIngestion: EmailIngestionStore;
  /** Messages received by the SMTP edge. */
  inboundMessages: InboundMessageStore;
  /** The triage queue: email attachments waiting for a person to say what they are. */
  triageItems: TriageItemStore;
  /** Reviewers' decisions the classifier learns from. */
  classificationExamples: ClassificationExampleStore;
  /** Notifications to senders and internal recipients, and what decides them. */
  notifications: NotificationStore;
  /** IMAP mailboxes of prefixes: who reads each, and the UIDs taken. */
  imapMailboxes: ImapMailboxStore;
}

/** ERP connections and what was sent to them. */
export interface ErpStores {
  erp: ErpStore;
}

/** The person's review workspace: corrections, what they taught, and the payment details trusted per vendor. */
export interface ReviewStores {
  /** People's corrections of completed jobs. */
  corrections: CorrectionStore;
  /** What corrections taught about vendors. */
  vendorHints: VendorHintStore;
  /** The payment details trusted per vendor, for noticing changed bank details. */
  vendorPayments: VendorPaymentStore;
}

/** Dashboard sign-in. */
export interface SessionStores {
  /** Dashboard sessions. */
  sessions: SessionStore;
}

/** What a running installation keeps beside the domain: shared settings and the backlog for monitoring. */
export interface OperationsStores {
  /** Installation-wide values shared by every daemon on the database. */
  settings: SettingsStore;
  /** The backlog over every organization, for monitoring. */
  queueGauges: QueueGaugeStore;
}

/** Every store: what the daemon, `@intake/storage-sql` and the in-memory set provide. */
export interface IntakeStores
  extends ExtractionStores, WebhookStores, MailStores, ErpStores, ReviewStores, SessionStores, OperationsStores {
  /** Runs a function with these stores bound to one transaction. */
  transaction: TransactionRunner<IntakeStores>;
}
