import type { Migration } from './list.js';

// One statement per call (PGlite's extended protocol takes one statement at a time).
const STATEMENTS = [
  /*
   * Finished jobs (completed or failed) counted per organization, hour of creation, extractor and
   * status. A finished job never changes again, so a rollup only moves when a job finishes, is
   * inserted finished, or is deleted; job-store.ts adjusts it in those same transactions. Exact
   * counts and stats over a million jobs then read a few thousand rollup rows plus the jobs of the
   * partial hours at the edges of the range and the (few) unfinished jobs, instead of every job.
   * `hour` is floor(epoch ms / 3,600,000): whole UTC hours whatever the session's time zone.
   * `extractor_name` is the job's snapshot: stats fall back to it for a deleted extractor.
   */
  `create table job_rollups (
    org_id text not null references organizations(id) on delete cascade,
    hour bigint not null,
    extractor_id text not null,
    extractor_name text not null,
    status text not null check (status in ('completed', 'failed')),
    job_count bigint not null,
    time_sum bigint not null,
    time_count bigint not null,
    confidence_sum double precision not null,
    confidence_count bigint not null,
    credits bigint not null,
    primary key (org_id, hour, extractor_id, extractor_name, status)
  )`,
  `insert into job_rollups (org_id, hour, extractor_id, extractor_name, status, job_count, time_sum, time_count, confidence_sum, confidence_count, credits)
   select org_id, floor(extract(epoch from created_at) * 1000 / 3600000)::bigint, extractor_id, extractor_name, status,
          count(*), coalesce(sum(processing_time_ms), 0), count(processing_time_ms),
          coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
     from jobs where status in ('completed', 'failed')
    group by 1, 2, 3, 4, 5`,
  /*
   * The same jobs by day and hundredth of overall_confidence (floor(c * 100), -1 for none), for
   * min_confidence counts. By hour this would hold about as many rows as there are jobs.
   */
  `create table job_confidence_rollups (
    org_id text not null references organizations(id) on delete cascade,
    day bigint not null,
    extractor_id text not null,
    status text not null check (status in ('completed', 'failed')),
    confidence_bucket integer not null,
    job_count bigint not null,
    primary key (org_id, day, extractor_id, status, confidence_bucket)
  )`,
  `insert into job_confidence_rollups (org_id, day, extractor_id, status, confidence_bucket, job_count)
   select org_id, floor(extract(epoch from created_at) * 1000 / 86400000)::bigint, extractor_id, status,
          coalesce(floor(overall_confidence * 100)::integer, -1), count(*)
     from jobs where status in ('completed', 'failed')
    group by 1, 2, 3, 4, 5`,
  /*
   * The list's filter columns carried in its indexes, so that count(*) (when the rollup cannot
   * answer it, e.g. with min_confidence) and the ids of a deep page come from index-only scans
   * instead of reading 2 KB rows: each index serves the filter that leads it, and filters the rest
   * on the index entry.
   */
  `create index jobs_org_created_cover on jobs (org_id, created_at desc, id desc) include (status, extractor_id, overall_confidence)`,
  `drop index jobs_org_created`,
  `create index jobs_org_status_created_cover on jobs (org_id, status, created_at desc, id desc) include (extractor_id, overall_confidence)`,
  `drop index jobs_org_status_created`,
  `create index jobs_org_extractor_created_cover on jobs (org_id, extractor_id, created_at desc, id desc) include (status, overall_confidence)`,
  `drop index jobs_org_extractor_created`,
  // min_confidence: a range on this index visits only the jobs at or above the threshold.
  // The daily retention run looks for old jobs of every organization.
  `create index jobs_created on jobs (created_at)`,
  `create index jobs_org_confidence on jobs (org_id, overall_confidence) include (status, extractor_id, created_at) where overall_confidence is not null`,
];

/** Rollups and covering indexes for job lists and statistics over millions of jobs. */
export const jobIndexes: Migration = {
  id: 3,
  name: 'job_indexes',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
