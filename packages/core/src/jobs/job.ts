import type { JobRouting, RoutingDecision } from './job-routing.js';
import type { DuplicateVerdict, JobDuplicate } from './job-duplicate.js';
import type { Environment } from '../keys/index.js';
import type { FieldDefinition } from '../extractors/index.js';
import type { FieldValidationError } from '../ports/document-extractor.port.js';
import type { JobFailureCode } from '../shared/document-error.js';
import type { FieldLocations, PaymentDetails } from '../extraction/index.js';
import { reviewReasons, type ReviewReason } from './review-reasons.js';
import type { PaymentDetailsChange } from './job-payment-details.js';

/** A job's lifecycle: `queued`, then `processing`, then `completed` or `failed`. */
export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
/** One of JOB_STATUSES. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Why a job failed, as its `error_details`: a JobFailureCode, a message and what the user can do. */
export interface ErrorDetails {
  code: JobFailureCode;
  message: string;
  suggestion: string;
}

/** Everything the database keeps about a job; the API shows a subset (see toJobResource). */
export interface JobRecord {
  /** Form `job_<id>`. */
  id: string;
  org_id: string;
  extractor_id: string;
  /** Snapshots taken at submission: editing or deleting the extractor never changes the job. */
  extractor_name: string;
  document_type: string;
  field_definitions: FieldDefinition[];
  /** Environment of the submitting key: test jobs are simulated and free. */
  environment: Environment;
  status: JobStatus;
  /** Higher runs first. */
  priority: number;
  blob_key: string;
  mime_type: string;
  size_bytes: number;
  page_count: number;
  /** Credits the job will cost, from its page count; reserved when a worker takes it. */
  estimated_cost: number;
  /** Credits currently held for this job (0 before it is taken, and after it ends). */
  reserved_credits: number;
  metadata: Record<string, unknown>;
  extracted_data: Record<string, unknown> | null;
  confidence: Record<string, number> | null;
  /** Where each field was read (see docs/review-and-corrections.md); null before completion. */
  field_locations?: FieldLocations | null;
  /** Mean of the field confidences: what `min_confidence` and stats compare. */
  overall_confidence: number | null;
  validation_errors: FieldValidationError[];
  needs_review: boolean;
  /** When a person confirmed or rejected the document as a whole (the review screen's save or reject). */
  reviewed_at?: string | null;
  review_outcome?: ReviewOutcome | null;
  processing_time_ms: number | null;
  cost_credits: number;
  error_details: ErrorDetails | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** A live job its organization cannot pay for waits, skipped by workers, until credits arrive. */
  blocked_on_credits: boolean;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
  /** Email jobs: the prefix's routing (the decision, final after extraction); absent for API jobs. */
  routing?: JobRouting | null;
  /** Email jobs with duplicate detection: the prefix's settings and the verdict. */
  duplicate?: JobDuplicate | null;
  /** Hash of the normalized match fields, set at completion (any job), for later duplicate checks. */
  dedupe_key?: string | null;
  /** 1 for the first result; each reprocessing adds one (earlier results: JobStore.resultVersions). */
  result_version?: number;
  /** Set while a reprocessing is queued or running (not charged, hooks not run again); null otherwise. */
  reprocess_requested_at?: string | null;
  /** Review reasons recorded on arrival (an email classification below its threshold); see reviewReasons. */
  review_flags?: ReviewReason[];
  /** Where the document says to pay, read at completion whatever the extractor's fields; null: nothing found. */
  payment_details?: PaymentDetails | null;
  /** The vendor its payment details are remembered under (see vendors/vendor-payments.ts); null: unknown. */
  vendor_key?: string | null;
  /** Set when the vendor's remembered payment details differ from this document's; null otherwise. */
  payment_details_changed?: PaymentDetailsChange | null;
}

/** What a person's review of a whole document decided. */
export type ReviewOutcome = 'confirmed' | 'rejected';

/** Why a queued job waits: a live job whose organization's available credits cannot cover it. */
export type WaitingReason = 'insufficient_credits';

/** A job as the API returns it (spec: Job, plus page_count, needs_review and validation_errors). */
export interface JobResource {
  id: string;
  org_id: string;
  extractor_id: string;
  status: JobStatus;
  /** The mode of the key (or, for mail, the message) that made the job. */
  mode: Environment;
  /** Why a queued job is not being worked on; null otherwise. */
  waiting_reason: WaitingReason | null;
  extracted_data?: Record<string, unknown>;
  confidence?: Record<string, number>;
  /** Completed jobs: where each field of extracted_data came from. */
  field_locations?: FieldLocations;
  processing_time_ms: number | null;
  cost_credits: number;
  metadata: Record<string, unknown>;
  created_at: string;
  completed_at?: string;
  failed_at?: string;
  error_details?: ErrorDetails;
  document_url: string;
  mime_type: string;
  page_count: number;
  needs_review: boolean;
  /** Reviewed jobs: when, and whether the person confirmed or rejected the document. */
  reviewed_at?: string;
  review_outcome?: ReviewOutcome;
  validation_errors: FieldValidationError[];
  /** Why the job needs review (see reviewReasons); empty when it does not. */
  review_reasons: ReviewReason[];
  /** 1 for the first result, one more for each reprocessing (POST /v1/documents/{id}/reprocess). */
  result_version: number;
  /** Email jobs: what the prefix's routing rules decided. */
  routing?: RoutingDecision;
  /** A duplicate verdict: the earlier job. */
  duplicate_of?: string;
  duplicate?: DuplicateVerdict;
  /** Completed jobs: where the document says to pay (null: nothing found). */
  payment_details?: PaymentDetails | null;
  /** Completed jobs: the vendor's earlier payment details when this document's differ; null otherwise. */
  payment_details_changed?: PaymentDetailsChange | null;
}

/** A job record as the API shows it, with its signed document URL. */
export function toJobResource(job: JobRecord, documentUrl: string): JobResource {
  return {
    id: job.id,
    org_id: job.org_id,
    extractor_id: job.extractor_id,
    status: job.status,
    mode: job.environment,
    waiting_reason: job.status === 'queued' && job.blocked_on_credits ? 'insufficient_credits' : null,
    ...(job.status === 'completed'
      ? {
          extracted_data: job.extracted_data ?? {},
          confidence: job.confidence ?? {},
          field_locations: job.field_locations ?? {},
          payment_details: job.payment_details ?? null,
          payment_details_changed: job.payment_details_changed ?? null,
        }
      : {}),
    processing_time_ms: job.processing_time_ms,
    cost_credits: job.cost_credits,
    metadata: job.metadata,
    created_at: job.created_at,
    ...(job.completed_at ? { completed_at: job.completed_at } : {}),
    ...(job.failed_at ? { failed_at: job.failed_at } : {}),
    ...(job.error_details ? { error_details: job.error_details } : {}),
    document_url: documentUrl,
    mime_type: job.mime_type,
    page_count: job.page_count,
    needs_review: job.needs_review,
    ...(job.reviewed_at && job.review_outcome
      ? { reviewed_at: job.reviewed_at, review_outcome: job.review_outcome }
      : {}),
    validation_errors: job.validation_errors,
    review_reasons: job.status === 'completed' ? reviewReasons(job) : [],
    result_version: job.result_version ?? 1,
    ...(job.routing ? { routing: job.routing.decision } : {}),
    ...(job.duplicate?.verdict ? { duplicate_of: job.duplicate.verdict.of, duplicate: job.duplicate.verdict } : {}),
  };
}
