import type { ErrorDetails, JobRecord, JobStatus } from '../jobs/job.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Environment } from '../keys/scopes.js';
import type { DocumentSource, JobSort } from '../jobs/register.js';

/** Which jobs a list returns. */
export interface JobFilter {
  extractor_id?: string;
  status?: JobStatus;
  created_after?: string;
  created_before?: string;
  min_confidence?: number;
  /** The review queue: `true` lists jobs whose needs_review is set (confirming or rejecting clears it). */
  needs_review?: boolean;
  /** Exact matches on top-level metadata members (only where the organization enabled it). */
  metadata?: Record<string, string>;
  /** Register filters (see jobs/register.ts): where the job came from; its vendor, case-insensitively. */
  source?: DocumentSource;
  vendor?: string;
  /** Full-text search: every word (see searchWords) is a prefix of a word of the job's search text. */
  q?: string;
}

/**
 * A page of the job list: `offset` entries skipped, counted from the start of the list or, with
 * `after`, from just after that job (a keyset position: the previous page's last job). A deep page
 * by `after` costs what the first page costs; one by `offset` walks the entries it skips.
 */
export interface JobPageRequest extends PageRequest {
  after?: JobPosition;
  /** Default: created_at descending. Nulls come last in either direction. */
  sort?: JobSort;
  /**
   * A total counted job by job (countedJobByJob) stops beyond this many: `total` is then this
   * number and `totalCapped` is set. Without it every total is exact; 0 counts nothing.
   */
  countLimit?: number;
}

/** A page of jobs; `totalCapped` when the count stopped at the request's `countLimit` (total is then a lower bound). */
export interface JobPage extends Page<JobRecord> {
  totalCapped?: true;
}

/** A job's place in the list order (by default created_at descending, then id descending). */
export interface JobPosition {
  created_at: string;
  id: string;
  /** Under another sort: the job's value of the sort key (sortValue). */
  value?: string | number | null;
}

/** The audit line a deleted job leaves: who deleted which job when; nothing of the document. */
export interface JobTombstone {
  id: string;
  org_id: string;
  environment: Environment;
  deleted_at: string;
  /** The API key that deleted it; null for a dashboard session or the CLI. */
  key_id: string | null;
}

/** The Idempotency-Key of a submission, stored with the job it created. */
export interface IdempotencyClaim {
  key: string;
  /** SHA-256 of the request, to tell "the same request again" from "another request, same key". */
  requestHash: string;
  /** Records older than this are forgotten. */
  notBefore: string;
}

/** A new job, the job an earlier identical request created (replayed), or an Idempotency-Key reused with another request. */
export type InsertJobResult =
  | { outcome: 'created'; job: JobRecord }
  | { outcome: 'replayed'; job: JobRecord }
  | { outcome: 'idempotency_conflict' };

/** How a worker claims the next queued job. */
export interface ClaimOptions {
  workerId: string;
  now: Date;
  leaseMs: number;
  /** A job whose lease expired this many times is not taken again (see findExhausted). */
  maxAttempts: number;
}

/** What a completed job stores. */
export interface CompletedResult {
  extracted_data: Record<string, unknown>;
  confidence: Record<string, number>;
  overall_confidence: number | null;
  validation_errors: JobRecord['validation_errors'];
  needs_review: boolean;
  page_count: number;
  field_locations?: JobRecord['field_locations'];
  processing_time_ms: number;
  cost_credits: number;
  completed_at: string;
  /** The final routing of an email job (decided again with the extracted amount). */
  routing?: JobRecord['routing'];
  dedupe_key?: string | null;
  duplicate?: JobRecord['duplicate'];
  /** Payment details read from the document (null: none), kept whatever the extractor's fields. */
  payment_details?: JobRecord['payment_details'];
  /** The vendor the details are remembered under, and the verdict when they changed. */
  vendor_key?: string | null;
  payment_details_changed?: JobRecord['payment_details_changed'];
  /**
   * The document's words (ExtractionOutcome.document_text), kept only as search terms (the SQL
   * store's stripped tsvector, from its first MAX_SEARCH_TEXT_CHARS characters); absent: none.
   */
  document_text?: string;
}

