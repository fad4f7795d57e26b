import { AppError, notFound } from '../shared/errors.js';
import type { Clock } from '../ports/clock.port.js';
import type { JobFilter, JobPage, JobPageRequest } from '../ports/job-store.port.js';
import type { ExtractionStores } from '../ports/extraction-stores.port.js';
import type { Environment } from '../keys/index.js';
import type { JobRecord } from './job.js';

/** Periods the statistics endpoint accepts, in hours. */
export const STATS_PERIODS = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 } as const;
export type StatsPeriod = keyof typeof STATS_PERIODS;

const DAY_MS = 86_400_000;
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

export class JobQueries {
  constructor(private readonly deps: { stores: Pick<ExtractionStores, 'jobs' | 'organizations'>; clock: Clock }) {}

  /** A job of the mode: a job of the other mode is not found (test and live never see each other's). */
  async get(orgId: string, mode: Environment, id: string): Promise<JobRecord> {
    const job = await this.deps.stores.jobs.get(orgId, mode, id);
    if (!job) throw notFound('Job', id);
    return job;
  }

  async list(orgId: string, mode: Environment, filter: JobFilter, page: JobPageRequest): Promise<JobPage> {
    if (filter.metadata && Object.keys(filter.metadata).length > 0) {
      const org = await this.deps.stores.organizations.get(orgId);
      if (!org?.metadata_search_enabled) {
        throw new AppError(
          'invalid_request',
          'Metadata search is not enabled for this organization (intake orgs update --org ORG --metadata-search on)',
          {
            details: [{ path: 'metadata', message: 'not enabled for this organization' }],
          },
        );
      }
    }
    return this.deps.stores.jobs.list(orgId, mode, filter, page);
  }

  /**
   * Completed and failed jobs per UTC day of creation over the last `days` days (today included),
   * every day listed, zeros too, oldest first.
   */
  async daily(orgId: string, mode: Environment, days: number) {
    const today = Math.floor(this.deps.clock.now().getTime() / DAY_MS);
    const first = today - days + 1;
    const found = new Map(
      (await this.deps.stores.jobs.daily(orgId, mode, new Date(first * DAY_MS).toISOString())).map((d) => [d.day, d]),
    );
    return Array.from({ length: days }, (_, i) => {
      const day = new Date((first + i) * DAY_MS).toISOString().slice(0, 10);
      return found.get(day) ?? { day, completed: 0, failed: 0 };
    });
  }

  /**
   * Statistics over jobs created in the period. success_rate is completed / (completed + failed)
   * (0 when none finished); averages are over finished jobs (time) and completed jobs (confidence).
   */
  async stats(orgId: string, mode: Environment, period: StatsPeriod) {
    const since = new Date(this.deps.clock.now().getTime() - STATS_PERIODS[period] * 3_600_000).toISOString();
    const row = await this.deps.stores.jobs.stats(orgId, mode, since);
    const rate = (completed: number, failed: number) =>
      completed + failed === 0 ? 0 : round(completed / (completed + failed));
    return {
      period,
      total_jobs: row.total_jobs,
      completed_jobs: row.completed_jobs,
      failed_jobs: row.failed_jobs,
      success_rate: rate(row.completed_jobs, row.failed_jobs),
      avg_processing_time_ms: row.processing_time_count
        ? Math.round(row.processing_time_sum / row.processing_time_count)
        : 0,
      avg_confidence: row.confidence_count ? round(row.confidence_sum / row.confidence_count) : 0,
      total_credits_used: row.total_credits_used,
      by_extractor: row.by_extractor.map((e) => ({
        extractor_id: e.extractor_id,
        extractor_name: e.extractor_name,
        job_count: e.job_count,
        success_rate: rate(e.completed, e.failed),
      })),
      by_status: {
        completed: row.completed_jobs,
        failed: row.failed_jobs,
        queued: row.queued_jobs,
        processing: row.processing_jobs,
      },
    };
  }
}
