import type { Knex } from 'knex';
import type { JobFilter, JobRecord, JobStatsRow } from '@intake/core';
import { countOf, toIso, toNumber } from './normalize.js';

/*
 * Counts and statistics over `job_rollups` (migration 003): finished jobs per organization, UTC hour
 * of creation, extractor and status. Whole hours inside a range come from the rollup; the partial
 * hours at its edges and the unfinished jobs (queued, processing: they still change, and are few)
 * are counted from `jobs`. The answers are exact, as if every job had been read.
 */

const HOUR_MS = 3_600_000;
const FINISHED = ['completed', 'failed'] as const;
const hourOf = (iso: string) => Math.floor(Date.parse(iso) / HOUR_MS);
const hourStart = (hour: number) => new Date(hour * HOUR_MS).toISOString();

type Rolled = Pick<JobRecord, 'org_id' | 'extractor_id' | 'extractor_name' | 'status' | 'created_at' | 'processing_time_ms' | 'overall_confidence' | 'cost_credits'>;

/** The columns a rollup needs, as `delete ... returning` gives them. */
export const ROLLED_COLUMNS = ['org_id', 'extractor_id', 'extractor_name', 'status', 'created_at', 'processing_time_ms', 'overall_confidence', 'cost_credits'];
export const rolledFromRow = (row: Record<string, unknown>): Rolled => ({
  org_id: String(row.org_id),
  extractor_id: String(row.extractor_id),
  extractor_name: String(row.extractor_name),
  status: row.status as JobRecord['status'],
  created_at: toIso(row.created_at),
  processing_time_ms: row.processing_time_ms === null ? null : toNumber(row.processing_time_ms),
  overall_confidence: row.overall_confidence === null ? null : toNumber(row.overall_confidence),
  cost_credits: toNumber(row.cost_credits),
});

/**
 * Adds finished jobs to the rollup (sign 1: a job finished, or was inserted finished) or takes them
 * out (sign -1: deleted). Call it in the transaction that makes the change. Keys are updated in
 * sorted order, so two transactions touching the same keys cannot deadlock on each other.
 */
export async function adjustRollups(knex: Knex, jobs: Rolled[], sign: 1 | -1): Promise<void> {
  const deltas = new Map<string, Record<string, string | number>>();
  for (const job of jobs) {
    if (!(FINISHED as readonly string[]).includes(job.status)) continue;
    const key = { org_id: job.org_id, hour: hourOf(job.created_at), extractor_id: job.extractor_id, extractor_name: job.extractor_name, status: job.status };
    const id = JSON.stringify(key);
    const d = deltas.get(id) ?? { ...key, job_count: 0, time_sum: 0, time_count: 0, confidence_sum: 0, confidence_count: 0, credits: 0 };
    const add = (column: string, value: number) => (d[column] = Number(d[column]) + sign * value);
    add('job_count', 1);
    if (job.processing_time_ms !== null) (add('time_sum', job.processing_time_ms), add('time_count', 1));
    if (job.overall_confidence !== null) (add('confidence_sum', job.overall_confidence), add('confidence_count', 1));
    add('credits', job.cost_credits);
    deltas.set(id, d);
  }
  const keyColumns = ['org_id', 'hour', 'extractor_id', 'extractor_name', 'status'];
  for (const id of [...deltas.keys()].sort()) {
    const d = deltas.get(id)!;
    const merge = Object.fromEntries(['job_count', 'time_sum', 'time_count', 'confidence_sum', 'confidence_count', 'credits'].map((c) => [c, knex.raw(`job_rollups.${c} + excluded.${c}`)]));
    await knex('job_rollups').insert(d).onConflict(keyColumns).merge(merge);
    // A bucket emptied by retention goes away, so the rollup does not keep growing with dead hours.
    if (sign < 0) await knex('job_rollups').where(Object.fromEntries(keyColumns.map((c) => [c, d[c]]))).andWhere('job_count', '<=', 0).delete();
  }
}

/**
 * Exact count(*) of a list. Without min_confidence or metadata (which the rollup does not know) and
 * for finished or all statuses, whole hours in the range are summed from the rollup.
 */
