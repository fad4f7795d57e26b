import type { Environment } from '../../keys/scopes.js';
import type { JobRecord } from '../../jobs/job.js';
import type {
  ClaimOptions,
  CompletedResult,
  DailyJobCounts,
  FailedResult,
  IdempotencyClaim,
  InsertJobResult,
  JobFilter,
  JobPageRequest,
  JobStatsRow,
  JobStore,
  JobTombstone,
  ReprocessRequestResult,
  ResultVersion,
} from '../../ports/job-store.port.js';
import { cappedTotal, countedJobByJob } from '../../jobs/job-count.js';
import { resultOf } from '../../jobs/result-version.js';
import { matchesRegister, sortRegister } from './job-register.js';
import { clone, newestFirst, paginate, type MemoryDb } from './memory-db.js';

const isSubset = (small: Record<string, unknown>, big: Record<string, unknown>) =>
  Object.entries(small).every(([k, v]) => big[k] === v);

/** The job queue in memory, with the same claim, fencing and reservation rules as the SQL one. */
export class MemoryJobStore implements JobStore {
  constructor(private readonly db: MemoryDb) {}
  private get jobs() {
    return this.db.tables.jobs;
  }

  async insert(job: JobRecord, idempotency?: IdempotencyClaim): Promise<InsertJobResult> {
    if (idempotency) {
      const slot = `${job.org_id}|${job.environment}|${idempotency.key}`;
      const existing = this.db.tables.idempotency.get(slot);
      if (existing && existing.createdAt >= idempotency.notBefore) {
        if (existing.requestHash !== idempotency.requestHash) return { outcome: 'idempotency_conflict' };
        const earlier = this.jobs.get(existing.jobId);
        if (earlier) return { outcome: 'replayed', job: clone(earlier) };
      }
      this.db.tables.idempotency.set(slot, {
        requestHash: idempotency.requestHash,
        jobId: job.id,
        createdAt: job.created_at,
      });
    }
    // As the SQL columns' defaults.
    const row: JobRecord = { result_version: 1, reprocess_requested_at: null, ...job };
    this.jobs.set(job.id, clone(row));
    return { outcome: 'created', job: clone(row) };
  }

  async get(orgId: string, mode: Environment | null, id: string) {
    const job = this.jobs.get(id);
    return job && job.org_id === orgId && (mode === null || job.environment === mode) ? clone(job) : null;
  }

  async list(orgId: string, mode: Environment, filter: JobFilter, page: JobPageRequest) {
    const rows = [...this.jobs.values()]
      .filter((j) => j.org_id === orgId && j.environment === mode)
      .filter((j) => !filter.extractor_id || j.extractor_id === filter.extractor_id)
      .filter((j) => !filter.status || j.status === filter.status)
      .filter((j) => !filter.created_after || Date.parse(j.created_at) > Date.parse(filter.created_after))
      .filter((j) => !filter.created_before || Date.parse(j.created_at) < Date.parse(filter.created_before))
      .filter(
        (j) =>
          filter.min_confidence === undefined ||
          (j.overall_confidence !== null && j.overall_confidence >= filter.min_confidence),
      )
      .filter((j) => filter.needs_review === undefined || j.needs_review === filter.needs_review)
      .filter((j) => !filter.metadata || isSubset(filter.metadata, j.metadata))
      .filter((j) => matchesRegister(j, filter, this.db.tables.documentTexts.get(j.id)));
    // As the SQL store: only a total it would count job by job stops at countLimit.
    const total = countedJobByJob(filter) ? cappedTotal(rows.length, page.countLimit) : { total: rows.length };
    if (page.sort) {
      const sorted = sortRegister(rows, page.sort, page.after);
      return { ...paginate(sorted.map(clone), page), ...total };
    }
    rows.sort(newestFirst);
    const after = page.after;
    // Keyset: the jobs that sort after the position (older, or as old with a smaller id).
    const start = after
      ? rows.filter((j) => j.created_at > after.created_at || (j.created_at === after.created_at && j.id >= after.id))
          .length
      : 0;
    return { ...paginate(rows.slice(start).map(clone), page), ...total };
  }

