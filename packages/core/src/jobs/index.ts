/**
 * The front door of jobs/: the job record and the verdicts it keeps (routing, duplicate, payment
 * details, review reasons), the media types and the processing timeout a prefix configures, the
 * hooks through which other contexts act when a job ends, and the services the email contexts and
 * page pictures hold. Other contexts import these from here, never the files behind.
 */
export type { ErrorDetails, JobRecord } from './job.js';
export type { DuplicateSettings, JobDuplicate } from './job-duplicate.js';
export type { JobHooks } from './job-hooks.js';
export type { PaymentDetailsChange } from './job-payment-details.js';
export type { JobQueries } from './job-queries.js';
export type { JobRouting, RoutingDecision } from './job-routing.js';
export type { JobSubmissionService } from './job-submission.js';
export { sniffMimeType, SUPPORTED_MIME_TYPES } from './media-types.js';
export { DEFAULT_PROCESSING_TIMEOUT_MS } from './processing-timeout.js';
export type { ReviewReason } from './review-reasons.js';
