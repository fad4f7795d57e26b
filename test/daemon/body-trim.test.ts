/**
 * The trim after large bodies (daemon/src/runtime/idle-memory.ts, BodyTrim): a body of at least
 * BODY_TRIM_BYTES, once its request is answered, asks for glibc's malloc_trim on a worker thread;
 * the bodies of one delay join one trim, at most one is in flight, and a trim that fails or is
 * missing never reaches the request. In a real daemon, its debug log shows each trim.
 */
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { SmtpIntake } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { setUpTenant } from '../support/tenant.js';
import { BodyTrim } from '../../daemon/src/runtime/idle-memory.js';
import { mallocTrimAsync } from '../../daemon/src/reading/malloc-trim.js';
import {
  makeMigratedDataDir,
  PROCESS_TEST_TIMEOUT_MS,
  startDaemon,
  useFileCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { setUpDaemonTenant, type Tenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';

useFileCleanup();

const MB = 1024 * 1024;
const TRIM_LINE = 'returned the free memory of large bodies';

describe('BodyTrim', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const silent = pino({ level: 'silent' });

  /** A trim that settles when the test says, counting its calls. */
  function heldTrim() {
    const calls: { settle: () => void; fail: (error: Error) => void }[] = [];
    const trim = () =>
      new Promise<'trimmed'>((resolve, reject) => {
        calls.push({ settle: () => resolve('trimmed'), fail: reject });
      });
    return { calls, trim };
  }

  it('trims once after large bodies, never after small ones, one in flight at a time', async () => {
    vi.useFakeTimers();
    const { calls, trim } = heldTrim();
    const bodies = new BodyTrim({ trim, minBytes: MB, delayMs: 1000 });
    bodies.afterBody(MB - 1, silent);
    bodies.afterBody(10, silent);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);

    // A burst: one trim, a delay after the first large body.
    bodies.afterBody(MB, silent);
    await vi.advanceTimersByTimeAsync(500);
    bodies.afterBody(3 * MB, silent);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);

    // Bodies while it runs: no second trim in flight; one more a delay after it ends.
    bodies.afterBody(2 * MB, silent);
    bodies.afterBody(2 * MB, silent);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    calls[0]!.settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]!.settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    expect(bodies.trims).toBe(2);
  });

  it('a trim that throws or fails is logged once, and the next large body trims again', async () => {
    vi.useFakeTimers();
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
    let calls = 0;
    const bodies = new BodyTrim({
      trim: () => {
        calls++;
        if (calls === 1) throw new Error('no trim here');
        if (calls === 2) return Promise.reject(new Error('the trim failed'));
        return Promise.resolve('unavailable');
      },
      minBytes: MB,
      delayMs: 1000,
    });
    for (let round = 1; round <= 3; round++) {
      expect(() => bodies.afterBody(2 * MB, logger)).not.toThrow();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(round);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: 'could not return the free memory of large bodies' });
    expect(bodies.trims).toBe(1);
  });

  it('calls glibc on a thread here, or does nothing where it is missing', async () => {
    const glibc =
      process.platform === 'linux' &&
      (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
    expect(await mallocTrimAsync()).toBe(glibc ? 'trimmed' : 'unavailable');
  });
});

