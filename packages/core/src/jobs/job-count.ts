import type { JobFilter, JobPage } from '../ports/job-store.port.js';

/**
 * How far `GET /v1/documents` counts a list the store has to count row by row: a broad search over
 * 100,000 documents spent 0.7 s of its 0.75 s counting every match exactly, while the page itself
 * took under a millisecond. Beyond this many the answer says "at least" (`total_capped`).
 */
export const LIST_COUNT_LIMIT = 10_000;

/**
 * Whether a list's total has to be counted job by job: the per-hour rollups (migration 003) know
 * neither search, vendor, source, review flag nor metadata, nor the open statuses. Only these
 * counts stop at a `countLimit`; the rollups' counts are exact and cheap at any size.
 */
export function countedJobByJob(filter: JobFilter): boolean {
  return (
    (filter.metadata !== undefined && Object.keys(filter.metadata).length > 0) ||
    filter.source !== undefined ||
    filter.vendor !== undefined ||
    filter.q !== undefined ||
    filter.needs_review !== undefined ||
    filter.status === 'queued' ||
    filter.status === 'processing'
  );
}

/** The page's total under `countLimit`: at most the limit, flagged when the real count is beyond it. */
export function cappedTotal(count: number, countLimit: number | undefined): Pick<JobPage, 'total' | 'totalCapped'> {
  return countLimit !== undefined && count > countLimit ? { total: countLimit, totalCapped: true } : { total: count };
}
