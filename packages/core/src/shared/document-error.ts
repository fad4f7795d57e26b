import { AppError } from './errors.js';
import type { JobFailureCode } from './job-failure-codes.js';

export { JOB_FAILURE_CODES, type JobFailureCode } from './job-failure-codes.js';

/** Failures worth another attempt; the others will fail the same way again. */
const RETRYABLE: readonly JobFailureCode[] = ['temporary_error', 'service_unavailable'];

/**
 * A document could not be processed. Thrown by readers and extractors; the job pipeline turns it
 * into the job's `error_details` (`code`, `message`, `suggestion`).
 */
export class DocumentError extends AppError {
  /** The job failure code, one of JOB_FAILURE_CODES. */
  declare readonly code: JobFailureCode;

  constructor(
    code: JobFailureCode,
    message: string,
    /** What the user can do about it, e.g. "Rescan at 300 dpi." */
    readonly suggestion: string,
    options: { cause?: unknown } = {},
  ) {
    super(code, message, {
      retryable: RETRYABLE.includes(code),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'DocumentError';
  }
}
