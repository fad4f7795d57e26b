/** Codes a failed job can carry in `error_details.code`. */
export const JOB_FAILURE_CODES = [
  'document_unreadable',
  'document_too_large',
  'temporary_error',
  'service_unavailable',
  'processing_timeout',
  'duplicate_document',
] as const;
export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];

/**
 * A document could not be processed. Thrown by readers and extractors; the job pipeline turns it
 * into the job's `error_details` (`code`, `message`, `suggestion`).
 */
export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly code: JobFailureCode,
    message: string,
    readonly suggestion: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }

  /** Temporary failures are worth another attempt; the others will fail the same way again. */
  get retryable(): boolean {
    return this.code === 'temporary_error' || this.code === 'service_unavailable';
  }
}
