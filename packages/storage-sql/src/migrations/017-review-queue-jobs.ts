import type { Migration } from './list.js';

const STATEMENTS = [
  // The outcome of a person's review of the whole document, and when (set by confirm or reject).
  `alter table jobs add column reviewed_at timestamptz(3)`,
  `alter table jobs add column review_outcome text check (review_outcome in ('confirmed', 'rejected'))`,
  /*
   * The review queue (GET /v1/documents?needs_review=true): few jobs of many need review, so a
   * partial index holds only those, in the list's order; confirming or rejecting takes a job out.
   */
  `create index jobs_org_env_needs_review on jobs (org_id, environment, created_at desc, id desc) include (status, extractor_id, overall_confidence) where needs_review`,
  // A rejection concerns the whole document: its history record names no field.
  `alter table job_corrections alter column field drop not null`,
  `alter table job_corrections drop constraint job_corrections_kind_check`,
  `alter table job_corrections add constraint job_corrections_kind_check check (kind in ('corrected', 'confirmed', 'rejected'))`,
];

/** The document review queue: reviewed_at and review_outcome on jobs, an index of the jobs needing review, rejections. */
export const reviewQueueJobs: Migration = {
  id: 17,
  name: 'review_queue_jobs',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
