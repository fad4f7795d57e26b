import type { Knex } from 'knex';
import type { DailyJobCounts } from '@intake/core/ports';
import type { Environment, JobRecord } from '@intake/core';
import { cappedTotal, countedJobByJob } from '@intake/core/jobs';
import { type JobFilter, type JobPage, type JobStatsRow } from '@intake/core/ports';
import { countOf, toIso, toNumber, type Row } from './normalize.js';

/*
 * Counts and statistics over the rollups of migration 003: finished jobs per organization, UTC hour
 * (or day and confidence hundredth) of creation, extractor and status. Whole hours or days inside a
 * range come from a rollup; the partial ones at its edges and the unfinished jobs (queued,
 * processing: they still change, and are few) are counted from `jobs` through covering indexes.
 * The answers are exact, as if every job had been read; only a count the rollups cannot give stops
 * at a caller's limit (countJobs).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const FINISHED: string[] = ['completed', 'failed'];
const OPEN: string[] = ['queued', 'processing'];
const unitOf = (iso: string, ms: number) => Math.floor(Date.parse(iso) / ms);
const unitStart = (unit: number, ms: number) => new Date(unit * ms).toISOString();
/** floor(c * 100) in IEEE doubles, as SQL computes it on a double precision column; -1 for none. */
const bucketOf = (confidence: number | null) => (confidence === null ? -1 : Math.floor(confidence * 100));

/**
 * The lowest bucket all of whose values are >= x: x's own bucket when not even the double just
 * below x falls in it (x = 0.9: yes), else the next one (x = 0.905: bucket 90 holds 0.901).
 */
function firstBucketAtLeast(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  if (x > 0) view.setBigUint64(0, view.getBigUint64(0) - 1n);
  const below = x > 0 ? view.getFloat64(0) : -Number.MIN_VALUE;
  return Math.floor(below * 100) < bucketOf(x) ? bucketOf(x) : bucketOf(x) + 1;
}

type Rolled = Pick<
  JobRecord,
  | 'org_id'
  | 'environment'
  | 'extractor_id'
  | 'extractor_name'
  | 'status'
  | 'created_at'
  | 'processing_time_ms'
  | 'overall_confidence'
  | 'cost_credits'
>;

/** The columns a rollup needs, as `delete ... returning` gives them. */
export const ROLLED_COLUMNS = [
  'org_id',
  'environment',
  'extractor_id',
  'extractor_name',
  'status',
  'created_at',
  'processing_time_ms',
  'overall_confidence',
  'cost_credits',
];
export const rolledFromRow = (row: Record<string, unknown>): Rolled => ({
  org_id: String(row.org_id),
  environment: row.environment as JobRecord['environment'],
  extractor_id: String(row.extractor_id),
  extractor_name: String(row.extractor_name),
  status: row.status as JobRecord['status'],
  created_at: toIso(row.created_at),
  processing_time_ms: row.processing_time_ms === null ? null : toNumber(row.processing_time_ms),
  overall_confidence: row.overall_confidence === null ? null : toNumber(row.overall_confidence),
  cost_credits: toNumber(row.cost_credits),
});

/** Each rollup: its key for a job, and what a job adds to its sums. */
const ROLLUPS = [
  {
    table: 'job_rollups',
    key: (j: Rolled) => ({
      org_id: j.org_id,
      environment: j.environment,
      hour: unitOf(j.created_at, HOUR_MS),
      extractor_id: j.extractor_id,
      extractor_name: j.extractor_name,
      status: j.status,
    }),
    sums: (j: Rolled) => ({
      job_count: 1,
      time_sum: j.processing_time_ms ?? 0,
      time_count: j.processing_time_ms === null ? 0 : 1,
      confidence_sum: j.overall_confidence ?? 0,
      confidence_count: j.overall_confidence === null ? 0 : 1,
      credits: j.cost_credits,
    }),
  },
  {
    table: 'job_confidence_rollups',
    key: (j: Rolled) => ({
      org_id: j.org_id,
      environment: j.environment,
      day: unitOf(j.created_at, DAY_MS),
      extractor_id: j.extractor_id,
      status: j.status,
      confidence_bucket: bucketOf(j.overall_confidence),
    }),
    sums: () => ({ job_count: 1 }),
  },
];

