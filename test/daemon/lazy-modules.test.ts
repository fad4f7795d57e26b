/**
 * What a running daemon seldom needs is loaded on first use, not at start (docs/resources.md, "The
 * daemon's own modules"): the OpenAPI document's builder (zod-openapi), the review screen's page
 * renderer (@intake/ocr-tesseract: pdfjs and sharp), the relay's notifier (@intake/notifier-smtp:
 * nodemailer) and the OCR engines (only ever in the reader process); the sender checks of mail
 * (mailauth) are never loaded by the daemon's main thread, only by their own thread. A real daemon, with a preload
 * that records every ES module each process loads: none of them in the daemon's own process once it
 * is ready, nor after it has read a document; each there, and working, once its first use came. The
 * reader process loads the reading code alone (docs/resources.md, "The reader's own modules").
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeTempDir,
  singleJsonLine,
  startDaemon,
  useFileCleanup,
  PROCESS_TEST_TIMEOUT_MS,
  type DaemonProcess,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';
import { startSmtpSink, type SmtpSink } from '../notifications/smtp-sink.js';

// One daemon for both tests: its children are killed at the end of the file.
useFileCleanup();

const PRELOAD = fileURLToPath(new URL('./loaded-modules.mjs', import.meta.url));

/** The modules the daemon's own process loads only on first use, by the path that gives each away. */
const LAZY = {
  openapi: ['/daemon/dist/http/openapi.js', '/node_modules/zod-openapi/'],
  renderer: ['/packages/ocr-tesseract/dist/index.js', '/node_modules/tesseract.js/'],
  notifier: ['/packages/notifier-smtp/dist/index.js', '/node_modules/nodemailer/dist/esm/nodemailer.js'],
  // The sender checks: in a thread of their own (daemon/src/mail-auth/auth-threads.ts), never here.
  senderAuth: ['/node_modules/mailauth/'],
  // Never in the daemon's own process: the reader process reads with them.
  engines: ['/packages/ocr-onnx/', '/daemon/dist/reading/create-reader.js'],
} as const;

/** Never in the reader process: core's entry and context subpaths, zod, the daemon's settings. */
const READER_NEVER = [
  '/packages/core/dist/index.js',
  '/packages/core/dist/jobs/index.js',
  '/packages/core/dist/jobs/package-entry.js',
  '/node_modules/zod/',
  '/daemon/dist/config/',
] as const;

