import type { JobRecord } from '../jobs/job.js';

/**
 * What the job pipeline tells an embedding application as jobs come and go, for its counters (the
 * daemon's Prometheus metrics). Every member is optional and is called after the fact it reports
 * has committed; it must not throw nor block (it runs on the pipeline's own path).
 */
export interface Metrics {
  /** A submission created a new job (a replayed idempotent submission is not a new job). */
  jobCreated?(job: JobRecord): void;
  /** A job was recorded completed or failed (by a worker or by the reaper). */
  jobFinished?(job: JobRecord): void;
}

/** Reports nothing: the default. */
export const noopMetrics: Metrics = Object.freeze({});
