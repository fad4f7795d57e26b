/**
 * @intake/core: Intake's domain, plain TypeScript over ports; adapters live in other packages.
 *
 * This entry is what an embedder needs: createIntake and its records, the job pipeline, extraction
 * and classification of one document, the ports an adapter implements, the errors, and webhook
 * signatures for receivers. Each export is documented where it is declared. What only Intake's own
 * daemon and adapters use is in the context subpaths (`@intake/core/jobs`, `/ports`, ...; see
 * docs/architecture.md), in-memory stores and contract suites in
 * `@intake/core/testing`, the fixed vocabularies alone in `@intake/core/constants`.
 */
export {
  type Classification,
  type ClassificationHints,
  classificationEvidence,
  classifyDocument,
} from './classification/classify-document.js';
export {
  calibrationFeatures,
  type CalibrationCoefficients,
  type ClassificationEvidence,
} from './classification/calibration.js';
export { createDocumentExtractor, type DocumentExtractorOptions } from './extraction/document-extractor.js';
export { readEInvoice } from './extraction/einvoice/read-einvoice.js';
export { readPaymentDetails } from './extraction/payment-details/read-payment-details.js';
export {
  PAYMENT_DETAIL_KEYS,
  type PaymentDetailKey,
  type PaymentDetails,
  type PaymentDetailValue,
} from './extraction/payment-details/payment-details.js';
export { extractFields, type ExtractFieldsOptions, type FieldsExtraction } from './extraction/extract-fields.js';
export { RECOMMENDED_FIELDS, type RecommendedDocumentType } from './extraction/recommended-fields.js';
export { type CreateExtractorInput, type UpdateExtractorInput } from './extractors/extractor.schema.js';
export { type Extractor } from './extractors/extractor.js';
export { FIELD_TYPES, type FieldDefinition, type FieldType } from './extractors/field-definition.schema.js';
export {
  createIntake,
  type EmailServices,
  type ExtractionServices,
  type Intake,
  type IntakeOptions,
  type SessionServices,
} from './intake.js';
export type {
  ErpStores,
  ExtractionStores,
  IntakeStores,
  MailStores,
  OperationsStores,
  ReviewStores,
  SessionStores,
  TransactionRunner,
  WebhookStores,
} from './ports/intake-stores.port.js';
export {
  createJobPipeline,
  type JobPipeline,
  type JobPipelineDeps,
  type JobPipelineOptions,
} from './jobs/job-pipeline.js';
export { type IncomingDocument } from './jobs/job-submission.js';
export { type ErrorDetails, JOB_STATUSES, type JobRecord, type JobStatus, type WaitingReason } from './jobs/job.js';
export { DEFAULT_PROCESSING_TIMEOUT_MS } from './jobs/processing-timeout.js';
export {
  REVIEW_REASON_CODES,
  reviewReasons,
  type ReviewReason,
  type FlaggableJob,
  type ReviewReasonCode,
} from './jobs/review-reasons.js';
export { type CreateApiKeyInput } from './keys/api-key.schema.js';
export { type ApiKey, type AuthContext } from './keys/api-key.js';
export { type Environment, ENVIRONMENTS, type Scope, SCOPES } from './keys/scopes.js';
export { type CreateOrganizationInput } from './organizations/organization.schema.js';
export { type CreatedOrganization } from './organizations/organization-service.js';
export { type Organization, type OrganizationSettings, type Plan, PLANS } from './organizations/organization.js';
export { type BlobStore, type StagedBlob } from './ports/blob-store.port.js';
export { type Clock, systemClock } from './ports/clock.port.js';
export { type DocumentExtractor, type ExtractionRequest } from './ports/document-extractor.port.js';
export {
  type BoundingBox,
  DEFAULT_DOCUMENT_LIMITS,
  type DocumentInspection,
  type DocumentLimits,
  type DocumentPage,
  type DocumentReader,
  type EmbeddedFile,
  type ReadDocument,
  type ReadOptions,
  type Word,
} from './ports/document-reader.port.js';
export { type Metrics, noopMetrics } from './ports/metrics.port.js';
export { type Notifier, type OutboundMail } from './ports/notifier.port.js';
export { type RateLimitDecision, type RateLimiter } from './ports/rate-limiter.port.js';
export { type WebhookRequest, type WebhookResponse, type WebhookTransport } from './ports/webhook-transport.port.js';
export { DocumentError } from './shared/document-error.js';
export {
  AppError,
  type AppErrorOptions,
  coerceError,
  ERROR_CODES,
  type ErrorCode,
  type ErrorDetail,
  isAppError,
  REQUEST_ERROR_CODES,
  type RequestErrorCode,
} from './shared/errors.js';
export { createRandomIds, type IdGenerator } from './shared/ids.js';
export { JOB_FAILURE_CODES, type JobFailureCode } from './shared/job-failure-codes.js';
export { signWebhookBody, verifyWebhookSignature } from './webhooks/signature.js';
export { type WebhookEnvelope, WEBHOOK_EVENTS } from './webhooks/webhook.js';
