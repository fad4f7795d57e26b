/**
 * What the operator reads: one log line per state change that matters, with the ids that follow a
 * document through the daemon (message -> job -> delivery / ERP sync), from a whole daemon started
 * in-process on the suite's PostgreSQL with its logger writing into the test. Then LOG_FORMAT.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema, createLogger, resolveConfig, startDaemon, type RunningDaemon } from '@intake/daemon';
import { createPostgresDatabase } from '../support/databases.js';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { api, makeTempDir, removeTempDirs } from '../support/processes.js';
import { openSmtp } from '../support/smtp.js';
import { eventually } from '../support/wait.js';
import { startReceiver, stopAllReceivers, type Receiver } from '../webhooks/receiver.js';

const DOMAIN = 'logs.example';
const ERP_SECRET = 'erp-refusing-secret-01';

type Line = Record<string, unknown> & { msg: string; level: number };

/** A loopback HTTP receiver that answers every POST with `status`. */
async function answering(status: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(status).end('{}')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('state-change log lines of a running daemon', { timeout: 240_000 }, () => {
  const lines: Line[] = [];
  let daemon: RunningDaemon;
  let key = '';
  let extractorId = '';
  let webhookReceiver: Awaited<ReturnType<typeof answering>>;
  let erpReceiver: Receiver;
  /** Processing (OCR, retries) takes its time on a loaded two-core machine: waits up to two minutes. */
  const slow = { timeoutMs: 120_000 };
  const seen = () => lines.map((l) => `${typeof l.event === 'string' ? l.event : ''} ${l.msg}`).join('\n');
  const find = (event: string, match: (l: Line) => boolean = () => true) =>
    lines.filter((l) => l.event === event && match(l));

  beforeAll(async () => {
    // The ERP refuses every record with 422 (an answer, not an outage: failed at once, no retry).
    [webhookReceiver, erpReceiver] = await Promise.all([
      answering(500),
      startReceiver({
        secret: ERP_SECRET,
        certDir: makeTempDir('intake-logs-erp-'),
        failFirst: 1000,
        failMode: 'status',
        failStatus: 422,
      }),
    ]);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as Line);
        done();
      },
    });
    const config = resolveConfig(
      ConfigSchema.parse({
        DATABASE_URL: await createPostgresDatabase(),
        DATA_DIR: makeTempDir('intake-logs-'),
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: '0',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '0',
        EMAIL_DOMAIN: DOMAIN,
        DASHBOARD: 'off',
        OCR_ENGINE: 'tesseract',
        OCR_WORKERS: '1',
        WORKER_POLL_MS: '100',
        WEBHOOK_POLL_MS: '100',
        ERP_POLL_MS: '100',
        WEBHOOKS_ALLOW_LOCALHOST: 'true',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_CA_FILE: erpReceiver.certFile,
        // Every retry at once: the failing endpoint fails for good (six attempts) within the test.
        WEBHOOK_RETRY_DELAYS_MS: '0,0,0,0,0',
      }),
    );
    let banner = '';
    daemon = await startDaemon(config, {
      logger: createLogger({ level: 'info', format: 'json', destination: sink }),
      announce: (text) => (banner += text),
    });
    key = /live key:\s+(\S+)/.exec(banner)![1]!;
    // The first start's organization has no credits: a top-up, as `intake credits add` makes it.
    await daemon.intake.credits.add(/organization:\s+(\S+)/.exec(banner)![1]!, 100);
  });

  afterAll(async () => {
    await daemon?.stop();
    await webhookReceiver?.close();
    await stopAllReceivers();
    await removeTempDirs();
  });

  it('follows a mailed invoice from the SMTP edge to its job, its failed delivery and its failed ERP sync', async () => {
    const call = (method: string, path: string, body?: unknown) =>
      api(daemon.httpUrl, method, path, { key, ...(body !== undefined ? { body } : {}) });
    const extractor = await call('POST', '/v1/extractors', invoiceExtractor());
    expect(extractor.status).toBe(201);
    extractorId = extractor.body.id as string;
    const erp = await call('POST', '/v1/erp-connections', { name: 'Books', url: erpReceiver.url, secret: ERP_SECRET });
    expect(erp.status, JSON.stringify(erp.body)).toBe(201);
    const hook = await call('POST', '/v1/webhooks/endpoints', { url: webhookReceiver.url, events: ['job.completed'] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const prefix = await call('POST', '/api/email-ingestion/config', {
      emailPrefix: 'bills',
      defaultDocumentType: 'vendor_bill',
      autoClassify: false,
      erpConnectionId: erp.body.id,
    });
    expect(prefix.status, JSON.stringify(prefix.body)).toBe(201);

    const info = await nodemailer
      .createTransport({ host: daemon.smtp.host, port: daemon.smtp.port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'billing@vendor.example',
        to: `bills@${DOMAIN}`,
        subject: 'Invoice',
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(await makeInvoicePdf({ number: 'INV-LOG-1' })) }],
      });
    const messageId = /queued as (msg_\w+)/.exec(info.response)![1]!;

    const accepted = await eventually(
      'the message.accepted line',
      () => find('message.accepted', (l) => (l.message_ids as string[]).includes(messageId))[0],
    );
    expect(accepted).toMatchObject({ prefixes: ['bills'], from: 'billing@vendor.example', client: '127.0.0.1' });
    const processed = await eventually(
      'the message.processed line',
      () => find('message.processed', (l) => l.message_id === messageId)[0],
    );
    expect(processed.job_ids).toHaveLength(1);
    const jobId = (processed.job_ids as string[])[0]!;
    await eventually(
      () => `the job.completed line of ${jobId}; logged:\n${seen()}`,
      () => find('job.completed', (l) => l.job_id === jobId)[0],
      slow,
    );

    const delivery = await eventually(
      'the delivery.failed line',
      () => find('delivery.failed', (l) => l.endpoint_id === hook.body.id)[0],
      slow,
    );
    expect(delivery).toMatchObject({ attempts: 6, status_code: 500, webhook_event: 'job.completed', level: 40 });
    expect(delivery.delivery_id).toMatch(/^whd_/);

    const erpFailed = await eventually(
      'the erp.sync_failed line',
      () => find('erp.sync_failed', (l) => l.job_id === jobId)[0],
      slow,
    );
    expect(erpFailed).toMatchObject({ connection_id: erp.body.id, prefix: 'bills', attempts: 1, level: 40 });
    expect(String(erpFailed.error)).toContain('422');
  });

  it('logs each refusal at the SMTP edge with its reply code, and a failed job with its error code', async () => {
    const smtp = await openSmtp(daemon.smtp.port, daemon.smtp.host);
    try {
      await smtp.command(`EHLO client.example`);
      await smtp.command('MAIL FROM:<someone@elsewhere.example>');
      const refused = await smtp.command(`RCPT TO:<nobody@${DOMAIN}>`);
      expect(refused.code).toBe(550);
    } finally {
      smtp.close();
    }
    const line = await eventually(
      'the message.refused line',
      () => find('message.refused', (l) => l.address === `nobody@${DOMAIN}`)[0],
    );
    expect(line).toMatchObject({ code: 550, command: 'RCPT TO', client: '127.0.0.1' });
    expect(String(line.reply)).toContain('5.1.1');

    // A job on a document that cannot be read fails: job.failed with its code, at warn.
    const job = await api(daemon.httpUrl, 'POST', '/v1/documents', {
      key,
      body: {
        extractor_id: extractorId,
        document: Buffer.from('%PDF-1.7 not a pdf').toString('base64'),
        mime_type: 'application/pdf',
      },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    const failed = await eventually(
      'the job.failed line',
      () => find('job.failed', (l) => l.job_id === job.body.id)[0],
      slow,
    );
    expect(failed.level).toBe(40);
    expect(typeof failed.error_code).toBe('string');
  });
});

