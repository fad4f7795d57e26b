import type { Knex } from 'knex';
import type { DailyJobCounts } from '@intake/core/ports';
import type { JobRecord, Environment } from '@intake/core';
import type {
  ClaimOptions,
  CompletedResult,
  FailedResult,
  IdempotencyClaim,
  InsertJobResult,
  JobFilter,
  JobPage,
  JobPageRequest,
  JobStatsRow,
  JobStore,
  JobTombstone,
  ReprocessRequestResult,
  ResultVersion,
} from '@intake/core/ports';
import { documentWords, requestReprocess, resultVersions } from './job-reprocess.js';
import { claimJob, releaseCredits } from './job-queue.js';
import { applyRegisterFilter, registerPage } from './job-register.js';
import { fromJobRow, toJobRow } from './job-rows.js';
import { adjustRollups, countJobs, dailyJobCounts, jobStats, ROLLED_COLUMNS, rolledFromRow } from './job-stats.js';
import { countOf, toIso, toJson, toNumber, toTextOrNull, type Row } from './normalize.js';

/** The job queue on PostgreSQL / PGlite. Every multi-step change runs in one transaction. */
export class SqlJobStore implements JobStore {
  constructor(private readonly knex: Knex) {}

  async insert(job: JobRecord, idempotency?: IdempotencyClaim): Promise<InsertJobResult> {
    return this.knex.transaction(async (trx) => {
      if (idempotency) {
        await trx('idempotency_keys')
          .where({ org_id: job.org_id, environment: job.environment, key: idempotency.key })
          .andWhere('created_at', '<', idempotency.notBefore)
          .delete();
        // A concurrent request with the same key waits here on the unique index until the first commits.
        const claimed = await trx('idempotency_keys')
          .insert({
            org_id: job.org_id,
            environment: job.environment,
            key: idempotency.key,
            request_hash: idempotency.requestHash,
            job_id: job.id,
            created_at: job.created_at,
          })
          .onConflict(['org_id', 'environment', 'key'])
          .ignore()
          .returning('key');
        if (claimed.length === 0) {
          const existing = (await trx<Row>('idempotency_keys')
            .where({ org_id: job.org_id, environment: job.environment, key: idempotency.key })
            .first())!;
          if (existing.request_hash !== idempotency.requestHash) return { outcome: 'idempotency_conflict' };
          const earlier = await trx<Row>('jobs').where({ id: existing.job_id, environment: job.environment }).first();
          if (earlier) return { outcome: 'replayed', job: fromJobRow(earlier) };
          await trx('idempotency_keys')
            .where({ org_id: job.org_id, environment: job.environment, key: idempotency.key })
            .update({ job_id: job.id, created_at: job.created_at });
        }
      }
      await trx('jobs').insert(toJobRow(job));
      // Only imports and tests insert jobs already finished; those count in the rollup at once.
      await adjustRollups(trx, [job], 1);
      return { outcome: 'created', job };
    });
  }

  async findEarlier(
    orgId: string,
    mode: Environment,
    query: { blobKey?: string; dedupeKey?: string; since: string; excludeId?: string },
  ): Promise<JobRecord | null> {
    if (!query.blobKey && !query.dedupeKey) return null;
    const q = this.knex<Row>('jobs')
      .where({ org_id: orgId, environment: mode })
      .andWhere('created_at', '>=', query.since);
    if (query.blobKey) q.andWhere({ blob_key: query.blobKey }).andWhereNot({ status: 'failed' });
    if (query.dedupeKey) q.andWhere({ dedupe_key: query.dedupeKey, status: 'completed' });
    if (query.excludeId) q.andWhereNot({ id: query.excludeId });
    const row = await q
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .first();
    return row ? fromJobRow(row) : null;
  }

