/**
 * The ERP service over PGlite with the built-in HTTP connector and a real HTTPS receiver: what is
 * and is not sent, a refusal that is not retried, an inactive connection, deleting a connection in use.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@intake/core';
import { ErpService, HttpErpConnector } from '@intake/core/erp';
import type { SmtpIntake } from '@intake/daemon';
import { createHttpsTransport } from '@intake/webhook-https';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { makeTempDir, removeTempDirs } from '../support/processes.js';
import { setUpTenant } from '../support/tenant.js';
import { startReceiver, stopAllReceivers, type Receiver } from '../webhooks/receiver.js';

const DOMAIN = 'example.test';
const SECRET = 'erp-refusing-secret-01';

describe('ERP sync rules (PGlite, HTTPS receiver)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let port: number;
  let key: string;
  let orgId: string;
  let receiver: Receiver;
  let erp: ErpService;
  let transport: ReturnType<typeof createHttpsTransport>;

  const send = async (to: string, salt: string) => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'billing@vendor.example',
        to: `${to}@${DOMAIN}`,
        subject: 'Invoice',
        attachments: [
          { filename: 'doc.pdf', content: Buffer.from(await makeInvoicePdf({ salt, number: `INV-${salt}` })) },
        ],
      });
    await h.runMail();
    const attachment = (
      await h.call('GET', `/api/email-ingestion/messages/${/queued as (msg_\w+)/.exec(info.response)![1]}`, { key })
    ).body.attachments[0];
    await h.runJobs();
    expect((await h.call('GET', `/v1/documents/${attachment.job_id}`, { key })).body.status).toBe('completed');
    return attachment.job_id as string;
  };

  beforeAll(async () => {
    // Every attempt is refused with 422: the ERP does not want the record.
    receiver = await startReceiver({
      secret: SECRET,
      certDir: makeTempDir('intake-erp-unit-'),
      failFirst: 1000,
      failMode: 'status',
      failStatus: 422,
    });
    h = await startApi('pglite', { emailDomains: [DOMAIN], maxDocumentBytes: 5 * 1_048_576 });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    const org = await setUpTenant(h, {
      credits: 1000,
      extractors: [invoiceExtractor(), { ...invoiceExtractor('Receipts'), document_type: 'receipt' }],
    });
    key = org.live_key;
    orgId = org.org_id;
    transport = createHttpsTransport({ allowedHosts: ['127.0.0.1'], caFile: receiver.certFile });
    erp = new ErpService({
      stores: h.intake.stores,
      connector: new HttpErpConnector({ transport, timeoutMs: 5000 }),
      clock: h.intake.clock,
      ids: h.intake.ids,
      options: { leaseMs: 30_000, retryDelaysMs: [0, 0] },
    });
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
    transport?.close();
    await stopAllReceivers();
    await removeTempDirs();
  });

  it('sends vendor bills of active connections only, and fails a refused record at once', async () => {
    const { connection } = await erp.create(orgId, { name: 'Strict books', url: receiver.url, secret: SECRET });
    const config = (emailPrefix: string, defaultDocumentType: string) =>
      h.call('POST', '/api/email-ingestion/config', {
        key,
        body: { emailPrefix, defaultDocumentType, autoClassify: false, erpConnectionId: connection.id },
      });
    expect((await config('bills', 'vendor_bill')).status).toBe(201);
    expect((await config('receipts', 'receipt')).status).toBe(201);

    const billJob = await send('bills', 'one');
    const receiptJob = await send('receipts', 'two');
    const report = await erp.syncDue('worker-1');
    // A 422 is an answer, not an outage: one attempt, then failed (the retry delays are never used).
    expect(report).toEqual({
      synced: 0,
      retrying: 0,
      failed: 1,
      lost: 0,
      failures: [expect.objectContaining({ jobId: billJob, connectionId: connection.id, attempts: 1 })],
    });
    const { items } = await erp.listSyncs(orgId, 'live', { connection_id: connection.id }, { limit: 10, offset: 0 });
    expect(items.map((s) => s.job_id)).toEqual([billJob]);
    expect(items[0]).toMatchObject({ status: 'failed', attempts: 1, response_status: 422 });
    expect(items[0]!.last_error).toContain('422');
    expect((await receiver.log()).map((r) => [r.signature_ok, r.headers['idempotency-key']])).toEqual([
      [true, billJob],
    ]);
    expect((await erp.listSyncs(orgId, 'live', { job_id: receiptJob }, { limit: 10, offset: 0 })).total).toBe(0);
    expect(await erp.syncDue('worker-1')).toEqual({ synced: 0, retrying: 0, failed: 0, lost: 0, failures: [] });

    // Paused: new vendor bills are not queued for it.
    await erp.update(orgId, connection.id, { is_active: false });
    const pausedJob = await send('bills', 'three');
    expect((await erp.listSyncs(orgId, 'live', { job_id: pausedJob }, { limit: 10, offset: 0 })).total).toBe(0);

    // In use by two prefixes: cannot be deleted; another organization cannot see it.
    await expect(erp.delete(orgId, connection.id)).rejects.toMatchObject({ code: 'conflict' });
    const other = await h.createOrg();
    await expect(erp.get(other.org_id, connection.id)).rejects.toBeInstanceOf(AppError);
    expect(
      (await h.call('PATCH', '/api/email-ingestion/config/bills', { key, body: { erpConnectionId: null } })).status,
    ).toBe(200);
    expect((await h.call('DELETE', '/api/email-ingestion/config/receipts', { key })).status).toBe(204);
    await erp.delete(orgId, connection.id);
    await expect(erp.get(orgId, connection.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a connection URL that is not HTTPS or points where webhooks may not go', async () => {
    await expect(erp.create(orgId, { name: 'x', url: 'http://127.0.0.1/erp' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(erp.create(orgId, { name: 'x', url: 'https://10.1.2.3/erp' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const generated = await erp.create(orgId, { name: 'Generated secret', url: receiver.url });
    expect(generated.secret).toMatch(/^erpsec_[\w-]{43}$/);
  });
});