/** One rollup row being summed: its key columns and its summed columns. */
type RollupSums = { key: Record<string, unknown>; sums: Record<string, number> };
/**
 * Adds finished jobs to the rollups (sign 1: a job finished, or was inserted finished) or takes them
 * out (sign -1: deleted). Call it in the transaction that makes the change. Rows are written in one
 * order (table, then sorted key), so two transactions touching the same rows cannot deadlock.
 */
export async function adjustRollups(knex: Knex, jobs: Rolled[], sign: 1 | -1): Promise<void> {
  const finished = jobs.filter((j) => FINISHED.includes(j.status));
  if (finished.length === 0) return;
  const upserts: Array<{ table: string; key: Record<string, unknown>; statement: Knex.QueryBuilder }> = [];
  for (const rollup of ROLLUPS) {
    const rows = new Map<string, RollupSums>();
    for (const job of finished) {
      const key = rollup.key(job);
      const id = JSON.stringify(key);
      const row: RollupSums = rows.get(id) ?? { key, sums: {} };
      for (const [column, value] of Object.entries(rollup.sums(job)))
        row.sums[column] = (row.sums[column] ?? 0) + sign * value;
      rows.set(id, row);
    }
    for (const id of [...rows.keys()].sort()) {
      const { key, sums } = rows.get(id)!;
      const merge = Object.fromEntries(
        Object.keys(sums).map((c) => [c, knex.raw(`${rollup.table}.${c} + excluded.${c}`)]),
      );
      upserts.push({
        table: rollup.table,
        key,
        statement: knex(rollup.table)
          .insert({ ...key, ...sums })
          .onConflict(Object.keys(key))
          .merge(merge),
      });
    }
  }
  if (sign > 0 && upserts.length === 2) {
    // A job finishing (the hot path): both rows in one round trip. PostgreSQL runs an unreferenced
    // data-modifying CTE after the main statement, the same order in every such transaction.
    const [first, second] = upserts.map((u) => u.statement.toSQL());
    await knex.raw(`with later as (${second!.sql}) ${first!.sql}`, [...second!.bindings, ...first!.bindings]);
    return;
  }
  for (const { table, key, statement } of upserts) {
    await statement;
    // A bucket emptied by retention goes away, so rollups do not keep growing with dead periods.
    if (sign < 0) await knex(table).where(key).andWhere('job_count', '<=', 0).delete();
  }
}

/**
 * Exact count(*) of a list. Without metadata (which no rollup knows) and for finished or all
 * statuses, whole hours (days with min_confidence) strictly inside the range come from a rollup and
 * the rest from `jobs`, in disjoint parts summed by one statement.
 */