  async get(orgId: string, mode: Environment | null, id: string): Promise<JobRecord | null> {
    const row = await this.knex<Row>('jobs')
      .where({ org_id: orgId, id, ...(mode ? { environment: mode } : {}) })
      .first();
    return row ? fromJobRow(row) : null;
  }

  async list(orgId: string, mode: Environment, filter: JobFilter, page: JobPageRequest): Promise<JobPage> {
    const filtered = () => {
      const q = this.knex('jobs').where({ org_id: orgId, environment: mode });
      if (filter.extractor_id) q.andWhere({ extractor_id: filter.extractor_id });
      if (filter.status) q.andWhere({ status: filter.status });
      if (filter.created_after) q.andWhere('created_at', '>', filter.created_after);
      if (filter.created_before) q.andWhere('created_at', '<', filter.created_before);
      if (filter.min_confidence !== undefined) q.andWhere('overall_confidence', '>=', filter.min_confidence);
      if (filter.needs_review !== undefined) q.andWhere({ needs_review: filter.needs_review });
      if (filter.metadata && Object.keys(filter.metadata).length)
        q.andWhereRaw('metadata @> ?::jsonb', [toJson(filter.metadata)]);
      applyRegisterFilter(q, filter);
      return q;
    };
    // Any other order than the default: keyset over (sort key, id), see job-register.ts.
    const sortedRows = registerPage(filtered, page);
    if (sortedRows) {
      const [rows, total] = await Promise.all([
        sortedRows,
        countJobs(this.knex, orgId, mode, filter, filtered, page.countLimit),
      ]);
      return { items: rows.map(fromJobRow), ...total };
    }
    const order = [
      { column: 'created_at', order: 'desc' as const },
      { column: 'id', order: 'desc' as const },
    ];
    // The page's ids first, from a covering index (migration 003), then only those rows: a deep
    // offset skips index entries instead of reading and discarding thousands of 2 KB rows. A
    // keyset position (`after`) is a row comparison the same index starts its scan at, so a page
    // a million jobs deep reads what the first page reads (test/bench/jobs/keyset.ts).
    const ids = filtered().select('id');
    if (page.after) ids.andWhereRaw('(created_at, id) < (?::timestamptz, ?)', [page.after.created_at, page.after.id]);
    const [rows, total] = await Promise.all([
      this.knex('jobs').whereIn('id', ids.orderBy(order).limit(page.limit).offset(page.offset)).orderBy(order),
      countJobs(this.knex, orgId, mode, filter, filtered, page.countLimit),
    ]);
    return { items: rows.map(fromJobRow), ...total };
  }

  stats(orgId: string, mode: Environment, since: string): Promise<JobStatsRow> {
    return jobStats(this.knex, orgId, mode, since);
  }

  daily(orgId: string, mode: Environment, sinceDay: string): Promise<DailyJobCounts[]> {
    return dailyJobCounts(this.knex, orgId, mode, sinceDay);
  }

  claim(options: ClaimOptions): Promise<JobRecord | null> {
    return claimJob(this.knex, options);
  }

  async extendLease(id: string, workerId: string, until: string): Promise<boolean> {
    const count = await this.knex('jobs')
      .where({ id, lease_owner: workerId, status: 'processing' })
      .update({ lease_expires_at: until });
    return toNumber(count) > 0;
  }

  async findExhausted(now: string, maxAttempts: number, limit: number): Promise<JobRecord[]> {
    const rows = await this.knex('jobs')
      .where({ status: 'processing' })
      .andWhere('lease_expires_at', '<', now)
      .andWhere('attempts', '>=', maxAttempts)
      .orderBy('lease_expires_at')
      .limit(limit);
    return rows.map(fromJobRow);
  }

