/** Codes a failed job can carry in `error_details.code`. */
export const JOB_FAILURE_CODES = [
  'document_unreadable',
  'document_too_large',
  'temporary_error',
  'service_unavailable',
  'processing_timeout',
  'duplicate_document',
] as const;

/** One of JOB_FAILURE_CODES: why a job failed. */
export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];
