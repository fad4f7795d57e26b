/**
 * WORKER_CONCURRENCY=0: a front daemon on PostgreSQL takes an upload (HTTP), a message (SMTP) and a
 * test-endpoint document and queues their jobs but claims none; a daemon with workers beside it on
 * the same database runs them. The email test endpoint, the one request that waits for an
 * extraction, answers at once with the job queued. The same on PGlite, on which only one daemon
 * runs at a time: test/email-ingestion/smtp-kill.test.ts (its daemons queue every job and claim none).
 */
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
  type Env,
} from '../support/processes.js';
import { setUpDaemonTenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const DOMAIN = 'example.test';
const POLL_MS = 100;

/** The jobs' statuses, read through `daemon`'s API. */
async function statuses(daemon: DaemonProcess, key: string, ids: string[]): Promise<string[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await api(daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.status as string;
    }),
  );
}

describe('WORKER_CONCURRENCY=0', () => {
  it(
    'queues uploads, mail and test-endpoint jobs and claims none; a daemon with workers beside it runs them',
    async () => {
      const DATABASE_URL = await createPostgresDatabase();
      const common: Env = { EMAIL_DOMAIN: DOMAIN, WORKER_POLL_MS: String(POLL_MS) };
      // A wait up to the limit would outlast the test's timeout: the test endpoint must not wait here.
      const frontEnv: Env = {
        DATABASE_URL,
        DATA_DIR: makeTempDir('intake-front-'),
        ...common,
        WORKER_CONCURRENCY: '0',
        TEST_EXTRACTION_WAIT_MS: '600000',
      };
      const front = await startDaemon(frontEnv);
      const ready = await api(front.httpUrl, 'GET', '/readyz');
      expect(ready.body).toEqual({ status: 'ok', job_workers: 0 });

      const cli: Env = { DATABASE_URL, DATA_DIR: makeTempDir() };
      const tenant = await setUpDaemonTenant(front, cli, {
        name: 'Front',
        plan: 'enterprise',
        rateLimitPerMinute: 100_000,
        credits: 100,
        prefixes: ['ap'],
      });
      const key = tenant.live_key;

      // An upload over HTTP.
      const upload = await tenant.submit(await makeInvoicePdf({ salt: 'upload' }));
      expect(upload.status, JSON.stringify(upload.body)).toBe(202);

      // A message over SMTP: the mail workers still turn it into a job.
      const info = await nodemailer
        .createTransport({ host: front.smtp!.host, port: front.smtp!.port, secure: false, ignoreTLS: true })
        .sendMail({
          from: 'billing@vendor.example',
          to: `ap@${DOMAIN}`,
          subject: 'Invoice',
          attachments: [{ filename: 'invoice.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'mail' })) }],
        });
      const messageId = /queued as (msg_\w+)/.exec(info.response)![1]!;
      let mailJob: string | null = null;
      await eventually(
        () => `message ${messageId} turned into a job`,
        async () => {
          const res = await api(front.httpUrl, 'GET', `/api/email-ingestion/messages/${messageId}`, { key });
          mailJob = (res.body.attachments?.[0]?.job_id as string | undefined) ?? null;
          return res.body.status === 'processed' && mailJob !== null;
        },
      );

      // The email test endpoint answers with the job as it is: queued.
      const tested = await api(front.httpUrl, 'POST', '/api/email-ingestion/test', {
        key,
        body: {
          emailPrefix: 'ap',
          testDocument: Buffer.from(await makeInvoicePdf({ salt: 'test' })).toString('base64'),
          filename: 'invoice.pdf',
        },
      });
      expect(tested.status, JSON.stringify(tested.body)).toBe(200);
      expect(tested.body.extraction).toMatchObject({ job_id: tested.body.jobId, status: 'queued' });

      const jobs = [upload.body.id as string, mailJob!, tested.body.jobId as string];
      // A window in which nothing may happen: a worker would claim a job within a poll (an upload
      // wakes the loops at once); twenty polls pass and every job is still queued.
      await new Promise((resolve) => setTimeout(resolve, 20 * POLL_MS));
      expect(await statuses(front, key, jobs)).toEqual(['queued', 'queued', 'queued']);
      // The CLI (its own settings say nothing of the daemons) reads who runs from their heartbeats.
      const status = singleJsonLine<Record<string, any>>((await runInProcessOk(['status', '--json'], cli)).stdout);
      expect(status.daemons).toEqual([expect.objectContaining({ pid: front.pid, job_workers: 0 })]);
      expect(status.job_workers).toBe(0);
      expect(status.queue.live).toMatchObject({ queued: 3, processing: 0 });
      expect((await runInProcessOk(['status'], cli)).stdout).toContain(
        'Daemons: 1 running, 0 job workers (all have WORKER_CONCURRENCY=0): 3 queued jobs wait for a daemon with workers',
      );

      // A daemon with workers on the same database runs them; the front daemon shows the results.
      const back = await startDaemon({
        DATABASE_URL,
        DATA_DIR: makeTempDir('intake-back-'),
        ...common,
        WORKER_CONCURRENCY: '1',
      });
      expect((await api(back.httpUrl, 'GET', '/readyz')).body).toEqual({ status: 'ok', job_workers: 1 });
      let seen: string[] = [];
      await eventually(
        () => `jobs completed: ${JSON.stringify(seen)}`,
        async () => (seen = await statuses(front, key, jobs)).every((s) => s === 'completed'),
        { timeoutMs: 120_000, intervalMs: 200 },
      );
      const both = singleJsonLine<Record<string, any>>((await runInProcessOk(['status', '--json'], cli)).stdout);
      expect(both.daemons.map((d: { pid: number }) => d.pid)).toEqual([front.pid, back.pid]);
      expect(both.job_workers).toBe(1);
      // A daemon stopping says so: its row goes with it.
      expect((await back.stop('SIGTERM')).code).toBe(0);
      const after = singleJsonLine<Record<string, any>>((await runInProcessOk(['status', '--json'], cli)).stdout);
      expect(after.daemons.map((d: { pid: number }) => d.pid)).toEqual([front.pid]);
      expect((await front.stop('SIGTERM')).code).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS * 2,
  );
});