export async function countJobs(knex: Knex, orgId: string, filter: JobFilter, filtered: () => Knex.QueryBuilder): Promise<number> {
  const plain = () => countOf(filtered().count({ count: '*' }));
  const finishedOnly = filter.status !== undefined && (FINISHED as readonly string[]).includes(filter.status);
  if (filter.min_confidence !== undefined || (filter.metadata && Object.keys(filter.metadata).length) || (filter.status !== undefined && !finishedOnly)) return plain();
  // Whole hours strictly inside (created_after, created_before): [lo, hi).
  const lo = filter.created_after ? hourOf(filter.created_after) + 1 : null;
  const hi = filter.created_before ? hourOf(filter.created_before) : null;
  if (lo !== null && hi !== null && lo >= hi) return plain();
  const statuses = filter.status ? [filter.status] : [...FINISHED];
  const rolled = knex('job_rollups').where({ org_id: orgId }).whereIn('status', statuses);
  if (filter.extractor_id) rolled.andWhere({ extractor_id: filter.extractor_id });
  if (lo !== null) rolled.andWhere('hour', '>=', lo);
  if (hi !== null) rolled.andWhere('hour', '<', hi);
  const parts = [countOf(rolled.select(knex.raw('coalesce(sum(job_count), 0) as count')))];
  if (!finishedOnly || lo !== null || hi !== null) {
    const rest = filtered().andWhere((q) => {
      if (!finishedOnly) q.orWhereIn('status', ['queued', 'processing']);
      if (lo !== null) q.orWhere((edge) => edge.whereIn('status', statuses).andWhere('created_at', '<', hourStart(lo)));
      if (hi !== null) q.orWhere((edge) => edge.whereIn('status', statuses).andWhere('created_at', '>=', hourStart(hi)));
    });
    parts.push(countOf(rest.count({ count: '*' })));
  }
  return (await Promise.all(parts)).reduce((a, b) => a + b, 0);
}

/** Aggregates over an organization's jobs created since `since`: the rollup's whole hours plus the rest from `jobs`. */
export async function jobStats(knex: Knex, orgId: string, since: string): Promise<JobStatsRow> {
  const lo = Math.ceil(Date.parse(since) / HOUR_MS);
  const { rows } = await knex.raw(
    `with parts as (
       select extractor_id, extractor_name, status, job_count as n, time_sum, time_count, confidence_sum, confidence_count, credits
         from job_rollups where org_id = ? and hour >= ?
       union all
       select extractor_id, extractor_name, status, count(*),
              coalesce(sum(processing_time_ms) filter (where status in ('completed', 'failed')), 0),
              count(processing_time_ms) filter (where status in ('completed', 'failed')),
              coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
         from jobs where org_id = ? and created_at >= ? and (status in ('queued', 'processing') or created_at < ?)
        group by extractor_id, extractor_name, status
     )
     select p.extractor_id, coalesce(max(e.name), max(p.extractor_name)) as extractor_name, sum(n) as job_count,
            coalesce(sum(n) filter (where status = 'completed'), 0) as completed,
            coalesce(sum(n) filter (where status = 'failed'), 0) as failed,
            coalesce(sum(n) filter (where status = 'queued'), 0) as queued,
            coalesce(sum(n) filter (where status = 'processing'), 0) as processing,
            sum(time_sum) as time_sum, sum(time_count) as time_count,
            coalesce(sum(confidence_sum) filter (where status = 'completed'), 0) as confidence_sum,
            coalesce(sum(confidence_count) filter (where status = 'completed'), 0) as confidence_count,
            sum(credits) as credits
       from parts p left join extractors e on e.id = p.extractor_id and e.deleted_at is null
      group by p.extractor_id order by sum(n) desc, p.extractor_id`,
    [orgId, lo, orgId, since, hourStart(lo)],
  );
  const total = (column: string) => rows.reduce((sum: number, r: Record<string, unknown>) => sum + toNumber(r[column]), 0);
  return {
    total_jobs: total('job_count'),
    completed_jobs: total('completed'),
    failed_jobs: total('failed'),
    queued_jobs: total('queued'),
    processing_jobs: total('processing'),
    processing_time_sum: total('time_sum'),
    processing_time_count: total('time_count'),
    confidence_sum: total('confidence_sum'),
    confidence_count: total('confidence_count'),
    total_credits_used: total('credits'),
    by_extractor: rows.map((r: Record<string, unknown>) => ({
      extractor_id: String(r.extractor_id),
      extractor_name: String(r.extractor_name),
      job_count: toNumber(r.job_count),
      completed: toNumber(r.completed),
      failed: toNumber(r.failed),
    })),
  };
}
