/**
 * A decompression bomb (issue 32, item 1): a PDF of about 1 MB whose one content stream inflates to
 * 1 GiB of spaces, and a 3-page variant whose pages share that stream. Sent to a real daemon through
 * every door (upload, the email test endpoint, the words call, anonymous SMTP), it must never stall
 * the daemon: /healthz and the SMTP banner, sampled on loopback the whole time, answer within
 * 250 ms (95% of samples; none over two seconds); every live job ends `failed` with
 * `document_too_large` (test-mode jobs are simulated, never read), the words calls answer 409 with
 * it, and a repeated words call is answered from the verdict already reached (no second read, so no
 * second warning in the log).
 *
 * The bound: smtp-server waits 100 ms before every banner (its early-talker check, NOTES.md), and
 * an idle daemon answers /healthz in a few ms; 250 ms leaves 150 ms for scheduling noise on this
 * shared two-core machine, while one bomb read on the main thread blocked for 8 to 35 s.
 */
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import nodemailer from 'nodemailer';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/databases.js';
import { invoiceExtractor } from '../support/fixtures.js';
import {
  api,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  runCliOk,
  singleJsonLine,
  sleep,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
} from '../support/processes.js';

useProcessCleanup();

const BOUND_MS = 250;
/** Far below the old stalls (8 to 35 s), far above the scheduling noise of a loaded machine. */
const STALL_MS = 2000;
const MIB = 1024 * 1024;

/** 1 GiB of spaces, deflated (about 1 MB): zlib runs it on its thread pool, 1 MiB at a time. */
async function deflatedSpaces(): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9, memLevel: 9, chunkSize: MIB });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const spaces = Buffer.alloc(MIB, 0x20);
  for (let i = 0; i < 1024; i++) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** `pages` A4 pages whose /Contents is one shared FlateDecode stream; `salt` makes the file unique. */
