import type { JobRecord } from './job.js';
import { reviewReasons } from './review-reasons.js';

/** `data` of `job.completed` (spec: Events). */
export const jobCompletedData = (job: JobRecord): Record<string, unknown> => ({
  id: job.id,
  org_id: job.org_id,
  extractor_id: job.extractor_id,
  status: 'completed',
  mode: job.environment,
  extracted_data: job.extracted_data ?? {},
  confidence: job.confidence ?? {},
  processing_time_ms: job.processing_time_ms,
  cost_credits: job.cost_credits,
  metadata: job.metadata,
  created_at: job.created_at,
  completed_at: job.completed_at,
  needs_review: job.needs_review,
  validation_errors: job.validation_errors,
  review_reasons: reviewReasons(job),
  result_version: job.result_version ?? 1,
  payment_details: job.payment_details ?? null,
  payment_details_changed: job.payment_details_changed ?? null,
});

/** `data` of `job.failed`; cost_credits is always 0 for a failed job. */
export const jobFailedData = (job: JobRecord): Record<string, unknown> => ({
  id: job.id,
  org_id: job.org_id,
  extractor_id: job.extractor_id,
  status: 'failed',
  mode: job.environment,
  error_details: job.error_details,
  processing_time_ms: job.processing_time_ms,
  cost_credits: 0,
  metadata: job.metadata,
  created_at: job.created_at,
  failed_at: job.failed_at,
  result_version: job.result_version ?? 1,
});