describe('LOG_FORMAT', () => {
  const capture = (tty: boolean) => {
    const out = new PassThrough() as PassThrough & { isTTY?: boolean };
    out.isTTY = tty;
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    return { out, text: () => text };
  };

  it('writes JSON lines when asked, and under auto when stdout is not a terminal', () => {
    for (const format of ['json', 'auto'] as const) {
      const { out, text } = capture(false);
      createLogger({ level: 'info', format, destination: out }).info({ job_id: 'job_1' }, 'job completed');
      expect(JSON.parse(text().trim())).toMatchObject({ msg: 'job completed', job_id: 'job_1', level: 30 });
    }
  });

  it('writes readable lines when asked, and under auto on a terminal, with the fields and nothing secret', () => {
    for (const [format, tty] of [
      ['pretty', false],
      ['auto', true],
    ] as const) {
      const { out, text } = capture(tty);
      createLogger({ level: 'info', format, destination: out }).info(
        { job_id: 'job_1', headers: { authorization: 'Bearer sk_live_secret' } },
        'job completed',
      );
      // eslint-disable-next-line no-control-regex -- the colour codes of a terminal, removed to read the text
      const printed = text().replace(/\x1b\[[0-9;]*m/g, '');
      expect(() => JSON.parse(printed)).toThrow();
      expect(printed).toMatch(/INFO.*job completed/);
      expect(printed).toContain('job_1');
      expect(printed).not.toContain('sk_live_secret');
    }
  });

  it('refuses an unknown LOG_FORMAT, naming it', () => {
    const parsed = ConfigSchema.safeParse({ LOG_FORMAT: 'xml' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('LOG_FORMAT');
  });
});
