import type { Knex } from 'knex';
import type { JobStatsRow } from '@intake/core';
import { toNumber } from './normalize.js';

/** Aggregates over an organization's jobs created since `since`, in two indexed queries. */
export async function jobStats(knex: Knex, orgId: string, since: string): Promise<JobStatsRow> {
  const finished = "status in ('completed', 'failed') and processing_time_ms is not null";
  const confident = "status = 'completed' and overall_confidence is not null";
  const totals = await knex.raw(
    `select count(*) as total,
            count(*) filter (where status = 'completed') as completed,
            count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status = 'queued') as queued,
            count(*) filter (where status = 'processing') as processing,
            coalesce(sum(processing_time_ms) filter (where ${finished}), 0) as time_sum,
            count(*) filter (where ${finished}) as time_count,
            coalesce(sum(overall_confidence) filter (where ${confident}), 0) as confidence_sum,
            count(*) filter (where ${confident}) as confidence_count,
            coalesce(sum(cost_credits), 0) as credits
       from jobs where org_id = ? and created_at >= ?`,
    [orgId, since],
  );
  const byExtractor = await knex.raw(
    `select j.extractor_id, coalesce(max(e.name), max(j.extractor_name)) as extractor_name, count(*) as job_count,
            count(*) filter (where j.status = 'completed') as completed,
            count(*) filter (where j.status = 'failed') as failed
       from jobs j left join extractors e on e.id = j.extractor_id and e.deleted_at is null
      where j.org_id = ? and j.created_at >= ?
      group by j.extractor_id order by count(*) desc, j.extractor_id`,
    [orgId, since],
  );
  const t = totals.rows[0];
  return {
    total_jobs: toNumber(t.total),
    completed_jobs: toNumber(t.completed),
    failed_jobs: toNumber(t.failed),
    queued_jobs: toNumber(t.queued),
    processing_jobs: toNumber(t.processing),
    processing_time_sum: toNumber(t.time_sum),
    processing_time_count: toNumber(t.time_count),
    confidence_sum: toNumber(t.confidence_sum),
    confidence_count: toNumber(t.confidence_count),
    total_credits_used: toNumber(t.credits),
    by_extractor: byExtractor.rows.map((r: Record<string, unknown>) => ({
      extractor_id: String(r.extractor_id),
      extractor_name: String(r.extractor_name),
      job_count: toNumber(r.job_count),
      completed: toNumber(r.completed),
      failed: toNumber(r.failed),
    })),
  };
}
