/**
 * The outsider trial of issue 32: a daemon fed decompression bombs through every door while real
 * work goes on, and whether anything waits for its event loop. For BENCH_SECONDS (default 60):
 *
 * - a free test key uploads a bomb (1 MB, inflating to 1 GiB of spaces) through POST /v1/documents,
 *   asks for its page-1 words (which reads it: test-mode jobs are simulated, never read), and sends
 *   another through POST /api/email-ingestion/test, in a loop;
 * - a live key uploads a real one-page text invoice every second and waits for each to complete;
 * - mail arrives over SMTP from 127.0.0.2: an invoice and a bomb in turn, one every second;
 * - a live key uploads 20 MB of random bytes as a JSON upload every 5 s (refused 415 once decoded);
 * - /healthz and the SMTP greeting (from 127.0.0.3) are sampled every 20 ms, and the daemon's own
 *   event-loop delay is read from /metrics every second.
 *
 * It prints p50, p99, max and the count over 250 ms of each probe, the daemon's event-loop delay,
 * how much of the probes' time the daemon's main thread spent waiting for a CPU, the work done,
 * and /proc/loadavg before and after. It asserts nothing.
 *
 *   npm run bench:bomb
 *   BENCH_SECONDS=30 npm run bench:bomb
 *   BENCH_DATABASE=postgres npm run bench:bomb   # a throwaway PostgreSQL 18 instead of PGlite
 *   BENCH_CPU_PROF=DIR                           # the daemon writes a V8 CPU profile of the
 *                                                # measured window to DIR/window-1.cpuprofile
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { bombPdf, deflatedSpaces } from '../../support/bomb.js';
import { ensureBuilt } from '../../support/build.js';
import { invoiceExtractor, makeInvoicePdf } from '../../support/fixtures.js';
import { callApi } from '../../support/http.js';
import { startPostgres } from '../../support/postgres-server.js';
import { killAll, removeTempDirs, runCliOk, singleJsonLine, startDaemon } from '../../support/processes.js';
import { ownWaitMs, startProbes, summarize } from '../../support/responsiveness.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BOUND_MS = 250;
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
if (!Number.isFinite(SECONDS) || SECONDS <= 0) throw new Error(`BENCH_SECONDS must be a positive number`);
const DATABASE = process.env.BENCH_DATABASE || 'pglite';
if (DATABASE !== 'pglite' && DATABASE !== 'postgres') throw new Error('BENCH_DATABASE must be pglite or postgres');
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Counts {
  [what: string]: number;
}

async function main(): Promise<void> {
  console.log(`load average before: ${loadavg()} (${os.cpus().length} cores)`);
  await ensureBuilt();
  const stream = await deflatedSpaces();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bomb-bench-'));
  const postgres = DATABASE === 'postgres' ? await startPostgres() : undefined;
  try {
    const env = {
      DATA_DIR: path.join(scratch, 'data'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const org = singleJsonLine<{ live_key: string; test_key: string }>(
      (
        await runCliOk(
          ['orgs', 'create', '--name', 'Bench', '--credits', '100000', '--rate-limit', '100000', '--json'],
          env,
        )
      ).stdout,
    );
    const daemon = await startDaemon(
      {
        ...env,
        EMAIL_DOMAIN: 'example.test',
        WORKER_POLL_MS: '200',
        OCR_ENGINE: 'tesseract',
        TEST_EXTRACTION_WAIT_MS: '20000',
        ...(PROFILE_DIR
          ? {
              NODE_OPTIONS: `--import=${path.join(HERE, '..', 'smtp', 'cpu-prof.mjs')}`,
              BENCH_CPU_PROF_DIR: PROFILE_DIR,
            }
          : {}),
      },
      { timeoutMs: 240_000 },
    );
    const { live_key: live, test_key: test } = org;
    const { host, port } = daemon.smtp!;
    // A call that gets no answer within callApi's 30 s counts as status 0 rather than ending the trial.
    const call = (method: string, url: string, key: string, body?: unknown) =>
      callApi(daemon.httpUrl, method, url, { key, body }).catch(() => ({ status: 0, body: undefined }) as const);
    const extractor = await call('POST', '/v1/extractors', live, invoiceExtractor());
    const config = await call('POST', '/api/email-ingestion/config', live, {
      emailPrefix: 'ap',
      defaultDocumentType: 'invoice',
      autoClassify: false,
    });
    if (extractor.status !== 201 || config.status !== 201) throw new Error('could not set the organization up');
    const extractorId = extractor.body.id as string;

    const counts: Counts = {};
    const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
    const deadline = Date.now() + SECONDS * 1000;
    const running = () => Date.now() < deadline;
    let salt = 0;

    const bombs = async () => {
      while (running()) {
        const bomb = await bombPdf(stream, 1, `upload ${salt++}`);
        const up = await call('POST', '/v1/documents', test, {
          extractor_id: extractorId,
          document: bomb.toString('base64'),
          mime_type: 'application/pdf',
        });
        count(`bomb upload (test key) ${up.status}`);
        if (up.status === 202) {
          const words = await call('GET', `/v1/documents/${up.body.id}/pages/1/words`, test);
          count(`bomb words call ${words.status}`);
        }
        const tested = await bombPdf(stream, 1, `test endpoint ${salt++}`);
        const viaTest = await call('POST', '/api/email-ingestion/test', test, {
          emailPrefix: 'ap',
          testDocument: tested.toString('base64'),
          filename: 'bomb.pdf',
        });
        count(`bomb test endpoint ${viaTest.status}`);
      }
    };
    // A 20 MB document as JSON every few seconds: its body is parsed and decoded in the daemon's
    // JSON thread (about 28 ms of CPU per MB of JSON), never on the event loop the probes time.
    const large = randomBytes(20 * 1024 * 1024).toString('base64');
    const largeUploads = async () => {
      while (running()) {
        const started = Date.now();
        const up = await call('POST', '/v1/documents', live, {
          extractor_id: extractorId,
          document: large,
          mime_type: 'application/pdf',
        });
        count(`20 MB upload of random bytes (live key) ${up.status}`);
        await sleep(Math.max(0, 5000 - (Date.now() - started)));
      }
    };
    const invoices = async () => {
      while (running()) {
        const started = Date.now();
        const pdf = await makeInvoicePdf({ salt: `live ${salt++}` });
        const up = await call('POST', '/v1/documents', live, {
          extractor_id: extractorId,
          document: Buffer.from(pdf).toString('base64'),
          mime_type: 'application/pdf',
        });
        count(`invoice upload (live key) ${up.status}`);
        await sleep(Math.max(0, 1000 - (Date.now() - started)));
      }
    };
    const mail = async () => {
      const transport = nodemailer.createTransport({
        host,
        port,
        secure: false,
        ignoreTLS: true,
        localAddress: '127.0.0.2',
      });
      for (let n = 0; running(); n++) {
        const started = Date.now();
        const bomb = n % 2 === 1;
        const content = bomb
          ? await bombPdf(stream, 1, `mail ${salt++}`)
          : await makeInvoicePdf({ salt: `mail ${salt++}` });
        try {
          await transport.sendMail({
            from: 'supplier@elsewhere.example',
            to: 'ap@example.test',
            subject: bomb ? 'Bomb' : 'Invoice',
            attachments: [{ filename: 'invoice.pdf', content: Buffer.from(content) }],
          });
          count(`mail with ${bomb ? 'a bomb' : 'an invoice'} accepted`);
        } catch (error) {
          count(`mail refused: ${(error as Error).message.slice(0, 60)}`);
        }
        await sleep(Math.max(0, 1000 - (Date.now() - started)));
      }
    };

    const stopProbes = startProbes({ httpUrl: daemon.httpUrl, smtpHost: host, smtpPort: port, pid: daemon.pid });
    if (PROFILE_DIR) daemon.child.kill('SIGUSR2');
    await Promise.all([bombs(), invoices(), mail(), largeUploads()]);
    if (PROFILE_DIR) daemon.child.kill('SIGUSR2');
    const results = await stopProbes();
    const loadAfter = loadavg();

    // The live invoices: how many the daemon completed meanwhile.
    const listed = await call('GET', '/v1/documents?limit=100', live);
    const statuses: Counts = {};
    for (const job of (listed.body?.jobs ?? []) as { status: string }[])
      statuses[job.status] = (statuses[job.status] ?? 0) + 1;

    console.log(`\n${SECONDS} s, ${DATABASE}`);
    for (const [what, n] of Object.entries(counts).sort()) console.log(`  ${what}: ${n}`);
    console.log(`  live jobs by status (latest 100): ${JSON.stringify(statuses)}`);
    console.log(
      summarize(
        '/healthz',
        results.health.map((s) => s.ms),
        BOUND_MS,
      ),
    );
    console.log(
      summarize(
        'SMTP greeting',
        results.banner.map((s) => s.ms),
        BOUND_MS,
      ),
    );
    console.log(
      summarize(
        'event-loop delay (max per second)',
        results.loopMax.map((l) => l.ms),
        BOUND_MS,
      ),
    );
    console.log('less the time the main thread waited for a CPU (other processes):');
    console.log(summarize('  /healthz', results.health.map(ownWaitMs), BOUND_MS));
    console.log(summarize('  SMTP greeting', results.banner.map(ownWaitMs), BOUND_MS));
    console.log(summarize('  event-loop delay', results.loopMax.map(ownWaitMs), BOUND_MS));
    if (results.errors.length)
      console.log(`probe errors (${results.errors.length}): ${results.errors.slice(0, 5).join('; ')}`);
    console.log(`load average after: ${loadAfter}`);
    await daemon.stop('SIGTERM');
  } finally {
    await killAll();
    await removeTempDirs();
    await postgres?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