async function bombPdf(stream: Buffer, pages: number, salt: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`bomb ${salt}`);
  const contents = doc.context.register(doc.context.stream(stream, { Filter: 'FlateDecode' }));
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).node.set(PDFName.of('Contents'), contents);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The probes run in a thread of their own: the test's main thread encodes megabytes of uploads and
 * mail meanwhile, and a probe waiting on that would measure the test, not the daemon. Each probe
 * sends one request after another (/healthz; a new SMTP connection up to its 220 greeting) until
 * told to stop, then posts every round trip in milliseconds.
 */
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
let stopped = false;
parentPort.once('message', () => (stopped = true));
async function health() {
  const started = performance.now();
  const res = await fetch(workerData.healthUrl);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('/healthz answered ' + res.status);
  return performance.now() - started;
}
function banner() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(workerData.smtpPort, workerData.smtpHost);
    socket.once('data', (data) => {
      const elapsed = performance.now() - started;
      socket.end('QUIT\\r\\n');
      socket.destroy();
      if (data.toString('latin1').startsWith('220 ')) resolve(elapsed);
      else reject(new Error('unexpected greeting: ' + data.toString('latin1')));
    });
    socket.once('error', reject);
  });
}
async function loop(probe) {
  const samples = [];
  while (!stopped) samples.push(await probe());
  return samples;
}
Promise.all([loop(health), loop(banner)]).then(
  ([healthSamples, bannerSamples]) => parentPort.postMessage({ healthSamples, bannerSamples }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
`;

interface Samples {
  healthSamples: number[];
  bannerSamples: number[];
}

/** Starts the probes; the returned function stops them and gives their samples. */
function startProbes(healthUrl: string, smtpHost: string, smtpPort: number): () => Promise<Samples> {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { healthUrl, smtpHost, smtpPort } });
  const result = new Promise<Samples>((resolve, reject) => {
    worker.once('message', (message: Samples & { error?: string }) =>
      message.error ? reject(new Error(message.error)) : resolve(message),
    );
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    try {
      return await result;
    } finally {
      await worker.terminate();
    }
  };
}

/** Polls a job (its own state, no timing) until it has failed or succeeded. */
async function settledJob(daemon: DaemonProcess, key: string, id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await api(daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.status === 'failed' || res.body.status === 'completed') return res.body as Record<string, unknown>;
    if (Date.now() > deadline) throw new Error(`job ${id} has not settled: ${JSON.stringify(res.body)}`);
    // Four jobs polled at once stay well under the key's 500 requests a minute.
    await sleep(1000);
  }
}

/** The job made from a message's first attachment, once the mail worker has processed it. */
async function mailJob(daemon: DaemonProcess, key: string, messageId: string): Promise<string> {
  for (;;) {
    const res = await api(daemon.httpUrl, 'GET', `/api/email-ingestion/messages/${messageId}`, { key });
    const outcome = (res.body as { attachments?: { status: string; job_id: string | null }[] }).attachments?.[0];
    if (outcome?.job_id) return outcome.job_id;
    if (outcome && outcome.status !== 'job_created')
      throw new Error(`no job for the mail: ${JSON.stringify(res.body)}`);
    await sleep(500);
  }
}

const warnings = (daemon: DaemonProcess): number =>
  daemon
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"document_too_large"') && line.includes('"level":40')).length;

describe('a decompression bomb', { timeout: 2 * PROCESS_TEST_TIMEOUT_MS }, () => {
  let stream: Buffer;
  beforeAll(async () => {
    stream = await deflatedSpaces();
  });

  it('never stalls /healthz or the SMTP banner, fails as document_too_large and is read once', async () => {
    expect(stream.length).toBeLessThan(1.1 * MIB);
    const [upload, threePages, tested, mailed] = await Promise.all([
      bombPdf(stream, 1, 'upload'),
      bombPdf(stream, 3, 'three pages'),
      bombPdf(stream, 1, 'test endpoint'),
      bombPdf(stream, 1, 'mail'),
    ]);
    // PostgreSQL: a new PGlite directory costs seconds of start-up that this test is not about. The
    // organization has credits, so that live jobs run rather than wait for them.
    const databaseUrl = await createPostgresDatabase();
    const dataDir = makeTempDir('intake-bomb-');
    const org = singleJsonLine<{ live_key: string; test_key: string }>(
      (
        await runCliOk(['orgs', 'create', '--name', 'Bombs', '--credits', '1000', '--rate-limit', '100000', '--json'], {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
        })
      ).stdout,
    );
    const daemon = await startDaemon(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        EMAIL_DOMAIN: 'example.test',
        WORKER_POLL_MS: '200',
        OCR_ENGINE: 'tesseract',
        // The cap is what stops a bomb: 64 MB (not the default 512) keeps each refusal's zlib work
        // small on this shared machine, where the calls below must each answer within 30 s.
        MAX_DECOMPRESSED_MB: '64',
        TEST_EXTRACTION_WAIT_MS: '20000',
      },
      { timeoutMs: 240_000 },
    );
    const { live_key: live, test_key: test } = org;
    const { host, port } = daemon.smtp!;
    const extractor = await api(daemon.httpUrl, 'POST', '/v1/extractors', { key: live, body: invoiceExtractor() });
    expect(extractor.status).toBe(201);
    const config = await api(daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: live,
      body: { emailPrefix: 'ap', defaultDocumentType: 'invoice', autoClassify: false },
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);

    const stopProbes = startProbes(`${daemon.httpUrl}/healthz`, host, port);

    const scenario = (async () => {
      const submit = (key: string, pdf: Buffer) =>
        api(daemon.httpUrl, 'POST', '/v1/documents', {
          key,
          body: { extractor_id: extractor.body.id, document: pdf.toString('base64'), mime_type: 'application/pdf' },
        });
      const one = await submit(live, upload);
      expect(one.status, JSON.stringify(one.body)).toBe(202);
      const three = await submit(live, threePages);
      expect(three.status, JSON.stringify(three.body)).toBe(202);
      expect(three.body.page_count).toBe(3);
      // The words call while the job may still be running: it reads the document itself.
      const words = await api(daemon.httpUrl, 'GET', `/v1/documents/${one.body.id}/pages/1/words`, { key: live });
      expect(words.status, JSON.stringify(words.body)).toBe(409);
      expect(words.body.error.message).toMatch(/more than 64 MB; .*\(MAX_DECOMPRESSED_MB\)/);

      const viaTest = await api(daemon.httpUrl, 'POST', '/api/email-ingestion/test', {
        key: test,
        body: { emailPrefix: 'ap', testDocument: tested.toString('base64'), filename: 'bomb.pdf' },
      });
      expect(viaTest.status, JSON.stringify(viaTest.body)).toBe(200);
      const testJob = viaTest.body.jobId as string;
      expect(testJob).toMatch(/^job_/);

      const info = await nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true }).sendMail({
        from: 'anyone@elsewhere.example',
        to: 'ap@example.test',
        subject: 'Invoice',
        attachments: [{ filename: 'invoice.pdf', content: mailed }],
      });
      const messageId = /queued as (msg_\w+)/.exec(info.response)![1]!;
      const viaMail = await mailJob(daemon, live, messageId);

      // A test-mode job is simulated, never read; the words call on it reads the document.
      const testWords = await api(daemon.httpUrl, 'GET', `/v1/documents/${testJob}/pages/1/words`, { key: test });
      expect(testWords.status, JSON.stringify(testWords.body)).toBe(409);
      expect(testWords.body.error.message).toMatch(/MAX_DECOMPRESSED_MB/);

      const jobs = await Promise.all([
        settledJob(daemon, live, one.body.id as string),
        settledJob(daemon, live, three.body.id as string),
        settledJob(daemon, live, viaMail),
      ]);
      return { jobs, first: one.body.id as string, testJob };
    })().catch((error: unknown) => {
      // What the daemon logged at warn and above says why, when the scenario itself failed.
      const logged = daemon
        .stdout()
        .split('\n')
        .filter((line) => /"level":[4-6]0/.test(line));
      throw new Error(`${String(error)}\n--- daemon warnings\n${logged.slice(-20).join('\n')}`, { cause: error });
    });

    const outcome = await scenario.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const { healthSamples, bannerSamples } = await stopProbes();
    if ('error' in outcome) throw outcome.error;
    const { jobs, first, testJob } = outcome.value;

    for (const job of jobs) {
      expect(job.status).toBe('failed');
      expect((job.error_details as { code: string }).code, JSON.stringify(job)).toBe('document_too_large');
    }
    // Some samples on each probe, and every one of them within the bound.
    expect(healthSamples.length).toBeGreaterThan(20);
    expect(bannerSamples.length).toBeGreaterThan(5);
    // Nearly every sample within the bound, and none anywhere near a stall: the read on the main
    // thread blocked both doors for 8 to 35 s. With the whole suite running beside it (load average
    // about 7 on two cores) 2 of 85 banners took 540 and 570 ms; alone, 1 of 1,300 took 301 ms.
    const within = (samples: number[]) => samples.filter((ms) => ms < BOUND_MS).length / samples.length;
    const shown = (samples: number[]) => samples.map(Math.round).join(' ');
    expect(within(healthSamples), `/healthz samples: ${shown(healthSamples)}`).toBeGreaterThanOrEqual(0.95);
    expect(within(bannerSamples), `banner samples: ${shown(bannerSamples)}`).toBeGreaterThanOrEqual(0.95);
    expect(Math.max(...healthSamples), `/healthz samples: ${shown(healthSamples)}`).toBeLessThan(STALL_MS);
    expect(Math.max(...bannerSamples), `banner samples: ${shown(bannerSamples)}`).toBeLessThan(STALL_MS);

    // The verdict is kept: the words calls answer it again without another read (no new warning):
    // for the live job from its failure, for the test-mode one from the daemon's memory.
    const logged = warnings(daemon);
    expect(logged).toBeGreaterThan(0);
    for (const [key, id] of [
      [live, first],
      [live, first],
      [test, testJob],
    ] as const) {
      const again = await api(daemon.httpUrl, 'GET', `/v1/documents/${id}/pages/1/words`, { key });
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.body.error.message).toMatch(/MAX_DECOMPRESSED_MB/);
    }
    expect(warnings(daemon)).toBe(logged);
    expect((await daemon.stop('SIGTERM')).code).toBe(0);
  });
});