/** A result a reprocessing replaced: what the job held then (version `version`), and when it was replaced. */
export type ResultVersion = Pick<
  JobRecord,
  | 'status'
  | 'extracted_data'
  | 'confidence'
  | 'field_locations'
  | 'overall_confidence'
  | 'validation_errors'
  | 'needs_review'
  | 'reviewed_at'
  | 'review_outcome'
  | 'review_flags'
  | 'duplicate'
  | 'page_count'
  | 'processing_time_ms'
  | 'cost_credits'
  | 'error_details'
  | 'completed_at'
  | 'failed_at'
> & { version: number; replaced_at: string };

/** What asking to reprocess a job did (see JobStore.requestReprocess). */
export type ReprocessRequestResult =
  | { outcome: 'queued'; job: JobRecord }
  | { outcome: 'replayed'; job: JobRecord }
  | { outcome: 'idempotency_conflict' }
  | { outcome: 'not_found' }
  | { outcome: 'running'; job: JobRecord }
  | { outcome: 'limit'; job: JobRecord };

/** What a failed job stores. */
export interface FailedResult {
  error_details: ErrorDetails;
  processing_time_ms: number | null;
  failed_at: string;
  duplicate?: JobRecord['duplicate'];
}

/** Completed and failed jobs created on one UTC day. */
export interface DailyJobCounts {
  day: string;
  completed: number;
  failed: number;
}

/** Aggregates over jobs created since a moment (spec: Job statistics object, without `period`). */
export interface JobStatsRow {
  total_jobs: number;
  completed_jobs: number;
  failed_jobs: number;
  queued_jobs: number;
  processing_jobs: number;
  /** Sums, so callers compute means: over completed and failed jobs with a processing time. */
  processing_time_sum: number;
  processing_time_count: number;
  /** Over completed jobs with a confidence. */
  confidence_sum: number;
  confidence_count: number;
  total_credits_used: number;
  by_extractor: {
    extractor_id: string;
    extractor_name: string;
    job_count: number;
    completed: number;
    failed: number;
  }[];
}

/**
 * The durable job queue. Claiming takes one runnable job for a worker under a lease; completing
 * and failing are fenced by that lease, so a worker that lost its lease cannot finish a job twice.
 */
