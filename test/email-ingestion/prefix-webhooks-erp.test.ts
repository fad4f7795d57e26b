/**
 * Per-prefix webhooks and ERP connections end to end, over real sockets: a daemon process on its
 * embedded database, mail in through its SMTP port, the prefix's events and the ERP connector's
 * records caught by HTTPS receivers that check signatures (test/webhooks/receiver.ts),
 * the erp_sync_failed notification caught by an SMTP sink; then the test endpoint with and without
 * simulateOnly.
 */
import nodemailer from 'nodemailer';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  startDaemon,
  useProcessCleanup,
} from '../support/processes.js';
import { startSmtpSink, type SmtpSink } from '../notifications/smtp-sink.js';
import { startReceiver, stopAllReceivers, waitFor, type Receiver, type ReceivedRequest } from '../webhooks/receiver.js';

useProcessCleanup();
afterEach(stopAllReceivers);

const HOOK_SECRET = 'prefix-hook-secret-0001';
const ERP_SECRET = 'erp-signing-secret-0001';
const ALL_EVENTS = ['email.received', 'document.classified', 'extraction.completed', 'erp.synced', 'erp.failed'];

const events = (log: ReceivedRequest[], name: string) => log.filter((r) => r.json?.event === name);

describe('per-prefix webhooks and ERP sync through a daemon', { timeout: PROCESS_TEST_TIMEOUT_MS * 2 }, () => {
  let sink: SmtpSink | undefined;
  afterAll(async () => sink?.close());

  it('signs and delivers each prefix event, posts the vendor bill to the ERP with retries, and reports a failing ERP', async () => {
    sink = await startSmtpSink();
    const certDir = makeTempDir('intake-erp-cert-');
    const hooks: Receiver = await startReceiver({ secret: HOOK_SECRET, certDir });
    // The good ERP refuses the first attempt (503): the record must come again, the same.
    const erp: Receiver = await startReceiver({
      secret: ERP_SECRET,
      certDir,
      failFirst: 1,
      failMode: 'status',
      failStatus: 503,
      okStatus: 201,
    });
    // The bad ERP never takes anything.
    const badErp: Receiver = await startReceiver({
      secret: ERP_SECRET,
      certDir,
      failFirst: 1000,
      failMode: 'status',
      failStatus: 503,
    });
    const dataDir = makeMigratedDataDir('intake-erp-data-');
    const daemon = await startDaemon({
      DATA_DIR: dataDir,
      EMAIL_DOMAIN: 'example.test',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_CA_FILE: hooks.certFile,
      WEBHOOK_POLL_MS: '100',
      WORKER_POLL_MS: '100',
      ERP_POLL_MS: '100',
      ERP_RETRY_DELAYS_MS: '300,300',
      SMTP_RELAY_URL: sink.url,
      NOTIFICATION_POLL_MS: '200',
    });
    const out = daemon.stdout();
    const key = /^ {2}live key: +(sk_live_\S+)$/m.exec(out)![1]!;
    const orgId = /^ {2}organization: +(org_\S+)$/m.exec(out)![1]!;
    await runInProcessOk(['credits', 'add', '--org', orgId, '--amount', '100'], { DATA_DIR: dataDir });
    const call = (method: string, path: string, body?: unknown) => api(daemon.httpUrl, method, path, { key, body });

    expect((await call('POST', '/v1/extractors', invoiceExtractor())).status).toBe(201);
    // Connections: HTTPS only; the secret is shown once and never again.
    expect(
      (await call('POST', '/v1/erp-connections', { name: 'x', url: 'http://127.0.0.1/erp', secret: ERP_SECRET }))
        .status,
    ).toBe(400);
    const good = await call('POST', '/v1/erp-connections', { name: 'Books', url: erp.url, secret: ERP_SECRET });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body).toMatchObject({
      id: expect.stringMatching(/^erp_/),
      type: 'http',
      is_active: true,
      secret: ERP_SECRET,
    });
    expect((await call('GET', `/v1/erp-connections/${good.body.id}`)).body).not.toHaveProperty('secret');
    const bad = await call('POST', '/v1/erp-connections', {
      name: 'Broken books',
      url: badErp.url,
      secret: ERP_SECRET,
    });
    expect(bad.status).toBe(201);
    // A prefix can only name a connection of its own organization.
    const unknown = await call('POST', '/api/email-ingestion/config', {
      emailPrefix: 'zz',
      defaultDocumentType: 'vendor_bill',
      erpConnectionId: 'erp_nope',
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('erpConnectionId');

    const ap = await call('POST', '/api/email-ingestion/config', {
      emailPrefix: 'ap',
      defaultDocumentType: 'vendor_bill',
      autoClassify: false,
      erpConnectionId: good.body.id,
      routingRules: [
        {
          condition: { type: 'sender_domain', value: 'vendor.example' },
          action: {
            erpSubsidiary: 'EU-01',
            requiresApproval: true,
            approvers: ['cfo@acme.example'],
            assignTo: 'ap-team',
          },
        },
      ],
      webhooks: { url: hooks.url, secret: HOOK_SECRET, events: ALL_EVENTS },
    });
    expect(ap.status, JSON.stringify(ap.body)).toBe(201);
    const bills = await call('POST', '/api/email-ingestion/config', {
      emailPrefix: 'bills',
      defaultDocumentType: 'vendor_bill',
      autoClassify: false,
      erpConnectionId: bad.body.id,
      internalNotifications: { recipients: ['ap-lead@acme.example'], events: ['erp_sync_failed'], digestMode: false },
      webhooks: { url: hooks.url, secret: HOOK_SECRET, events: ['erp.failed'] },
    });
    expect(bills.status, JSON.stringify(bills.body)).toBe(201);
    // A connection a prefix uses cannot be deleted from under it.
    expect((await call('DELETE', `/v1/erp-connections/${bad.body.id}`)).status).toBe(409);
    // The prefix's endpoint is not one of the organization's endpoints.
    expect((await call('GET', '/v1/webhooks/endpoints')).body.endpoints).toEqual([]);

    const mailer = nodemailer.createTransport({
      host: daemon.smtp!.host,
      port: daemon.smtp!.port,
      secure: false,
      ignoreTLS: true,
    });
    const pdf = await makeInvoicePdf({ salt: 'erp-ok' });
    const sent = await mailer.sendMail({
      from: 'billing@vendor.example',
      to: 'ap@example.test',
      subject: 'Invoice INV-2026-0042',
      attachments: [{ filename: 'invoice.pdf', content: Buffer.from(pdf) }],
    });
    const messageId = /queued as (msg_\w+)/.exec(sent.response)![1]!;
    await mailer.sendMail({
      from: 'billing@other.example',
      to: 'bills@example.test',
      subject: 'Another invoice',
      attachments: [
        { filename: 'b.pdf', content: Buffer.from(await makeInvoicePdf({ number: 'INV-77', salt: 'erp-bad' })) },
      ],
    });

    // The prefix's webhook: every event, each signed with the prefix's secret.
    const log = await waitFor(
      'the prefix events',
      async () => {
        const l = await hooks.log();
        return ALL_EVENTS.every((e) => (e === 'erp.failed' ? events(l, e).length >= 1 : events(l, e).length >= 1)) && l;
      },
      90_000,
      200,
    );
    expect(
      log.every((r) => r.signature_ok),
      JSON.stringify(log.map((r) => r.reason)),
    ).toBe(true);
    const received = events(log, 'email.received')[0]!.json;
    expect(received.data).toMatchObject({
      message_id: messageId,
      prefix: 'ap',
      from: 'billing@vendor.example',
      subject: 'Invoice INV-2026-0042',
      status: 'processed',
    });
    expect(received.data.attachments).toEqual([
      expect.objectContaining({
        filename: 'invoice.pdf',
        status: 'job_created',
        job_id: expect.stringMatching(/^job_/),
      }),
    ]);
    const jobId = received.data.attachments[0].job_id;
    expect(events(log, 'document.classified')[0]!.json.data).toMatchObject({
      message_id: messageId,
      document_type: 'vendor_bill',
      source: 'default',
      job_id: jobId,
    });
    const extracted = events(log, 'extraction.completed')[0]!.json.data;
    expect(extracted).toMatchObject({ job_id: jobId, status: 'completed', prefix: 'ap', message_id: messageId });
    expect(extracted.extracted_data).toMatchObject({ invoice_number: 'INV-2026-0042', total_amount: 1200 });
    expect(extracted.routing).toMatchObject({
      erpSubsidiary: 'EU-01',
      requiresApproval: true,
      approvers: ['cfo@acme.example'],
    });
    const synced = events(log, 'erp.synced')[0]!.json.data;
    expect(synced).toMatchObject({
      job_id: jobId,
      connection_id: good.body.id,
      status: 'synced',
      attempts: 2,
      response_status: 201,
      invoice_number: 'INV-2026-0042',
      total: 1200,
    });
    // Each event once per delivery id; the events of `bills` other than erp.failed were not subscribed.
    expect(new Set(log.map((r) => r.json.id)).size).toBe(log.length);
    expect(log.filter((r) => r.json.data.prefix === 'bills').map((r) => r.json.event)).toEqual(['erp.failed']);

    // The ERP got the same signed record twice (503, then 201), keyed by the job.
    const posted = await erp.log();
    expect(posted.map((r) => r.action)).toEqual(['fail-status', 'ok']);
    expect(posted.every((r) => r.signature_ok)).toBe(true);
    expect(posted[0]!.body_sha256).toBe(posted[1]!.body_sha256);
    expect(posted[0]!.headers['idempotency-key']).toBe(jobId);
    expect(posted[1]!.json).toMatchObject({
      id: jobId,
      object: 'vendor_bill',
      vendor: { name: 'Northwind Traders Ltd' },
      invoice_number: 'INV-2026-0042',
      invoice_date: '2026-03-14',
      // The extractor has no subtotal or tax fields: the record says so rather than guessing.
      amounts: { subtotal: null, tax: null, total: 1200 },
      subsidiary: 'EU-01',
      approval: { required: true, approvers: ['cfo@acme.example'], status: 'pending' },
      assigned_to: 'ap-team',
      source: { channel: 'email', prefix: 'ap', message_id: messageId, from: 'billing@vendor.example' },
    });
    expect(posted[1]!.json.lines).toEqual([
      expect.objectContaining({ description: 'Consulting services', amount: 1000 }),
    ]);
    const syncs = await call('GET', `/v1/erp-connections/${good.body.id}/syncs`);
    expect(syncs.body).toMatchObject({
      total: 1,
      syncs: [{ job_id: jobId, status: 'synced', attempts: 2, response_status: 201 }],
    });

    // The bad ERP: three attempts, then erp.failed and the erp_sync_failed mail to the prefix's recipients.
    const failed = events(log, 'erp.failed')[0]!.json.data;
    expect(failed).toMatchObject({
      prefix: 'bills',
      connection_id: bad.body.id,
      status: 'failed',
      attempts: 3,
      response_status: 503,
    });
    expect(failed.error).toContain('503');
    expect((await badErp.log()).length).toBe(3);
    const [mail] = await sink.waitFor(1, (m) => m.envelopeTo.includes('ap-lead@acme.example'), 30_000);
    expect(mail!.subject).toContain('ERP sync failed');
    expect(mail!.text).toContain(failed.job_id);

    // The test endpoint: simulated, it decides without storing or sending anything.
    const before = (await call('GET', '/api/email-ingestion/messages')).body.total;
    const hooksBefore = (await hooks.log()).length;
    const simulated = await call('POST', '/api/email-ingestion/test', {
      emailPrefix: 'ap',
      testDocument: base64(pdf),
      filename: 'invoice.pdf',
      from: 'billing@vendor.example',
      simulateOnly: true,
    });
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    expect(simulated.body).toMatchObject({
      simulateOnly: true,
      jobId: null,
      messageId: null,
      extraction: null,
      classification: { documentType: 'vendor_bill' },
      routing: { erpSubsidiary: 'EU-01' },
    });
    // The same file arrived by mail: an identical-file duplicate, flagged (the prefix's default action).
    expect(simulated.body.duplicate).toEqual({
      of: jobId,
      matched: ['file_hash'],
      action: 'flag',
      detectedAt: 'arrival',
    });
    expect((await call('GET', '/api/email-ingestion/messages')).body.total).toBe(before);
    // For real: the job is run and its extraction returned in the answer.
    const real = await call('POST', '/api/email-ingestion/test', {
      emailPrefix: 'ap',
      testDocument: base64(await makeInvoicePdf({ number: 'INV-9001', salt: 'test-endpoint' })),
      filename: 'invoice.pdf',
      from: 'billing@vendor.example',
    });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.extraction).toMatchObject({
      status: 'completed',
      extracted_data: { invoice_number: 'INV-9001', total_amount: 1200 },
    });
    expect(real.body.routing).toMatchObject({ erpSubsidiary: 'EU-01', requiresApproval: true });
    expect(real.body.duplicate).toBeNull();
    expect((await call('GET', '/api/email-ingestion/messages')).body.total).toBe(before + 1);
    await waitFor("the test message's events", async () => (await hooks.log()).length >= hooksBefore + 4, 30_000, 200);

    // Removing the prefix's webhooks stops its events; the prefix's endpoint goes with the setting.
    expect((await call('PATCH', '/api/email-ingestion/config/ap', { webhooks: null })).status).toBe(200);
    expect((await daemon.stop('SIGTERM')).code).toBe(0);
  });
});