  async markCompleted(id: string, workerId: string, result: CompletedResult): Promise<JobRecord | null> {
    return this.finish(id, (q) => q.andWhere({ lease_owner: workerId }), {
      status: 'completed',
      extracted_data: toJson(result.extracted_data),
      confidence: toJson(result.confidence),
      ...(result.field_locations ? { field_locations: toJson(result.field_locations) } : {}),
      overall_confidence: result.overall_confidence,
      validation_errors: toJson(result.validation_errors),
      needs_review: result.needs_review,
      page_count: result.page_count,
      processing_time_ms: result.processing_time_ms,
      cost_credits: result.cost_credits,
      completed_at: result.completed_at,
      ...(result.routing ? { routing: toJson(result.routing) } : {}),
      ...(result.dedupe_key ? { dedupe_key: result.dedupe_key } : {}),
      ...(result.duplicate ? { duplicate: toJson(result.duplicate) } : {}),
      ...(result.payment_details !== undefined
        ? { payment_details: result.payment_details === null ? null : toJson(result.payment_details) }
        : {}),
      ...(result.vendor_key ? { vendor_key: result.vendor_key } : {}),
      ...(result.payment_details_changed ? { payment_details_changed: toJson(result.payment_details_changed) } : {}),
      ...(result.document_text !== undefined ? { doc_words: documentWords(this.knex, result.document_text) } : {}),
    });
  }

  async markFailed(id: string, workerId: string | null, result: FailedResult, now: string): Promise<JobRecord | null> {
    const fence = (q: Knex.QueryBuilder) =>
      workerId === null ? q.andWhere('lease_expires_at', '<', now) : q.andWhere({ lease_owner: workerId });
    return this.finish(id, fence, {
      status: 'failed',
      error_details: toJson(result.error_details),
      processing_time_ms: result.processing_time_ms,
      // A failed reprocessing keeps what the first result was charged.
      cost_credits: this.knex.raw('case when reprocess_requested_at is null then 0 else cost_credits end'),
      failed_at: result.failed_at,
      ...(result.duplicate ? { duplicate: toJson(result.duplicate) } : {}),
    });
  }

  /** Ends a processing job if the fence holds, releasing its credit reservation in the same transaction. */
  private async finish(
    id: string,
    fence: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
    values: Record<string, unknown>,
  ): Promise<JobRecord | null> {
    return this.knex.transaction(async (trx) => {
      const held = await fence(trx<Row>('jobs').where({ id, status: 'processing' }))
        .forUpdate()
        .first<Row | undefined>('org_id', 'reserved_credits');
      if (!held) return null;
      const [row] = await trx<Row>('jobs')
        .where({ id })
        .update({
          ...values,
          lease_owner: null,
          lease_expires_at: null,
          reserved_credits: 0,
          reprocess_requested_at: null,
        })
        .returning('*');
      await releaseCredits(trx, String(held.org_id), toNumber(held.reserved_credits));
      const finished = fromJobRow(row!);
      await adjustRollups(trx, [finished], 1);
      return finished;
    });
  }

  async release(id: string, workerId: string): Promise<boolean> {
    const count = await this.knex('jobs')
      .where({ id, lease_owner: workerId, status: 'processing' })
      .update({ status: 'queued', lease_owner: null, lease_expires_at: null });
    return toNumber(count) > 0;
  }

  async unblock(orgId: string): Promise<number> {
    // No `where blocked_on_credits` on purpose: a row a claimer is blocking right now did not match
    // that condition in this statement's snapshot; matching on status makes us wait for it instead.
    const count = await this.knex('jobs')
      .where({ org_id: orgId, status: 'queued' })
      .update({ blocked_on_credits: false });
    return toNumber(count);
  }

  countQueued(orgId: string, environment: 'test' | 'live'): Promise<number> {
    return countOf(this.knex('jobs').where({ org_id: orgId, status: 'queued', environment }).count({ count: '*' }));
  }

