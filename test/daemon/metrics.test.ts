/**
 * GET /metrics after real traffic, on two daemons sharing one PostgreSQL database: API uploads (a
 * text PDF, a scanned image, a failing test-key job), a mail over SMTP, webhook deliveries to
 * loopback receivers (one answering 200, one 500); the scanned image is drawn here. Each daemon counts what it did itself; the
 * backlog gauges come from the database, so both show the same. Then who may read the metrics.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SCAN, scanImage } from '../ocr/documents.js';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  REPO_ROOT,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { metricTypes, parseSamples, sumOf, type Sample } from '../support/prometheus.js';
import { openSmtp } from '../support/smtp.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const TOKEN = 'metrics-token-0123456789abcdef';

/** A webhook receiver on loopback answering `status`; counts the POSTs it got. */
async function receiver(status: number): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume().on('end', () => {
      received++;
      res.writeHead(status).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function scrape(
  baseUrl: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}/metrics`, { headers, signal: AbortSignal.timeout(30_000) });
  return { status: res.status, text: await res.text() };
}

async function samplesOf(daemon: DaemonProcess): Promise<Sample[]> {
  const { status, text } = await scrape(daemon.httpUrl);
  expect(status, text).toBe(200);
  return parseSamples(text);
}

/** Polls `check` (every 100 ms) until it returns true; fails with `what` after 120 s. */
const waitFor = (what: string, check: () => Promise<boolean>) =>
  eventually(what, check, { timeoutMs: 120_000, intervalMs: 100 });

describe('GET /metrics', { timeout: PROCESS_TEST_TIMEOUT_MS * 2 }, () => {
  let a: DaemonProcess;
  let b: DaemonProcess;
  let ok: Awaited<ReturnType<typeof receiver>>;
  let failing: Awaited<ReturnType<typeof receiver>>;
  let live: string;
  let test: string;

  beforeAll(async () => {
    [ok, failing] = await Promise.all([receiver(200), receiver(500)]);
    const databaseUrl = await createPostgresDatabase();
    const env = (name: string) => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: makeTempDir(`intake-metrics-${name}-`),
      HTTP_HOST: '127.0.0.1',
      DASHBOARD: 'off',
      OCR_ENGINE: 'tesseract',
      OCR_WORKERS: '1',
      // The reader process outlives the test: its gauges are read after the jobs, however slow.
      OCR_IDLE_RELEASE_MS: '600000',
      WORKER_POLL_MS: '200',
      WEBHOOK_POLL_MS: '200',
      WEBHOOKS_ALLOW_LOCALHOST: 'true',
      // A failed delivery waits an hour: the failing endpoint stays failing while the test looks.
      WEBHOOK_RETRY_DELAYS_MS: '3600000,3600000,3600000,3600000,3600000',
      METRICS_TOKEN: TOKEN,
    });
    [a, b] = await Promise.all([startDaemon(env('a')), startDaemon(env('b'))]);
    const org = singleJsonLine<{ live_key: string; test_key: string }>(
      (
        await runInProcessOk(
          ['orgs', 'create', '--name', 'Metrics', '--plan', 'enterprise', '--credits', '100', '--json'],
          {
            DATABASE_URL: databaseUrl,
            DATA_DIR: makeTempDir('intake-metrics-cli-'),
          },
        )
      ).stdout,
    );
    [live, test] = [org.live_key, org.test_key];
  }, PROCESS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([ok?.close(), failing?.close()]);
  });

  it('counts what each daemon did, shows both the same backlog, serves the dashboard its metrics, and refuses strangers', async () => {
    const before = await samplesOf(a);
    // Loopback HTTP on A: the readiness checks and this scrape, but no uploads yet.
    expect(sumOf(before, 'intake_http_requests_total', { route: '/v1/documents', method: 'POST' })).toBe(0);
    expect(sumOf(before, 'intake_jobs_created_total')).toBe(0);

    for (const url of [ok.url, failing.url]) {
      const endpoint = await api(a.httpUrl, 'POST', '/v1/webhooks/endpoints', {
        key: live,
        body: { url, events: ['job.completed'] },
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    }
    const extractor = await api(a.httpUrl, 'POST', '/v1/extractors', { key: live, body: invoiceExtractor() });
    expect(extractor.status).toBe(201);
    const submit = (key: string, document: Uint8Array, mime: string, metadata: Record<string, string> = {}) =>
      api(a.httpUrl, 'POST', '/v1/documents', {
        key,
        body: { extractor_id: extractor.body.id, document: base64(document), mime_type: mime, metadata },
      });
    const jobs = [
      await submit(live, await makeInvoicePdf({ salt: 'metrics' }), 'application/pdf'),
      await submit(live, await scanImage(INVOICE_SCAN), 'image/png'),
      await submit(test, await makeInvoicePdf({ salt: 'metrics-test' }), 'application/pdf', {
        simulate: 'document_unreadable',
      }),
    ];
    for (const job of jobs) expect(job.status, JSON.stringify(job.body)).toBe(202);
    const ids = jobs.map((j) => j.body.id as string);

    // A mail over SMTP to A: one recipient refused (550), one accepted.
    const prefix = await api(a.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: live,
      body: { emailPrefix: 'ap', defaultDocumentType: 'vendor_bill', autoClassify: false },
    });
    expect(prefix.status, JSON.stringify(prefix.body)).toBe(201);
    const message = 'From: a@vendor.example\r\nTo: ap@localhost\r\nSubject: No attachment\r\n\r\nHello.\r\n';
    const smtp = await openSmtp(a.smtp!.port, a.smtp!.host);
    expect((await smtp.command('EHLO client.example')).code).toBe(250);
    expect((await smtp.command('MAIL FROM:<a@vendor.example>')).code).toBe(250);
    expect((await smtp.command('RCPT TO:<nobody@localhost>')).code).toBe(550);
    expect((await smtp.command('RCPT TO:<ap@localhost>')).code).toBe(250);
    expect((await smtp.command('DATA')).code).toBe(354);
    await smtp.write(`${message}.\r\n`);
    expect((await smtp.reply()).code).toBe(250);
    await smtp.command('QUIT');
    smtp.close();

    const status = async (id: string, key: string) =>
      (await api(a.httpUrl, 'GET', `/v1/documents/${id}`, { key })).body;
    await waitFor('the jobs to finish', async () => {
      const [x, y, z] = [await status(ids[0]!, live), await status(ids[1]!, live), await status(ids[2]!, test)];
      return x.status === 'completed' && y.status === 'completed' && z.status === 'failed';
    });
    await waitFor('both receivers to get both deliveries', async () => ok.received() === 2 && failing.received() === 2);
    // Counted as the answer is read: both daemons' counters together reach 4 soon after.
    let both: [Sample[], Sample[]] = [[], []];
    await waitFor('the webhook counters', async () => {
      both = [await samplesOf(a), await samplesOf(b)];
      return both.reduce((n, s) => n + sumOf(s, 'intake_webhook_deliveries_total'), 0) === 4;
    });
    const [sa, sb] = both;
    const total = (name: string, labels: Record<string, string> = {}) =>
      sumOf(sa, name, labels) + sumOf(sb, name, labels);

    // HTTP on A by route template: three uploads answered 202; B took none.
    expect(sumOf(sa, 'intake_http_requests_total', { route: '/v1/documents', method: 'POST', status: '202' })).toBe(3);
    expect(sumOf(sb, 'intake_http_requests_total', { route: '/v1/documents', method: 'POST' })).toBe(0);
    expect(sumOf(sa, 'intake_http_requests_total', { route: '/v1/documents/{job_id}', method: 'GET' })).toBeGreaterThan(
      0,
    );
    expect(sumOf(sa, 'intake_http_request_duration_seconds_count', { route: '/v1/documents', method: 'POST' })).toBe(3);
    // Raw paths and ids never become labels.
    for (const id of ids) expect(JSON.stringify(sa)).not.toContain(id);

    // Jobs: created where submitted (A); completed and failed wherever a worker took them.
    expect(sumOf(sa, 'intake_jobs_created_total', { mode: 'live' })).toBe(2);
    expect(sumOf(sa, 'intake_jobs_created_total', { mode: 'test' })).toBe(1);
    expect(sumOf(sb, 'intake_jobs_created_total')).toBe(0);
    expect(total('intake_jobs_completed_total', { mode: 'live' })).toBe(2);
    expect(total('intake_jobs_failed_total', { mode: 'test', code: 'document_unreadable' })).toBe(1);
    expect(total('intake_jobs_failed_total', { mode: 'live' })).toBe(0);
    expect(total('intake_job_processing_seconds_count')).toBe(3);
    expect(total('intake_text_layer_pages_total')).toBe(1);
    expect(total('intake_ocr_pages_total')).toBe(1);
    expect(total('intake_ocr_seconds_total')).toBeGreaterThan(0);
    // One page each, CREDITS_PER_PAGE 1; the test-key job costs nothing.
    expect(total('intake_credits_charged_total')).toBe(2);

    // SMTP on A only.
    expect(sumOf(sa, 'intake_smtp_sessions_total')).toBe(1);
    expect(sumOf(sa, 'intake_smtp_messages_accepted_total')).toBe(1);
    expect(sumOf(sa, 'intake_smtp_refused_total', { code: '550' })).toBe(1);
    expect(sumOf(sa, 'intake_smtp_received_bytes_total')).toBe(Buffer.byteLength(message));
    expect(sumOf(sb, 'intake_smtp_sessions_total')).toBe(0);

    // Webhooks: two delivered and two failed at their first attempt (retrying in an hour).
    expect(total('intake_webhook_deliveries_total', { outcome: 'delivered', attempt: '1' })).toBe(2);
    expect(total('intake_webhook_deliveries_total', { outcome: 'retrying', attempt: '1' })).toBe(2);
    expect(total('intake_webhook_delivery_duration_seconds_count')).toBe(4);

    // The backlog, read from the database: the same on both daemons once the failures are recorded.
    await waitFor('the failed attempts to be recorded', async () => {
      const [ga, gb] = [await samplesOf(a), await samplesOf(b)];
      const gauges = (s: Sample[]) =>
        [
          'intake_webhook_endpoints_failing',
          'intake_webhook_deliveries_pending',
          'intake_jobs_queued',
          'intake_mail_backlog_messages',
        ].map((name) => sumOf(s, name));
      return JSON.stringify(gauges(ga)) === JSON.stringify([1, 2, 0, 0]) && JSON.stringify(gauges(gb)) === '[1,2,0,0]';
    });

    // The pool and the process: present, and plausible.
    expect(sumOf(sa, 'intake_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(sumOf(sa, 'intake_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // The reader process A started to count pages at upload, alive and reporting its memory; the
    // OCR'd page's tesseract thread is alive in whichever daemon read it.
    expect(sumOf(sa, 'intake_reader_processes')).toBe(1);
    expect(sumOf(sa, 'intake_reader_resident_memory_bytes')).toBeGreaterThan(30_000_000);
    for (const s of [sa, sb])
      expect(sumOf(s, 'intake_reader_processes') > 0).toBe(sumOf(s, 'intake_reader_resident_memory_bytes') > 0);
    expect(total('intake_ocr_workers', { engine: 'tesseract' })).toBe(1);
    expect(total('intake_ocr_workers', { engine: 'paddle' })).toBe(0);
    expect(sa.some((s) => s.name === 'intake_nodejs_eventloop_lag_seconds')).toBe(true);
    // Every name is Intake's.
    expect(sa.filter((s) => !s.name.startsWith('intake_'))).toEqual([]);

    // The daemons live for one test only (useProcessCleanup): the other checks run on them here.
    await expectDashboardMetrics(a);
    await expectAccessRule(a);
  });
});

/** Every metric the example Grafana dashboard queries is in a scrape. */
async function expectDashboardMetrics(daemon: DaemonProcess): Promise<void> {
  const { text } = await scrape(daemon.httpUrl);
  const types = metricTypes(text);
  const dashboard = fs.readFileSync(path.join(REPO_ROOT, 'examples', 'grafana', 'intake-dashboard.json'), 'utf8');
  const exprs = [...dashboard.matchAll(/"expr": "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  expect(exprs.length).toBeGreaterThan(5);
  const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\bintake_[a-z0-9_]+/g)].map((m) => m[0])));
  for (const name of used) {
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name) || types.get(family) === 'histogram', `${name} is not in the scrape`).toBe(true);
  }
}

/** Loopback clients are answered without a token; others, and proxied requests, only with it. */
async function expectAccessRule(a: DaemonProcess): Promise<void> {
  // Through a proxy on this machine, the socket is loopback but the client is not.
  const proxied = await scrape(a.httpUrl, { 'x-forwarded-for': '203.0.113.9' });
  expect(proxied.status).toBe(404);
  expect(JSON.parse(proxied.text).error).toMatchObject({ code: 'not_found', message: 'No route for GET /metrics' });
  expect((await scrape(a.httpUrl, { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })).status).toBe(
    200,
  );
}