  async daily(orgId: string, mode: Environment, sinceDay: string): Promise<DailyJobCounts[]> {
    const days = new Map<string, DailyJobCounts>();
    for (const j of this.jobs.values()) {
      if (j.org_id !== orgId || j.environment !== mode || Date.parse(j.created_at) < Date.parse(sinceDay)) continue;
      if (j.status !== 'completed' && j.status !== 'failed') continue;
      const day = new Date(j.created_at).toISOString().slice(0, 10);
      const entry = days.get(day) ?? { day, completed: 0, failed: 0 };
      entry[j.status]++;
      days.set(day, entry);
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  async stats(orgId: string, mode: Environment, since: string): Promise<JobStatsRow> {
    const rows = [...this.jobs.values()].filter(
      (j) => j.org_id === orgId && j.environment === mode && Date.parse(j.created_at) >= Date.parse(since),
    );
    const finished = rows.filter(
      (j) => (j.status === 'completed' || j.status === 'failed') && j.processing_time_ms !== null,
    );
    const confident = rows.filter((j) => j.status === 'completed' && j.overall_confidence !== null);
    const byExtractor = new Map<string, JobStatsRow['by_extractor'][number]>();
    for (const j of rows) {
      const entry = byExtractor.get(j.extractor_id) ?? {
        extractor_id: j.extractor_id,
        extractor_name: j.extractor_name,
        job_count: 0,
        completed: 0,
        failed: 0,
      };
      entry.job_count++;
      if (j.status === 'completed') entry.completed++;
      if (j.status === 'failed') entry.failed++;
      const current = this.db.tables.extractors.get(j.extractor_id);
      if (current && current.deleted_at === null) entry.extractor_name = current.name;
      byExtractor.set(j.extractor_id, entry);
    }
    const count = (status: string) => rows.filter((j) => j.status === status).length;
    return {
      total_jobs: rows.length,
      completed_jobs: count('completed'),
      failed_jobs: count('failed'),
      queued_jobs: count('queued'),
      processing_jobs: count('processing'),
      processing_time_sum: finished.reduce((s, j) => s + (j.processing_time_ms ?? 0), 0),
      processing_time_count: finished.length,
      confidence_sum: confident.reduce((s, j) => s + (j.overall_confidence ?? 0), 0),
      confidence_count: confident.length,
      total_credits_used: rows.reduce((s, j) => s + j.cost_credits, 0),
      by_extractor: [...byExtractor.values()].sort(
        (a, b) => b.job_count - a.job_count || a.extractor_id.localeCompare(b.extractor_id),
      ),
    };
  }

  async claim(options: ClaimOptions) {
    const now = options.now.getTime();
    const expired = [...this.jobs.values()].filter(
      (j) => j.status === 'processing' && Date.parse(j.lease_expires_at!) < now && j.attempts < options.maxAttempts,
    );
    const queued = [...this.jobs.values()]
      .filter((j) => j.status === 'queued' && !j.blocked_on_credits)
      .sort((a, b) => b.priority - a.priority || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    for (const job of expired.length ? expired : queued) {
      const reserved = this.reserve(job);
      if (reserved === null) {
        job.blocked_on_credits = true;
        continue;
      }
      Object.assign(job, {
        status: 'processing',
        lease_owner: options.workerId,
        lease_expires_at: new Date(now + options.leaseMs).toISOString(),
        attempts: job.attempts + 1,
        started_at: job.started_at ?? options.now.toISOString(),
        reserved_credits: reserved,
        blocked_on_credits: false,
      });
      return clone(job);
    }
    return null;
  }

  private reserve(job: JobRecord): number | null {
    if (job.environment !== 'live' || job.estimated_cost === 0 || job.reprocess_requested_at) return 0;
    if (job.reserved_credits > 0) return job.reserved_credits;
    const balance = this.db.tables.balances.get(job.org_id) ?? { balance: 0, reserved: 0 };
    if (balance.balance - balance.reserved < job.estimated_cost) return null;
    balance.reserved += job.estimated_cost;
    this.db.tables.balances.set(job.org_id, balance);
    return job.estimated_cost;
  }

  async extendLease(id: string, workerId: string, until: string) {
    const job = this.jobs.get(id);
    if (!job || job.status !== 'processing' || job.lease_owner !== workerId) return false;
    job.lease_expires_at = until;
    return true;
  }

  async findExhausted(now: string, maxAttempts: number, limit: number) {
    return [...this.jobs.values()]
      .filter(
        (j) =>
          j.status === 'processing' && Date.parse(j.lease_expires_at!) < Date.parse(now) && j.attempts >= maxAttempts,
      )
      .slice(0, limit)
      .map(clone);
  }

  async findEarlier(
    orgId: string,
    mode: Environment,
    query: { blobKey?: string; dedupeKey?: string; since: string; excludeId?: string },
  ) {
    if (!query.blobKey && !query.dedupeKey) return null;
    const found = [...this.jobs.values()]
      .filter(
        (j) =>
          j.org_id === orgId &&
          j.environment === mode &&
          Date.parse(j.created_at) >= Date.parse(query.since) &&
          j.id !== query.excludeId,
      )
      .filter((j) => (query.blobKey ? j.blob_key === query.blobKey && j.status !== 'failed' : true))
      .filter((j) => (query.dedupeKey ? j.dedupe_key === query.dedupeKey && j.status === 'completed' : true))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))[0];
    return found ? clone(found) : null;
  }

  async markCompleted(id: string, workerId: string, result: CompletedResult) {
    const { document_text: text, ...values } = result;
    const done = this.finish(id, (j) => j.lease_owner === workerId, { status: 'completed', ...values });
    if (done && text !== undefined) this.db.tables.documentTexts.set(id, text);
    return done;
  }

  async markFailed(id: string, workerId: string | null, result: FailedResult, now: string) {
    const fence = (j: JobRecord) =>
      workerId === null ? Date.parse(j.lease_expires_at!) < Date.parse(now) : j.lease_owner === workerId;
    // A failed reprocessing keeps what the first result was charged.
    const cost = this.jobs.get(id)?.reprocess_requested_at ? {} : { cost_credits: 0 };
    return this.finish(id, fence, { status: 'failed', ...cost, ...result });
  }

  private finish(id: string, fence: (j: JobRecord) => boolean, values: Partial<JobRecord>) {
    const job = this.jobs.get(id);
    if (!job || job.status !== 'processing' || !fence(job)) return null;
    const balance = this.db.tables.balances.get(job.org_id);
    if (balance) balance.reserved = Math.max(0, balance.reserved - job.reserved_credits);
    Object.assign(job, clone(values), {
      lease_owner: null,
      lease_expires_at: null,
      reserved_credits: 0,
      reprocess_requested_at: null,
    });
    return clone(job);
  }

  async release(id: string, workerId: string) {
    const job = this.jobs.get(id);
    if (!job || job.status !== 'processing' || job.lease_owner !== workerId) return false;
    Object.assign(job, { status: 'queued', lease_owner: null, lease_expires_at: null });
    return true;
  }

  async unblock(orgId: string) {
    let count = 0;
    for (const job of this.jobs.values()) {
      if (job.org_id === orgId && job.status === 'queued') {
        job.blocked_on_credits = false;
        count++;
      }
    }
    return count;
  }

  async countQueued(orgId: string, environment: 'test' | 'live') {
    return [...this.jobs.values()].filter(
      (j) => j.org_id === orgId && j.status === 'queued' && j.environment === environment,
    ).length;
  }

  async deleteOne(orgId: string, mode: Environment, id: string, audit: { deletedAt: string; keyId: string | null }) {
    const job = this.jobs.get(id);
    if (!job || job.org_id !== orgId || job.environment !== mode || job.status === 'processing') return null;
    this.jobs.delete(id);
    this.forget([id]);
    this.db.tables.jobTombstones.push({
      id,
      org_id: orgId,
      environment: mode,
      deleted_at: audit.deletedAt,
      key_id: audit.keyId,
    });
    const used = [...this.jobs.values()].some((j) => j.blob_key === job.blob_key);
    return { job: clone(job), orphanBlobKey: used ? null : job.blob_key };
  }

  async requestReprocess(
    orgId: string,
    mode: Environment,
    id: string,
    request: { at: string; maxVersions: number; idempotency?: IdempotencyClaim },
  ): Promise<ReprocessRequestResult> {
    const job = this.jobs.get(id);
    if (!job || job.org_id !== orgId || job.environment !== mode) return { outcome: 'not_found' };
    const idempotency = request.idempotency;
    const slot = idempotency && `${orgId}|${mode}|${idempotency.key}`;
    const existing = slot ? this.db.tables.idempotency.get(slot) : undefined;
    if (existing && idempotency && existing.createdAt >= idempotency.notBefore) {
      if (existing.requestHash !== idempotency.requestHash) return { outcome: 'idempotency_conflict' };
      return { outcome: 'replayed', job: clone(job) };
    }
    if (job.status !== 'completed' && job.status !== 'failed') return { outcome: 'running', job: clone(job) };
    const version = job.result_version ?? 1;
    if (version >= request.maxVersions) return { outcome: 'limit', job: clone(job) };
    if (slot && idempotency)
      this.db.tables.idempotency.set(slot, { requestHash: idempotency.requestHash, jobId: id, createdAt: request.at });
    const versions = this.db.tables.resultVersions.get(id) ?? [];
    versions.push(clone({ ...resultOf(job), version, replaced_at: request.at }));
    this.db.tables.resultVersions.set(id, versions);
    Object.assign(job, {
      status: 'queued',
      attempts: 0,
      result_version: version + 1,
      reprocess_requested_at: request.at,
      needs_review: (job.review_flags ?? []).length > 0,
      reviewed_at: null,
      review_outcome: null,
      error_details: null,
      started_at: null,
      completed_at: null,
      failed_at: null,
      blocked_on_credits: false,
    });
    return { outcome: 'queued', job: clone(job) };
  }

  async resultVersions(orgId: string, mode: Environment, id: string): Promise<ResultVersion[]> {
    const job = this.jobs.get(id);
    if (!job || job.org_id !== orgId || job.environment !== mode) return [];
    return clone(this.db.tables.resultVersions.get(id) ?? []);
  }

  async findTombstone(orgId: string, id: string): Promise<JobTombstone | null> {
    const found = this.db.tables.jobTombstones.find((t) => t.org_id === orgId && t.id === id);
    return found ? { ...found } : null;
  }

  /** As the SQL foreign keys' cascade: a deleted job takes its corrections, versions and words along. */
  private forget(ids: string[]): void {
    const gone = new Set(ids);
    this.db.tables.corrections = this.db.tables.corrections.filter((c) => !gone.has(c.job_id));
    for (const id of ids) {
      this.db.tables.resultVersions.delete(id);
      this.db.tables.documentTexts.delete(id);
    }
  }

  async deleteCreatedBefore(cutoff: string, limit: number) {
    const doomed = [...this.jobs.values()]
      .filter((j) => Date.parse(j.created_at) < Date.parse(cutoff) && j.status !== 'processing')
      .slice(0, limit);
    for (const job of doomed) this.jobs.delete(job.id);
    this.forget(doomed.map((j) => j.id));
    const keys = [...new Set(doomed.map((j) => j.blob_key))];
    const used = new Set([...this.jobs.values()].map((j) => j.blob_key));
    return { deleted: doomed.length, ids: doomed.map((j) => j.id), orphanBlobKeys: keys.filter((k) => !used.has(k)) };
  }

  async findCreatedBefore(cutoff: string) {
    const doomed = [...this.jobs.values()]
      .filter((j) => Date.parse(j.created_at) < Date.parse(cutoff) && j.status !== 'processing')
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const gone = new Set(doomed.map((j) => j.id));
    const used = new Set([...this.jobs.values()].filter((j) => !gone.has(j.id)).map((j) => j.blob_key));
    const orphans = new Map<string, number>();
    for (const j of doomed) if (!used.has(j.blob_key)) orphans.set(j.blob_key, j.size_bytes);
    return {
      ids: doomed.map((j) => j.id),
      orphanBlobs: [...orphans].map(([key, size_bytes]) => ({ key, size_bytes })),
    };
  }
}
