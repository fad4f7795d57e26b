/** The daemon's wiring: SMTP_RELAY_URL, the notification worker, the settings' validation. */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeTempDir,
  runCli,
  startDaemon,
  useProcessCleanup,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

useProcessCleanup();

describe('the daemon and notifications', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());

  it('sends a receipt confirmation for mail received on its SMTP port through SMTP_RELAY_URL', async () => {
    const daemon = await startDaemon({
      DATABASE_URL: await createPostgresDatabase(),
      DATA_DIR: makeTempDir('intake-ntf-'),
      EMAIL_DOMAIN: 'example.test',
      SMTP_RELAY_URL: sink.url,
      NOTIFICATION_POLL_MS: '200',
      WORKER_POLL_MS: '200',
    });
    const key = /^ {2}live key: +(sk_live_\S+)$/m.exec(daemon.stdout())![1]!;
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
    const info = await nodemailer
      .createTransport({ host: daemon.smtp!.host, port: daemon.smtp!.port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'billing@vendor.example',
        to: 'ap@example.test',
        subject: 'Daemon invoice',
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'daemon' })) }],
      });
    const id = /queued as (msg_\w+)/.exec(info.response)![1]!;
    const [mail] = await sink.waitFor(1, (m) => m.subject === 'Received: Daemon invoice', 30_000);
    expect(mail!.envelopeTo).toEqual(['billing@vendor.example']);
    expect(mail!.headers['auto-submitted']).toBe('auto-replied');
    expect(mail!.text).toContain(id);
    const stopped = await daemon.stop('SIGTERM');
    expect(stopped.code).toBe(0);
  });

  it('refuses to start with a bad DIGEST_CRON or SMTP_RELAY_URL, naming it', async () => {
    const dataDir = makeTempDir('intake-ntf-cfg-');
    const [cron, relay] = await Promise.all([
      runCli(['start'], { DATA_DIR: dataDir, HTTP_PORT: '0', DIGEST_CRON: 'every morning' }, { timeoutMs: 60_000 }),
      runCli(
        ['start'],
        { DATA_DIR: dataDir, HTTP_PORT: '0', SMTP_RELAY_URL: 'http://relay.example' },
        { timeoutMs: 60_000 },
      ),
    ]);
    expect(cron.code).not.toBe(0);
    expect(cron.stderr).toMatch(/Invalid configuration: .*DIGEST_CRON/);
    expect(relay.code).not.toBe(0);
    expect(relay.stderr).toMatch(/Invalid configuration: .*SMTP_RELAY_URL: must start with smtp:\/\/ or smtps:\/\//);
  });
});