export interface JobStore {
  /**
   * Inserts a job (and its idempotency record, when given) atomically. An idempotency key belongs
   * to the job's mode: the same key in the other mode is another request.
   */
  insert(job: JobRecord, idempotency?: IdempotencyClaim): Promise<InsertJobResult>;
  /**
   * A job of the organization in `mode` (test and live are two worlds: a job of the other mode is
   * not found). `null` takes either mode: only for callers holding a reference already checked
   * (a signed document link, an event of the job itself).
   */
  get(orgId: string, mode: Environment | null, id: string): Promise<JobRecord | null>;
  /** The mode's jobs, newest first (or by `page.sort`), id as tie-break; `total` ignores `page.after`. */
  list(orgId: string, mode: Environment, filter: JobFilter, page: JobPageRequest): Promise<JobPage>;
  /** Aggregates over the mode's jobs. */
  stats(orgId: string, mode: Environment, since: string): Promise<JobStatsRow>;
  /**
   * Finished jobs per UTC day of creation, from `sinceDay` (a UTC midnight) on: only days with any,
   * oldest first, `day` as YYYY-MM-DD.
   */
  daily(orgId: string, mode: Environment, sinceDay: string): Promise<DailyJobCounts[]>;
  /**
   * Takes the next runnable job: queued and not blocked, or processing with an expired lease and
   * fewer than maxAttempts attempts; highest priority, then oldest. For a live job that has not
   * reserved its credits yet, reserves `estimated_cost` against the organization's available
   * balance in the same transaction; when that is too little, marks the job blocked_on_credits and
   * looks further. Increments attempts and sets the lease.
   */
  claim(options: ClaimOptions): Promise<JobRecord | null>;
  /** Extends a lease still held by the worker; false when it was lost. */
  extendLease(id: string, workerId: string, until: string): Promise<boolean>;
  /** Jobs whose lease expired after their last allowed attempt: to be failed. */
  findExhausted(now: string, maxAttempts: number, limit: number): Promise<JobRecord[]>;
  /**
   * Finishes a job. `workerId` fences on the lease; null fences on "lease expired" (the reaper).
   * Releases the job's reservation. Returns the finished job, or null when the fence did not hold.
   */
  markCompleted(id: string, workerId: string, result: CompletedResult): Promise<JobRecord | null>;
  markFailed(id: string, workerId: string | null, result: FailedResult, now: string): Promise<JobRecord | null>;
  /** Gives a job back to the queue (retryable failure) keeping its reservation; fenced. */
  release(id: string, workerId: string): Promise<boolean>;
  /**
   * The organization's oldest job of `mode` created at or after `since` (other than `excludeId`) with
   * the same file (`blobKey`; any job not failed) or the same match-field key (`dedupeKey`; completed
   * jobs). Duplicates are looked for within one mode only.
   */
  findEarlier(
    orgId: string,
    mode: Environment,
    query: { blobKey?: string; dedupeKey?: string; since: string; excludeId?: string },
  ): Promise<JobRecord | null>;
  /** Unblocks an organization's jobs waiting for credits; returns how many. */
  unblock(orgId: string): Promise<number>;
  countQueued(orgId: string, environment: 'test' | 'live'): Promise<number>;
  /**
   * Deletes one finished or abandoned job of the organization's mode (not one being processed) and
   * records a tombstone (id, org, mode, deleted_at, key id). Returns the job and whether its blob is
   * now unused, or null when there is no such job.
   */
  deleteOne(
    orgId: string,
    mode: Environment,
    id: string,
    audit: { deletedAt: string; keyId: string | null },
  ): Promise<{ job: JobRecord; orphanBlobKey: string | null } | null>;
  /**
   * Queues a completed or failed job of the mode again (atomically with its idempotency record):
   * its current result is kept as version `result_version` (see resultVersions), `result_version`
   * goes up by one, `reprocess_requested_at` is set (the claim reserves no credits for it), the
   * review is reset (needs_review to whether `review_flags` has any, no outcome) and attempts to 0.
   * The result's values stay in the row until the new result replaces them. A queued or processing
   * job is `running`; one at `maxVersions` already is `limit`. The idempotency key shares the
   * submissions' keys (same window, same mode).
   */
  requestReprocess(
    orgId: string,
    mode: Environment,
    id: string,
    request: { at: string; maxVersions: number; idempotency?: IdempotencyClaim },
  ): Promise<ReprocessRequestResult>;
  /** The results reprocessing replaced, oldest first (empty for a job never reprocessed or not of the mode). */
  resultVersions(orgId: string, mode: Environment, id: string): Promise<ResultVersion[]>;
  /** The tombstone of a job deleted with deleteOne, or null. */
  findTombstone(orgId: string, id: string): Promise<JobTombstone | null>;
  /**
   * Deletes up to `limit` finished or abandoned jobs (any status but processing) created before
   * `cutoff`; returns their ids and the blob keys no job uses any more.
   */
  deleteCreatedBefore(
    cutoff: string,
    limit: number,
  ): Promise<{ deleted: number; ids: string[]; orphanBlobKeys: string[] }>;
  /**
   * What `deleteCreatedBefore(cutoff, ...)` would delete, all batches together, deleting nothing: the
   * jobs' ids (oldest first) and the files that would be left unused, with their sizes.
   */
  findCreatedBefore(cutoff: string): Promise<{ ids: string[]; orphanBlobs: { key: string; size_bytes: number }[] }>;
}
