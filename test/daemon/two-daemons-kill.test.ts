import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/databases.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import { api, makeTempDir, PROCESS_TEST_TIMEOUT_MS, startDaemon, useProcessCleanup } from '../support/processes.js';
import { setUpDaemonTenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

// B is killed once a quarter are complete, holding up to WORKER_CONCURRENCY jobs, with three
// quarters still queued for A to finish: 100 jobs give that as well as 200 did, at half the extraction.
const JOBS = 100;

describe('two daemons on one PostgreSQL', () => {
  it(
    `complete ${JOBS} live jobs exactly once, charged once, while one daemon is killed mid-run`,
    async () => {
      const databaseUrl = await createPostgresDatabase({ migrated: false });
      // Short leases so the killed daemon's jobs come back within seconds.
      const env = (name: string) => ({
        DATABASE_URL: databaseUrl,
        DATA_DIR: makeTempDir(`intake-${name}-`),
        JOB_LEASE_MS: '1500',
        WORKER_CONCURRENCY: '2',
        WORKER_POLL_MS: '100',
      });
      const [a, b] = await Promise.all([startDaemon(env('a')), startDaemon(env('b'))]);
      const org = await setUpDaemonTenant(
        a,
        { DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir() },
        {
          name: 'Load',
          plan: 'enterprise',
          rateLimitPerMinute: 100_000,
          credits: 10_000,
          extractors: [
            {
              name: 'Invoices',
              document_type: 'invoice',
              field_definitions: [{ name: 'total_amount', type: 'currency', required: true, description: 'Total' }],
            },
          ],
        },
      );
      const key = org.live_key;
      const document = base64(await makeInvoicePdf());
      const submitted: string[] = [];
      for (let i = 0; i < JOBS; i += 20) {
        const batch = await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            api(i % 40 === 0 ? a.httpUrl : b.httpUrl, 'POST', '/v1/documents', {
              key,
              body: { extractor_id: org.extractorId, document, mime_type: 'application/pdf', metadata: { n: i + j } },
            }),
          ),
        );
        for (const res of batch) {
          expect(res.status).toBe(202);
          submitted.push(res.body.id);
        }
      }
      // Kill B once work is under way, with jobs in its hands.
      const stats = async () => (await api(a.httpUrl, 'GET', '/v1/documents/stats?period=24h', { key })).body;
      let s = await stats();
      const seen = () => `stats: ${JSON.stringify(s)}`;
      const poll = { timeoutMs: 120_000, intervalMs: 100 };
      await eventually(seen, async () => (s = await stats()).completed_jobs >= JOBS / 4, poll);
      await b.stop('SIGKILL');
      await eventually(seen, async () => (s = await stats()).completed_jobs + s.failed_jobs >= JOBS, poll);
      expect(s).toMatchObject({ total_jobs: JOBS, completed_jobs: JOBS, failed_jobs: 0, total_credits_used: JOBS });

      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const charges = await db.query(
          `select job_id, count(*)::int as n, sum(amount)::int as amount from credit_transactions where type = 'charge' group by job_id`,
        );
        expect(charges.rows).toHaveLength(JOBS);
        expect(charges.rows.every((r: { n: number; amount: number }) => r.n === 1 && r.amount === -1)).toBe(true);
        expect(new Set(charges.rows.map((r: { job_id: string }) => r.job_id))).toEqual(new Set(submitted));
        const events = await db.query(
          `select data->>'id' as job_id, count(*)::int as n from outbox_events where event = 'job.completed' group by 1`,
        );
        expect(events.rows).toHaveLength(JOBS);
        expect(events.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
        const balance = await db.query('select balance::int, reserved::int from credit_balances where org_id = $1', [
          org.org_id,
        ]);
        expect(balance.rows[0]).toEqual({ balance: 10_000 - JOBS, reserved: 0 });
        // Jobs B held when it died ran again on A (so did any whose lease lapsed on a loaded
        // machine); fencing keeps each completion and charge single, as checked above.
        const retried = await db.query(`select count(*)::int as n from jobs where attempts > 1`);
        expect(retried.rows[0].n).toBeLessThan(JOBS);
      } finally {
        await db.end();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
