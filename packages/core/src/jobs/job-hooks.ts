import type { ExtractionStores } from '../ports/extraction-stores.port.js';
import type { CompletedResult, FailedResult } from '../ports/job-store.port.js';
import type { ExtractionOutcome } from '../ports/document-extractor.port.js';
import type { ErrorDetails, JobRecord } from './job.js';

/** One attempt's time limit, and the setting that decided it (named in the job's error). */
export interface TimeLimit {
  ms: number;
  setting: string;
}

/** What a hook adds to a completed job beside the extraction's own fields. */
export type CompletionFields = Pick<
  CompletedResult,
  'routing' | 'dedupe_key' | 'duplicate' | 'vendor_key' | 'payment_details_changed'
> & {
  /** Flags the job for review; a flag set at submission or by extraction stays whatever hooks say. */
  needs_review?: boolean;
};

/** A hook's word on a finished extraction: record it (with fields of its own), or fail the job instead. */
export type CompletionDecision =
  | { kind: 'complete'; fields: CompletionFields }
  | { kind: 'fail'; details: ErrorDetails; fields: Pick<FailedResult, 'duplicate'> };

/**
 * What other contexts do when a job ends, registered on the pipeline (see `createIntake`'s
 * `jobHooks`): the queue runs them and knows nothing of what they are for. Hooks run in order.
 * `Tx` is the stores a hook writes to in `onFinished` (by default the extraction bundle, which
 * every installation has): `createIntake` registers a hook only when it was given the bundle
 * holding them.
 */
export interface JobHooks<Tx extends ExtractionStores = ExtractionStores> {
  /** A shorter limit for one attempt than the global one, or null; the shortest wins. */
  timeLimit?(job: JobRecord): Promise<TimeLimit | null>;
  /**
   * After extraction, before the completion is recorded (outside its transaction): fields to add,
   * or a failure instead. The first hook that fails the job ends the round. `outcome` is the
   * extraction's whole result (payment details and vendor identity beside the fields).
   */
  beforeComplete?(
    job: JobRecord,
    extracted: Record<string, unknown>,
    outcome?: ExtractionOutcome,
  ): Promise<CompletionDecision>;
  /**
   * In the transaction that records the job completed or failed: writes that must commit with it
   * (events, queued work) or not at all.
   */
  onFinished?(tx: Tx, job: JobRecord, at: string): Promise<void>;
}
