/**
 * A decompression bomb (issue 32, item 1): a PDF of about 1 MB whose one content stream inflates to
 * 1 GiB of spaces, and a 3-page variant whose pages share that stream. Sent to a real daemon through
 * every door (upload, the email test endpoint, the words call, anonymous SMTP), it must never stall
 * the daemon: /healthz and the SMTP banner, sampled on loopback every 20 ms the whole time, each
 * answer within 250 ms, and so does the daemon's own event loop; every live job ends `failed` with
 * `document_too_large` (test-mode jobs are simulated, never read), the words calls answer 409 with
 * it, and a repeated words call is answered from the verdict already reached (no second read, so no
 * second warning in the log).
 *
 * The bound is the issue's, 250 ms for every sample, with no margin added. What a sample is held
 * to is what the daemon's main thread can have caused (ownWaitMs, from Linux schedstat read by the
 * probes): the sample's time less the time that thread waited for a CPU while it could run, and
 * at most the time it ran meanwhile. Other processes on a loaded machine are not the daemon's
 * doing: beside the suite (load average 7 to 35 on two cores) the wait for a CPU was up to 960 ms
 * of a 1,320 ms sample. Work on the event loop is never discounted: on an idle machine a stalled
 * loop runs the whole wait, and a bomb read on the main thread blocked both doors for 8 to 35 s.
 * smtp-server waits 100 ms before every banner (its early-talker check, NOTES.md), so a banner
 * leaves 150 ms for the daemon; /healthz takes a few ms idle.
 *
 * The probes measure; they should not be most of the load. With up to 8 greetings waiting, the
 * banner probe opened about 50 SMTP connections a second, and the daemon spent 150 to 175 ms of
 * CPU a second answering the probes (18 to 35 of it idle), so that a sample stretched to a second
 * by a loaded machine counted 250 ms of the daemon's running, mostly on the probes' own answers.
 * At most 2 greetings waiting (a new one every 55 ms or so, still several within any 250 ms stall)
 * and success lines of /healthz at `debug`: 119 ms a second.
 */
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { bombPdf, deflatedSpaces, MIB } from '../support/bomb.js';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import { invoiceExtractor } from '../support/fixtures.js';
import {
  api,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { ownWaitMs, startProbes, summarize, type ProbeSample } from '../support/responsiveness.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const BOUND_MS = 250;

/** Polls a job (its own state, no timing) until it has failed or succeeded. */
async function settledJob(daemon: DaemonProcess, key: string, id: string): Promise<Record<string, unknown>> {
  let last: unknown;
  return eventually(
    () => `job ${id} to settle: ${JSON.stringify(last)}`,
    async () => {
      const res = await api(daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      last = res.body;
      return res.body.status === 'failed' || res.body.status === 'completed'
        ? (res.body as Record<string, unknown>)
        : null;
    },
    // Four jobs polled at once stay well under the key's 500 requests a minute.
    { timeoutMs: 150_000, intervalMs: 1000 },
  );
}

/** The job made from a message's first attachment, once the mail worker has processed it. */
async function mailJob(daemon: DaemonProcess, key: string, messageId: string): Promise<string> {
  return eventually(
    'the mail worker to make a job of the attachment',
    async () => {
      const res = await api(daemon.httpUrl, 'GET', `/api/email-ingestion/messages/${messageId}`, { key });
      const outcome = (res.body as { attachments?: { status: string; job_id: string | null }[] }).attachments?.[0];
      if (outcome?.job_id) return outcome.job_id;
      if (outcome && outcome.status !== 'job_created')
        throw new Error(`no job for the mail: ${JSON.stringify(res.body)}`);
      return null;
    },
    { timeoutMs: 150_000, intervalMs: 500 },
  );
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
        await runInProcessOk(
          ['orgs', 'create', '--name', 'Bombs', '--credits', '1000', '--rate-limit', '100000', '--json'],
          {
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
          },
        )
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

    const stopProbes = startProbes({
      httpUrl: daemon.httpUrl,
      smtpHost: host,
      smtpPort: port,
      pid: daemon.pid,
      metricsEveryMs: 250,
      // A greeting every ~55 ms at most (each takes smtp-server's 100 ms), not ~50 connections a
      // second: see the top of the file.
      bannerMaxOutstanding: 2,
    });

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
    const probes = await stopProbes();
    if ('error' in outcome) throw outcome.error;
    const { jobs, first, testJob } = outcome.value;

    for (const job of jobs) {
      expect(job.status).toBe('failed');
      expect((job.error_details as { code: string }).code, JSON.stringify(job)).toBe('document_too_large');
    }
    // Some samples on each probe, and every one of them within the bound (see the top of the file).
    expect(probes.errors).toEqual([]);
    expect(probes.health.length).toBeGreaterThan(20);
    expect(probes.banner.length).toBeGreaterThan(5);
    expect(probes.loopMax.length).toBeGreaterThan(5);
    const shown = (samples: ProbeSample[]) =>
      samples.map((s) => `${Math.round(s.ms)}/${Math.round(s.queuedMs)}/${Math.round(s.cpuMs)}`).join(' ');
    const over = (samples: ProbeSample[]) => samples.filter((s) => ownWaitMs(s) >= BOUND_MS);
    // The daemon's own share of each wait, in one line per door (the log shows how near the bound).
    console.log(summarize('/healthz (own wait)', probes.health.map(ownWaitMs), BOUND_MS));
    console.log(summarize('SMTP banner (own wait)', probes.banner.map(ownWaitMs), BOUND_MS));
    expect(over(probes.health), `/healthz samples (ms/queued/cpu): ${shown(probes.health)}`).toEqual([]);
    expect(over(probes.banner), `banner samples (ms/queued/cpu): ${shown(probes.banner)}`).toEqual([]);
    const loop = probes.loopMax.map((l) => ({ at: 0, cpuMs: Infinity, ...l }));
    expect(over(loop), `event-loop delay per 250 ms (ms/queued/cpu): ${shown(loop)}`).toEqual([]);

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
