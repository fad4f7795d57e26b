/**
 * @intake/core/ports: the store ports (and what they return) that storage adapters implement,
 * beside the ports the public entry names. Not a context: a port names a context's record type.
 */
export type { ApiKeyStore } from './api-key-store.port.js';
export { ManualClock } from './clock.port.js';
export type { CorrectedJobFields, CorrectionStore } from './correction-store.port.js';
export type { CreditBalance, CreditLedger, CreditTransaction } from './credit-ledger.port.js';
export type { ClassificationResult } from './document-classifier.port.js';
export type { EmailIngestionStore, InsertEmailIngestionOutcome } from './email-ingestion-store.port.js';
export type { ClaimedErpSync, ErpAttemptResult, ErpStore } from './erp-store.port.js';
export type { ExtractorFilter, ExtractorStore } from './extractor-store.port.js';
export {
  type ImapMailboxRecord,
  type ImapMailboxStore,
  type ImapMessageEntry,
  type ImapStatusUpdate,
  type RecordImapMessageOutcome,
  toImapStatus,
} from './imap-mailbox-store.port.js';
export type {
  InboundMessageListFilter,
  InboundMessageStore,
  MessageClaimOptions,
} from './inbound-message-store.port.js';
export type {
  ClaimOptions,
  CompletedResult,
  DailyJobCounts,
  FailedResult,
  IdempotencyClaim,
  InsertJobResult,
  JobFilter,
  JobPage,
  JobPageRequest,
  JobPosition,
  JobStatsRow,
  JobStore,
  JobTombstone,
  ReprocessRequestResult,
  ResultVersion,
} from './job-store.port.js';
export type { MailboxMessageRef, MailboxSession } from './mailbox-session.port.js';
export type {
  CombinableDocument,
  DocumentCombiner,
  MessageParser,
  ParsedAttachment,
  ParsedMessage,
} from './message-parser.port.js';
export type { NotificationClaimOptions, NotificationStore } from './notification-store.port.js';
export { NotifierError } from './notifier.port.js';
export type { OrganizationStore } from './organization-store.port.js';
export type { OutboxEvent, OutboxStore } from './outbox.port.js';
export type { PageImageCache, PageImageKey, PageRenderer, RenderedPage } from './page-images.port.js';
export type { JobQueueGauge, QueueGauges, QueueGaugeStore } from './queue-gauge-store.port.js';
export type { SenderAuthenticator, SenderContext } from './sender-authenticator.port.js';
export type { SessionStore } from './session-store.port.js';
export type { SettingsStore } from './settings-store.port.js';
export type { ClassificationExampleStore, TriageItemStore, TriageListFilter } from './triage-store.port.js';
export type { VendorHintStore } from './vendor-hint-store.port.js';
export type { VendorPaymentStore } from './vendor-payment-store.port.js';
export type {
  AttemptOutcome,
  ClaimedDelivery,
  DeliveryClaimOptions,
  DeliveryFilter,
  WebhookStore,
} from './webhook-store.port.js';
