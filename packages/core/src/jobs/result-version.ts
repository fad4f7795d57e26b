import type { ResultVersion } from '../ports/job-store.port.js';
import type { JobRecord } from './job.js';

/** What a result version keeps of a job: its result members, none of its identity or queue state. */
export function resultOf(job: JobRecord): Omit<ResultVersion, 'version' | 'replaced_at'> {
  return {
    status: job.status,
    extracted_data: job.extracted_data,
    confidence: job.confidence,
    field_locations: job.field_locations ?? null,
    overall_confidence: job.overall_confidence,
    validation_errors: job.validation_errors,
    needs_review: job.needs_review,
    reviewed_at: job.reviewed_at ?? null,
    review_outcome: job.review_outcome ?? null,
    review_flags: job.review_flags ?? [],
    duplicate: job.duplicate ?? null,
    page_count: job.page_count,
    processing_time_ms: job.processing_time_ms,
    cost_credits: job.cost_credits,
    error_details: job.error_details,
    completed_at: job.completed_at,
    failed_at: job.failed_at,
  };
}