export async function countJobs(
  knex: Knex,
  orgId: string,
  mode: Environment,
  filter: JobFilter,
  filtered: () => Knex.QueryBuilder,
  countLimit?: number,
): Promise<Pick<JobPage, 'total' | 'totalCapped'>> {
  const plain = async () => ({ total: await countOf(filtered().count({ count: '*' })) });
  const finishedOnly = filter.status !== undefined && FINISHED.includes(filter.status);
  // No rollup knows metadata or needs_review (which a correction changes after the job finished),
  // nor the register's filters. Such a count reads every match; under a limit it stops one beyond
  // it, which is all a broad search's total costs then (a seq scan stopping early, or the GIN
  // index's matches for a narrow one).
  if (countedJobByJob(filter)) {
    if (countLimit === undefined) return plain();
    const matches = filtered()
      .select(knex.raw('1'))
      .limit(countLimit + 1);
    return cappedTotal(await countOf(knex.from(matches.as('matches')).count({ count: '*' })), countLimit);
  }
  const byConfidence = filter.min_confidence !== undefined;
  const unitMs = byConfidence ? DAY_MS : HOUR_MS;
  const unit = byConfidence ? 'day' : 'hour';
  // Whole units strictly inside (created_after, created_before): [lo, hi).
  const lo = filter.created_after ? unitOf(filter.created_after, unitMs) + 1 : null;
  const hi = filter.created_before ? unitOf(filter.created_before, unitMs) : null;
  if (lo !== null && hi !== null && lo >= hi) return plain();
  const minBucket = byConfidence ? firstBucketAtLeast(filter.min_confidence!) : null;
  const statuses = filter.status ? [filter.status] : FINISHED;
  const rolled = knex(byConfidence ? 'job_confidence_rollups' : 'job_rollups')
    .where({ org_id: orgId, environment: mode })
    .whereIn('status', statuses);
  if (filter.extractor_id) rolled.andWhere({ extractor_id: filter.extractor_id });
  if (lo !== null) rolled.andWhere(unit, '>=', lo);
  if (hi !== null) rolled.andWhere(unit, '<', hi);
  if (minBucket !== null) rolled.andWhere('confidence_bucket', '>=', minBucket);
  const parts: Knex.QueryBuilder[] = [rolled.select(knex.raw('coalesce(sum(job_count), 0)'))];
  const rest = () => filtered().whereIn('status', statuses).count('*');
  if (!finishedOnly) parts.push(filtered().whereIn('status', OPEN).count('*'));
  if (lo !== null) parts.push(rest().andWhere('created_at', '<', unitStart(lo, unitMs)));
  if (hi !== null) parts.push(rest().andWhere('created_at', '>=', unitStart(hi, unitMs)));
  if (minBucket !== null) {
    // Finished jobs in whole days whose bucket is below minBucket. floor(c * 100) < minBucket implies
    // c < minBucket / 100 give or take rounding (~1e-15): this bound lets an index range find them.
    const edge = rest()
      .andWhere('overall_confidence', '<', minBucket / 100 + 1e-9)
      .andWhereRaw('floor(overall_confidence * 100) < ?', [minBucket]);
    if (lo !== null) edge.andWhere('created_at', '>=', unitStart(lo, unitMs));
    if (hi !== null) edge.andWhere('created_at', '<', unitStart(hi, unitMs));
    parts.push(edge);
  }
  const { rows } = await knex.raw<{ rows: Row[] }>(`select ${parts.map(() => '(?)').join(' + ')} as count`, parts);
  return { total: toNumber(rows[0]?.count) };
}

/** Aggregates over an organization's jobs of one mode created since `since`: the rollup's whole hours plus the rest from `jobs`. */
export async function jobStats(knex: Knex, orgId: string, mode: Environment, since: string): Promise<JobStatsRow> {
  const lo = Math.ceil(Date.parse(since) / HOUR_MS);
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `with parts as (
       select extractor_id, extractor_name, status, job_count as n, time_sum, time_count, confidence_sum, confidence_count, credits
         from job_rollups where org_id = ? and environment = ? and hour >= ?
       union all
       select extractor_id, extractor_name, status, count(*),
              coalesce(sum(processing_time_ms) filter (where status in ('completed', 'failed')), 0),
              count(processing_time_ms) filter (where status in ('completed', 'failed')),
              coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
         from jobs where org_id = ? and environment = ? and created_at >= ? and (status in ('queued', 'processing') or created_at < ?)
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
    [orgId, mode, lo, orgId, mode, since, unitStart(lo, HOUR_MS)],
  );
  const total = (column: string) =>
    rows.reduce((sum: number, r: Record<string, unknown>) => sum + toNumber(r[column]), 0);
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

/**
 * Finished jobs per UTC day of creation from the hourly rollup alone: it holds every finished job,
 * and whole days from a midnight on are whole hours, so nothing needs reading from `jobs`.
 */
export async function dailyJobCounts(
  knex: Knex,
  orgId: string,
  mode: Environment,
  sinceDay: string,
): Promise<DailyJobCounts[]> {
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `select floor(hour / 24) as day,
            coalesce(sum(job_count) filter (where status = 'completed'), 0) as completed,
            coalesce(sum(job_count) filter (where status = 'failed'), 0) as failed
       from job_rollups where org_id = ? and environment = ? and hour >= ?
      group by floor(hour / 24) order by 1`,
    [orgId, mode, Math.ceil(Date.parse(sinceDay) / HOUR_MS)],
  );
  return rows.map((r) => ({
    day: unitStart(toNumber(r.day), DAY_MS).slice(0, 10),
    completed: toNumber(r.completed),
    failed: toNumber(r.failed),
  }));
}
