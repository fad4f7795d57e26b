/** The metric set on its own: per-organization labels, label bounds, and a scrape whose database is down. */
import { describe, expect, it } from 'vitest';
import type { JobFailureCode } from '@intake/core';
import { DaemonMetrics, type ScrapeSources } from '@intake/daemon';
import { createMemoryStores, makeJob } from '@intake/core/testing';
import { parseSamples, sumOf } from '../support/prometheus.js';

const NOW = Date.parse('2026-05-01T10:00:00.000Z');

function sources(overrides: Partial<ScrapeSources> = {}): ScrapeSources & { errors: Error[] } {
  const errors: Error[] = [];
  return {
    gauges: createMemoryStores().queueGauges,
    pool: () => ({ inUse: 3, waiting: 1 }),
    now: () => NOW,
    onDatabaseError: (error) => errors.push(error),
    errors,
    ...overrides,
  };
}

const completed = (orgId: string, cost: number) =>
  makeJob(orgId, 'ext_1', {
    status: 'completed',
    environment: 'live',
    cost_credits: cost,
    processing_time_ms: 1500,
  });

describe('DaemonMetrics', () => {
  it('has no org label by default, and one per organization with perOrganization', async () => {
    const plain = new DaemonMetrics({ perOrganization: false });
    const byOrg = new DaemonMetrics({ perOrganization: true });
    for (const metrics of [plain, byOrg]) {
      metrics.jobs.jobCreated!(makeJob('org_a', 'ext_1', { environment: 'live' }));
      metrics.jobs.jobFinished!(completed('org_a', 3));
      metrics.jobs.jobFinished!(completed('org_b', 2));
    }
    const p = parseSamples(await plain.scrape(sources()));
    expect(p.filter((s) => 'org' in s.labels)).toEqual([]);
    expect(sumOf(p, 'intake_credits_charged_total')).toBe(5);
    expect(sumOf(p, 'intake_jobs_completed_total', { mode: 'live' })).toBe(2);
    expect(sumOf(p, 'intake_job_processing_seconds_sum', { outcome: 'completed' })).toBe(3);

    const o = parseSamples(await byOrg.scrape(sources()));
    expect(sumOf(o, 'intake_credits_charged_total', { org: 'org_a' })).toBe(3);
    expect(sumOf(o, 'intake_credits_charged_total', { org: 'org_b' })).toBe(2);
    expect(sumOf(o, 'intake_jobs_created_total', { org: 'org_a', mode: 'live' })).toBe(1);
    expect(sumOf(o, 'intake_jobs_completed_total', { org: 'org_b' })).toBe(1);
  });

  it('keeps failure codes to the known ones, and skips the processing time of reaped jobs', async () => {
    const metrics = new DaemonMetrics({ perOrganization: false });
    const failed = (code: string, ms: number | null) =>
      makeJob('org_a', 'ext_1', {
        status: 'failed',
        environment: 'test',
        processing_time_ms: ms,
        // A row written by a newer version on the same database may carry a code this one does not know.
        error_details: { code: code as JobFailureCode, message: 'm', suggestion: 's' },
      });
    metrics.jobs.jobFinished!(failed('processing_timeout', 2000));
    metrics.jobs.jobFinished!(failed('something_new', null));
    const s = parseSamples(await metrics.scrape(sources()));
    expect(sumOf(s, 'intake_jobs_failed_total', { mode: 'test', code: 'processing_timeout' })).toBe(1);
    expect(sumOf(s, 'intake_jobs_failed_total', { mode: 'test', code: 'other' })).toBe(1);
    expect(sumOf(s, 'intake_job_processing_seconds_count')).toBe(1);
  });

  it('reads the backlog and the pool at each scrape; a database error leaves them stale and is counted', async () => {
    const stores = createMemoryStores();
    stores.db.tables.jobs.set(
      'job_1',
      makeJob('org_a', 'ext_1', { environment: 'live', created_at: '2026-05-01T09:59:00.000Z' }),
    );
    const metrics = new DaemonMetrics({ perOrganization: false });
    const first = parseSamples(await metrics.scrape(sources({ gauges: stores.queueGauges })));
    expect(sumOf(first, 'intake_jobs_queued', { mode: 'live' })).toBe(1);
    expect(sumOf(first, 'intake_jobs_oldest_queued_age_seconds', { mode: 'live' })).toBe(60);
    expect(sumOf(first, 'intake_db_pool_connections_in_use')).toBe(3);
    expect(sumOf(first, 'intake_db_pool_waiting')).toBe(1);

    const down = sources({ gauges: { read: () => Promise.reject(new Error('connection refused')) } });
    const second = parseSamples(await metrics.scrape(down));
    expect(down.errors.map((e) => e.message)).toEqual(['connection refused']);
    expect(sumOf(second, 'intake_metrics_database_errors_total')).toBe(1);
    expect(sumOf(second, 'intake_jobs_queued', { mode: 'live' })).toBe(1);
  });
});