  async deleteOne(
    orgId: string,
    mode: Environment,
    id: string,
    audit: { deletedAt: string; keyId: string | null },
  ): Promise<{ job: JobRecord; orphanBlobKey: string | null } | null> {
    return this.knex.transaction(async (trx) => {
      const [row] = await trx<Row>('jobs')
        .where({ org_id: orgId, environment: mode, id })
        .whereNot({ status: 'processing' })
        .delete()
        .returning('*');
      if (!row) return null;
      const job = fromJobRow(row);
      await adjustRollups(trx, [job], -1);
      await trx('idempotency_keys').where({ job_id: id }).delete();
      await trx('job_tombstones').insert({
        id,
        org_id: orgId,
        environment: mode,
        deleted_at: audit.deletedAt,
        key_id: audit.keyId,
      });
      const used: unknown = await trx('jobs').where({ blob_key: job.blob_key }).first('id');
      return { job, orphanBlobKey: used ? null : job.blob_key };
    });
  }

  requestReprocess(
    orgId: string,
    mode: Environment,
    id: string,
    request: { at: string; maxVersions: number; idempotency?: IdempotencyClaim },
  ): Promise<ReprocessRequestResult> {
    return requestReprocess(this.knex, orgId, mode, id, request);
  }

  resultVersions(orgId: string, mode: Environment, id: string): Promise<ResultVersion[]> {
    return resultVersions(this.knex, orgId, mode, id);
  }

  async findTombstone(orgId: string, id: string): Promise<JobTombstone | null> {
    const row = await this.knex<Row>('job_tombstones').where({ org_id: orgId, id }).first();
    if (!row) return null;
    return {
      id: String(row.id),
      org_id: String(row.org_id),
      environment: row.environment as Environment,
      deleted_at: toIso(row.deleted_at),
      key_id: toTextOrNull(row.key_id),
    };
  }

  async deleteCreatedBefore(
    cutoff: string,
    limit: number,
  ): Promise<{ deleted: number; ids: string[]; orphanBlobKeys: string[] }> {
    return this.knex.transaction(async (trx) => {
      const doomed = await trx('jobs')
        .where('created_at', '<', cutoff)
        .whereNot({ status: 'processing' })
        .limit(limit)
        .select('id', 'blob_key', 'org_id');
      if (doomed.length === 0) return { deleted: 0, ids: [], orphanBlobKeys: [] };
      const ids = doomed.map((d: { id: string }) => d.id);
      const gone = await trx('jobs').whereIn('id', ids).delete().returning(ROLLED_COLUMNS);
      await adjustRollups(trx, gone.map(rolledFromRow), -1);
      await trx('idempotency_keys').whereIn('job_id', ids).delete();
      const keys = [...new Set(doomed.map((d: { blob_key: string }) => d.blob_key))];
      const stillUsed = new Set(
        (await trx('jobs').whereIn('blob_key', keys).distinct('blob_key')).map((r: { blob_key: string }) => r.blob_key),
      );
      return { deleted: ids.length, ids, orphanBlobKeys: keys.filter((k) => !stillUsed.has(k)) };
    });
  }

  async findCreatedBefore(
    cutoff: string,
  ): Promise<{ ids: string[]; orphanBlobs: { key: string; size_bytes: number }[] }> {
    const doomed = await this.knex<Row>('jobs')
      .where('created_at', '<', cutoff)
      .whereNot({ status: 'processing' })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select('id');
    // A file is orphaned when every job that uses it goes: no job outside the set holds its key.
    const orphans = await this.knex.raw<{ rows: Row[] }>(
      `select blob_key as key, max(size_bytes) as size_bytes from jobs d
       where d.created_at < ? and d.status <> 'processing'
         and not exists (select 1 from jobs k where k.blob_key = d.blob_key
                         and not (k.created_at < ? and k.status <> 'processing'))
       group by blob_key order by blob_key`,
      [cutoff, cutoff],
    );
    return {
      ids: doomed.map((d) => String(d.id)),
      orphanBlobs: orphans.rows.map((r) => ({ key: String(r.key), size_bytes: toNumber(r.size_bytes) })),
    };
  }
}
