/**
 * @intake/core/internal: what Intake's own daemon, adapters and tests use beyond the public entry
 * (store ports and records, services of the email gateway, HTTP schemas, helpers). No compatibility
 * promise: embedders use `@intake/core`.
 */
export { detectParties } from './classification/detect-parties.js';
export { duplicateKey, normalizeMatchValue } from './email/duplicates/duplicates.js';
export {
  AMOUNT_OPERATORS,
  type EmailIngestionConfig,
  EmailIngestionConfigInputSchema,
  EmailIngestionConfigPatchSchema,
  EmailIngestionConfigSchema,
  RESERVED_PREFIXES,
} from './email/prefixes/email-ingestion-config.schema.js';
export { type StoredEmailIngestionConfig } from './email/prefixes/email-ingestion-config.js';
export { EmailIngestionService } from './email/prefixes/email-ingestion-service.js';
export { type EmailIngestionStore, type InsertEmailIngestionOutcome } from './ports/email-ingestion-store.port.js';
export { CreateErpConnectionSchema, UpdateErpConnectionSchema } from './erp/erp-connection.schema.js';
export { ErpService } from './erp/erp-service.js';
export { type ClaimedErpSync, type ErpAttemptResult, type ErpStore } from './ports/erp-store.port.js';
export {
  ERP_CONNECTION_TYPES,
  type ErpConnection,
  type ErpSyncRecord,
  type ErpSyncStatus,
  type ErpVendorBill,
  type StoredErpConnection,
} from './erp/erp.js';
export { HttpErpConnector } from './erp/http-erp-connector.js';
export { matchingDocumentTypes, resolveExtractorFor } from './email/prefixes/extractor-mapping.js';
export { sanitizeFilename } from './email/inbound/filenames.js';
export { createInboundMail } from './email/inbound-mail.js';
export {
  type Envelope,
  InboundMailService,
  type MessageProcessOutcome,
  type ReceiveOutcome,
  type RecipientVerdict,
} from './email/inbound-mail-service.js';
export {
  type InboundMessageListFilter,
  type InboundMessageStore,
  type MessageClaimOptions,
} from './ports/inbound-message-store.port.js';
export {
  type AttachmentOutcome,
  INBOUND_MESSAGE_STATUSES,
  type InboundMessageRecord,
  type InboundMessageResult,
  type InboundMessageStatus,
  SKIP_REASON_CODES,
} from './email/inbound/inbound-message.js';
export { parseDomainList, parseRecipient } from './email/inbound/recipient.js';
export {
  AUTH_RESULTS,
  type AuthResult,
  decideSender,
  type DmarcPolicy,
  isSenderAuthenticated,
  type SenderAuthentication,
  type SenderDecision,
  type SenderVerdicts,
  withAuthenticated,
} from './email/inbound/sender-auth/sender-authentication.js';
export {
  UNAUTHENTICATED_POLICIES,
  type UnauthenticatedPolicy,
} from './email/prefixes/email-ingestion-config.schema.js';
export type { SenderAuthenticator, SenderContext } from './ports/sender-authenticator.port.js';
export { applyMergePatch } from './email/prefixes/merge-patch.js';
export { automaticMessageReason, isAutomatedAddress, senderReplyVerdict } from './email/notifications/loop-guard.js';
export { planMessageNotifications } from './email/notifications/notification-planner.js';
export {
  NotificationService,
  type NotificationServiceOptions,
  unconfiguredNotifier,
} from './email/notifications/notification-service.js';
export { type NotificationClaimOptions, type NotificationStore } from './ports/notification-store.port.js';
export {
  type JobEventForNotification,
  type NotificationKind,
  type NotificationListFilter,
  type NotificationRecord,
  type NotificationSender,
  type NotificationStatus,
} from './email/notifications/notification.js';
export { scanRawHeaders } from './email/inbound/raw-headers.js';
export { LocalDocumentClassifier, senderHint } from './email/triage/document-classifier.js';
export type { ClassificationResult } from './ports/document-classifier.port.js';
export {
  type ClassificationExample,
  TRIAGE_STATUSES,
  type TriageItemRecord,
  type TriageResolution,
  type TriageStatus,
} from './email/triage/triage-item.js';
export {
  type ClassificationExampleStore,
  type TriageItemStore,
  type TriageListFilter,
} from './ports/triage-store.port.js';
export { compileSubjectPattern } from './email/prefixes/subject-pattern.js';
export { presentValues } from './extraction/evaluation/presence.js';
export { sameCompanyName, stripLegalForm } from './extraction/evaluation/names.js';
export { scoreFields, wordOverlap } from './extraction/evaluation/score.js';
export { createRanker, featureNames } from './extraction/ranking/ranker.js';
export { collectExamples, type LabelledList, trainRanker } from './extraction/ranking/train.js';
export { isRecommendedType } from './extraction/recommended-fields.js';
export {
  CreateExtractorInputSchema,
  DuplicateExtractorInputSchema,
  UpdateExtractorInputSchema,
} from './extractors/extractor.schema.js';
export { FieldDefinitionSchema } from './extractors/field-definition.schema.js';
export { inMode, toSummary } from './extractors/extractor.js';
export { DocumentLinks } from './jobs/document-links.js';
export { JobProcessor, type ProcessOutcome } from './jobs/job-processor.js';
export { STATS_PERIODS } from './jobs/job-queries.js';
export { cappedTotal, countedJobByJob, LIST_COUNT_LIMIT } from './jobs/job-count.js';
export { MetadataSchema } from './jobs/job.schema.js';
export { toJobResource } from './jobs/job.js';
export {
  DOCUMENT_SOURCES,
  REGISTER_SORT_KEYS,
  registerFields,
  searchText,
  searchWords,
  sortValue,
  type JobSort,
  type RegisterFields,
  type RegisterSortKey,
} from './jobs/register.js';
export { sniffMimeType, type SupportedMimeType } from './jobs/media-types.js';
export { previewExpiredJobs, purgeExpiredJobs, type RetentionRemoved } from './jobs/retention.js';
export { deleteJob, type JobDeletionDeps } from './jobs/job-deletion.js';
export { MAX_RESULT_VERSIONS, reprocessJob, type JobReprocessDeps } from './jobs/job-reprocess.js';
export { resultOf } from './jobs/result-version.js';
export { ApiKeyService, requireLiveKey, requireScope } from './keys/api-key-service.js';
export { CreateApiKeyInputSchema } from './keys/api-key.schema.js';
export { type StoredApiKey } from './keys/api-key.js';
export { type ApiKeyStore } from './ports/api-key-store.port.js';
export { ManualClock } from './ports/clock.port.js';
export { type CreditBalance, type CreditLedger, type CreditTransaction } from './ports/credit-ledger.port.js';
export { type ExtractorFilter, type ExtractorStore } from './ports/extractor-store.port.js';
export {
  type ClaimOptions,
  type CompletedResult,
  type FailedResult,
  type IdempotencyClaim,
  type InsertJobResult,
  type JobFilter,
  type JobPage,
  type JobPageRequest,
  type JobPosition,
  type JobTombstone,
  type JobStatsRow,
  type JobStore,
  type ReprocessRequestResult,
  type ResultVersion,
} from './ports/job-store.port.js';
export {
  type CombinableDocument,
  type DocumentCombiner,
  type MessageParser,
  type ParsedAttachment,
  type ParsedMessage,
} from './ports/message-parser.port.js';
export { NotifierError } from './ports/notifier.port.js';
export { type OrganizationStore } from './ports/organization-store.port.js';
export { type OutboxEvent, type OutboxStore } from './ports/outbox.port.js';
export { type JobQueueGauge, type QueueGauges, type QueueGaugeStore } from './ports/queue-gauge-store.port.js';
export { type SessionStore } from './ports/session-store.port.js';
export { type SettingsStore } from './ports/settings-store.port.js';
export {
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryClaimOptions,
  type DeliveryFilter,
  type WebhookStore,
} from './ports/webhook-store.port.js';
export { SessionService, type SessionView } from './sessions/session-service.js';
export { type SessionRecord } from './sessions/session.js';
export { invalidRequest, notFound } from './shared/errors.js';
export { deepFreeze, isDeepFrozen } from './shared/frozen.js';
export { createSequentialIds } from './shared/ids.js';
export { type Page, type PageRequest } from './shared/pagination.js';
export { parseInput } from './shared/validation.js';
export { AddressPolicy } from './webhooks/address-policy.js';
export { embeddedIpv4, type EmbeddedIpv4 } from './webhooks/embedded-ipv4.js';
export { checkCallbackUrl, isLocalhostName, literalDestinations } from './webhooks/callback-url.js';
export { MAX_ATTEMPTS } from './webhooks/retry-schedule.js';
export { type AttemptAnswer, WebhookSender } from './webhooks/webhook-sender.js';
export { WebhookService } from './webhooks/webhook-service.js';
export { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema } from './webhooks/webhook.schema.js';
export {
  type DeliveryStatus,
  type PrefixWebhookSpec,
  receives,
  type StoredWebhookEndpoint,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhooks/webhook.js';
export { ResolveTriageSchema, TriageQueue } from './email/triage/triage-queue.js';
export { CorrectionService } from './corrections/correction-service.js';
export type { CorrectionListener, CorrectionServiceDeps } from './corrections/correction-service.js';
export { applyCorrections } from './corrections/apply-corrections.js';
export type { FieldChange } from './corrections/apply-corrections.js';
export { CorrectionRequestSchema, toCorrectionResource } from './corrections/correction.js';
export type {
  CorrectionKind,
  CorrectionRecord,
  CorrectionRequest,
  CorrectionResource,
} from './corrections/correction.js';
export { emitCorrectedEvent, jobCorrectedData, resendToErp } from './corrections/correction-listeners.js';
export { VendorLearning } from './learning/vendor-learning.js';
export type { VendorLearningDeps } from './learning/vendor-learning.js';
export { learnHints, LEARNABLE_TYPES } from './learning/learn-hints.js';
export { hintedField } from './extraction/hints/apply-hints.js';
export { vendorKeys, nameKey } from './extraction/hints/vendor-keys.js';
export type { FieldHint } from './extraction/hints/field-hint.js';
export type { VendorHints } from './learning/vendor-hints.js';
export type { VendorPaymentStore } from './ports/vendor-payment-store.port.js';
export { paymentDetailsDiffer, vendorKey } from './vendors/vendor-payments.js';
export type { RememberedPaymentDetails } from './vendors/vendor-payments.js';
export { senderAuthenticated } from './jobs/job-payment-details.js';
export type { PaymentDetailsChange } from './jobs/job-payment-details.js';
export type { PaymentValues, VendorIdentity } from './extraction/payment-details/payment-details.js';
export { toVendorHintsResource } from './learning/vendor-hints.schema.js';
export type { VendorHintsResource } from './learning/vendor-hints.schema.js';
export { DEFAULT_PAGE_IMAGE_OPTIONS, PageImages } from './pages/page-images.js';
export type { PageImage, PageImagesDeps, PageImagesOptions, PageWords } from './pages/page-images.js';
export { fitCalibration, type ScoredDocument } from './extraction/ranking/calibrate-model.js';
export type { JobHooks } from './jobs/job-hooks.js';
export type * from './ports/page-images.port.js';
export type * from './ports/correction-store.port.js';
export type * from './ports/vendor-hint-store.port.js';
export type { DailyJobCounts } from './ports/job-store.port.js';
export type { FieldLocation, FieldLocations, PageBox, RowLocation } from './extraction/locations/field-location.js';
export type { FieldScore } from './extraction/evaluation/score.js';
export { delayAfterFailedAttempt, RETRY_DELAYS_MS } from './webhooks/retry-schedule.js';
export { REVIEW_BELOW } from './extraction/extract-fields.js';
export type { RankerModel } from './extraction/ranking/ranker.js';
export { roleOf } from './extraction/labels/roles.js';
export { vendorBillOf } from './erp/erp.js';
export {
  IMAP_AFTER_IMPORT_ACTIONS,
  IMAP_STATES,
  IMAP_TLS_MODES,
  imapPort,
  type ImapSettings,
  type ImapSettingsInput,
  ImapSettingsSchema,
  type ImapState,
  type ImapStatus,
  ImapStatusSchema,
  mailboxIdentity,
  MASKED_SECRET,
} from './email/prefixes/imap/imap-settings.schema.js';
export { createSecretBox, parseSecretKey, type SecretBox } from './email/prefixes/imap/secret-box.js';
export { openImapAuth } from './email/prefixes/imap/imap-secret.js';
export {
  type ImapImportDeps,
  ImapImporter,
  type ImportRound,
  type MailboxTarget,
} from './email/inbound/imap-import.js';
export {
  type ImapMailboxRecord,
  type ImapMailboxStore,
  type ImapMessageEntry,
  type ImapStatusUpdate,
  type RecordImapMessageOutcome,
  toImapStatus,
} from './ports/imap-mailbox-store.port.js';
export { type MailboxMessageRef, type MailboxSession } from './ports/mailbox-session.port.js';