describe('modules the daemon loads on first use', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let sink: SmtpSink;
  let daemon: DaemonProcess;
  let key: string;
  let modulesFile: string;
  /** The URLs of the ES modules the daemon's own process has loaded so far. */
  const loaded = (): string[] =>
    fs
      .readFileSync(modulesFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`${daemon.pid} `))
      .map((line) => line.slice(line.indexOf(' ') + 1));
  const loadedOf = (paths: readonly string[]) => loaded().filter((url) => paths.some((p) => url.includes(p)));
  /** The URLs of the ES modules the reader process (the one that loaded reader-child.js) has loaded so far. */
  const loadedByReader = (): string[] => {
    const lines = fs
      .readFileSync(modulesFile, 'utf8')
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)] as const);
    const pid = lines.find(([, url]) => url.endsWith('/daemon/dist/reading/reader-child.js'))?.[0];
    return lines.filter(([p]) => p === pid).map(([, url]) => url);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    const dir = makeTempDir('intake-lazy-');
    modulesFile = path.join(dir, 'modules.txt');
    const databaseUrl = await createPostgresDatabase();
    // An organization with credits, so that its documents are read (a test key's are simulated).
    key = singleJsonLine<{ live_key: string }>(
      (
        await runInProcessOk(['orgs', 'create', '--name', 'Lazy', '--credits', '100', '--json'], {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dir,
        })
      ).stdout,
    ).live_key;
    daemon = await startDaemon({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      EMAIL_DOMAIN: 'example.test',
      SMTP_RELAY_URL: sink.url,
      NOTIFICATION_POLL_MS: '200',
      WORKER_POLL_MS: '200',
      NODE_OPTIONS: `--import=${PRELOAD}`,
      INTAKE_TEST_LOADED_MODULES: modulesFile,
    });
  });
  afterAll(async () => {
    await daemon?.stop('SIGTERM');
    await sink?.close();
  });

  it('are not loaded once the daemon is ready, nor by reading a document', async () => {
    // The preload works: the daemon's own modules are recorded.
    expect(loaded().some((url) => url.endsWith('/daemon/dist/daemon.js'))).toBe(true);
    for (const paths of Object.values(LAZY)) expect(loadedOf(paths)).toEqual([]);

    const extractor = await api(daemon.httpUrl, 'POST', '/v1/extractors', { key, body: invoiceExtractor() });
    const pdf = Buffer.from(await makeInvoicePdf({ salt: 'lazy' }));
    const submitted = await api(daemon.httpUrl, 'POST', '/v1/documents', {
      key,
      body: { extractor_id: extractor.body.id, document: pdf.toString('base64'), mime_type: 'application/pdf' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    let last: unknown;
    const job = await eventually(
      () => `the job is completed, not ${JSON.stringify(last)}`,
      async () => {
        const got = await api(daemon.httpUrl, 'GET', `/v1/documents/${submitted.body.id}`, { key });
        last = got.body;
        return got.body.status === 'completed' ? got.body : null;
      },
      // Within the API's rate limit.
      { intervalMs: 250 },
    );
    expect(job.extracted_data).toMatchObject({ total_amount: expect.anything() });
    // Read in the reader process: the daemon's own process loaded no OCR or PDF library for it.
    expect(loadedOf([...LAZY.renderer, ...LAZY.engines])).toEqual([]);
    // And the reader process loaded the reading code alone: of core, only what a reader uses
    // (@intake/core/reading), not its contexts, zod or the daemon's settings.
    const reader = loadedByReader();
    expect(reader.some((url) => url.endsWith('/packages/core/dist/reading.js'))).toBe(true);
    expect(reader.filter((url) => READER_NEVER.some((p) => url.includes(p)))).toEqual([]);

    // The page picture, the first use of the renderer: loaded then, and it draws the page.
    const picture = await fetch(`${daemon.httpUrl}/v1/documents/${submitted.body.id}/pages/1?width=300`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await picture.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(loadedOf(LAZY.renderer)).not.toEqual([]);
    expect(loadedOf(LAZY.engines)).toEqual([]);
  });

  it('are loaded with their first use and work: the OpenAPI document, the relay; never the sender checks', async () => {
    expect(loadedOf(LAZY.openapi)).toEqual([]);
    const openapi = await api(daemon.httpUrl, 'GET', '/v1/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(openapi.body.paths)).toContain('/v1/documents');
    expect(loadedOf(LAZY.openapi)).not.toEqual([]);
    // Built once: the second answer is the same document.
    expect((await api(daemon.httpUrl, 'GET', '/v1/openapi.json')).body).toEqual(openapi.body);

    // The first notification loads the notifier, which hands the mail to the relay; the first
    // message's sender checks run in their own thread, which loads mailauth, not the main thread.
    expect(loadedOf(LAZY.senderAuth)).toEqual([]);
    expect(loadedOf(LAZY.notifier)).toEqual([]);
    const config = await api(daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key,
      body: {
        emailPrefix: 'ap',
        defaultDocumentType: 'vendor_bill',
        autoClassify: false,
        senderNotifications: { sendReceiptConfirmation: true },
      },
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    await nodemailer
      .createTransport({ host: daemon.smtp!.host, port: daemon.smtp!.port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'billing@vendor.example',
        to: 'ap@example.test',
        subject: 'Lazy invoice',
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'lazy-mail' })) }],
      });
    const [mail] = await sink.waitFor(1, (m) => m.subject === 'Received: Lazy invoice', 30_000);
    expect(mail!.envelopeTo).toEqual(['billing@vendor.example']);
    expect(loadedOf(LAZY.senderAuth)).toEqual([]);
    expect(loadedOf(LAZY.notifier)).not.toEqual([]);
  });
});