describe('a daemon after large bodies', { timeout: PROCESS_TEST_TIMEOUT_MS * 2 }, () => {
  let daemon: DaemonProcess;
  let tenant: Tenant;

  beforeAll(async () => {
    const dataDir = makeMigratedDataDir('intake-body-trim-');
    daemon = await startDaemon({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' }, { timeoutMs: PROCESS_TEST_TIMEOUT_MS });
    tenant = await setUpDaemonTenant(daemon, { DATA_DIR: dataDir }, { name: 'Trim', plan: 'enterprise', credits: 10 });
  }, PROCESS_TEST_TIMEOUT_MS * 2);

  const trimLines = () =>
    daemon
      .stdout()
      .split('\n')
      .filter((line) => line.includes(TRIM_LINE))
      .map((line) => JSON.parse(line) as { bodies: number; body_mb: number; trim: string; rss_mb: number });

  it('trims after a large JSON upload and a large multipart one, not after small bodies', async () => {
    // Small bodies first (an unknown extractor: refused once read); none of them asks for a trim.
    const small = await tenant.call('POST', '/v1/documents', {
      body: { document: randomBytes(1000).toString('base64'), mime_type: 'application/pdf', extractor_id: 'ext_none' },
    });
    expect(small.status).toBe(404);
    // A large JSON body, read and refused the same way: the request is answered as before.
    const large = await tenant.call('POST', '/v1/documents', {
      body: {
        document: randomBytes(2 * MB).toString('base64'),
        mime_type: 'application/pdf',
        extractor_id: 'ext_none',
      },
    });
    expect(large.status).toBe(404);
    const [first] = await eventually('the trim after the large JSON body', () => {
      const lines = trimLines();
      return lines.length > 0 ? lines : null;
    });
    // The small body did not join it, nor trim on its own.
    expect(trimLines()).toHaveLength(1);
    expect(first).toMatchObject({ bodies: 1, trim: 'trimmed' });
    expect(first!.body_mb).toBeGreaterThanOrEqual(2);
    expect(first!.rss_mb).toBeGreaterThan(50);

    const form = new FormData();
    form.set('extractor_id', 'ext_none');
    form.set('file', new Blob([randomBytes(Math.round(1.5 * MB))], { type: 'application/pdf' }), 'big.pdf');
    const multipart = await fetch(`${daemon.httpUrl}/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.live_key}` },
      body: form,
    });
    expect(multipart.status).toBe(404);
    const lines = await eventually('the trim after the multipart upload', () =>
      trimLines().length > 1 ? trimLines() : null,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ bodies: 1, trim: 'trimmed' });
    expect((await fetch(`${daemon.httpUrl}/readyz`)).status).toBe(200);
  });
});

describe('the SMTP edge after a large message', () => {
  let h: ApiHarness;
  let key: string;
  beforeAll(async () => {
    h = await startApi('pglite', { emailDomains: ['example.test'] });
    key = (await setUpTenant(h, { credits: 10, extractors: [], prefixes: ['ap'] })).live_key;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('asks for one trim once a large message is stored, none for a small one', async () => {
    const lines: { msg: string; bodies?: number; body_mb?: number }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let trims = 0;
    const bodyTrim = new BodyTrim({ trim: () => Promise.resolve((trims++, 'trimmed')), delayMs: 10 });
    const smtp = new SmtpIntake(h.inbound, logger, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 4 * MB,
      maxRecipients: 5,
      maxConnections: 4,
      maxMimeParts: 20,
      maxLineBytes: 4096,
      drainMs: 1000,
      socketTimeoutMs: 30_000,
      bodyTrim,
    });
    const { port } = await smtp.listen();
    try {
      const send = (subject: string, attachment?: Buffer) =>
        nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
          from: 'v@vendor.example',
          to: 'ap@example.test',
          subject,
          text: 'hello',
          ...(attachment ? { attachments: [{ filename: 'big.pdf', content: attachment }] } : {}),
        });
      await send('small');
      await send('large', randomBytes(Math.round(1.5 * MB)));
      const trimmed = await eventually('the trim after the large message', () =>
        lines.filter((l) => l.msg === TRIM_LINE).length > 0 ? lines.filter((l) => l.msg === TRIM_LINE) : null,
      );
      // The small message came first and did not join it, nor trim on its own.
      expect(trimmed).toHaveLength(1);
      expect(trimmed[0]).toMatchObject({ bodies: 1 });
      expect(trimmed[0]!.body_mb).toBeGreaterThanOrEqual(2);
      expect(trims).toBe(1);
      const stored = await h.call('GET', '/api/email-ingestion/messages?limit=1', { key });
      expect(stored.body.total).toBe(2);
    } finally {
      await smtp.stop();
    }
  });
});
