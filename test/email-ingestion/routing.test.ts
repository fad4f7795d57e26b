import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpIntake } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';

const DOMAIN = 'example.test';

describe('routing rules on email jobs (PGlite, real extraction)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let port: number;
  let key: string;
  let orgId: string;
  let receiptExtractorId: string;
  const send = async (to: string, from: string, subject: string, pdf: Uint8Array) => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from,
        to: `${to}@${DOMAIN}`,
        subject,
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(pdf) }],
      });
    await h.runMail();
    const message = (
      await h.call('GET', `/api/email-ingestion/messages/${/queued as (msg_\w+)/.exec(info.response)![1]}`, { key })
    ).body;
    return message.attachments[0] as { job_id: string; classification: Record<string, unknown> };
  };
  const job = async (id: string) => (await h.call('GET', `/v1/documents/${id}`, { key })).body;

  beforeAll(async () => {
    h = await startApi('pglite', { emailDomains: [DOMAIN], maxDocumentBytes: 5 * 1_048_576 });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    const org = await setUpTenant(h, {
      credits: 1000,
      extractors: [invoiceExtractor(), { ...invoiceExtractor('Receipts'), document_type: 'receipt' }],
      prefixes: [
        {
          emailPrefix: 'ap',
          defaultDocumentType: 'vendor_bill',
          autoClassify: false,
          routingRules: [
            {
              condition: { type: 'sender_domain', value: 'vendor.example' },
              action: { assignTo: 'ap-team', priority: 'high' },
            },
            { condition: { type: 'subject_matches', pattern: '(?i)urgent' }, action: { priority: 'critical' } },
            {
              condition: { type: 'extracted_amount', operator: 'greater_than', value: 10000 },
              action: { requiresApproval: true, approvers: ['cfo@acme.example'] },
            },
          ],
        },
        {
          emailPrefix: 'amounts',
          defaultDocumentType: 'vendor_bill',
          autoClassify: false,
          routingRules: [
            {
              condition: { type: 'extracted_amount', operator: 'greater_than', value: 5000 },
              action: { requiresApproval: true, approvers: ['cfo@acme.example'], erpSubsidiary: 'EU' },
            },
            {
              condition: { type: 'sender_domain', value: 'vendor.example' },
              action: { assignTo: 'ap-team', autoApprove: true },
            },
            { condition: { type: 'sender_domain', value: 'receipts.example' }, action: { documentType: 'receipt' } },
            { condition: { type: 'subject_matches', pattern: '(a+)+$' }, action: { assignTo: 'never' } },
          ],
        },
      ],
    });
    key = org.live_key;
    orgId = org.org_id;
    receiptExtractorId = org.extractorIds[1]!;
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
  });

  it('the first matching rule wins, its priority orders the queue and its actions are on the job', async () => {
    const fromVendor = await send(
      'ap',
      'billing@mail.vendor.example',
      'URGENT invoice',
      await makeInvoicePdf({ salt: 'r1' }),
    );
    const j1 = await job(fromVendor.job_id);
    expect(j1.routing).toMatchObject({
      rule: 0,
      assignTo: 'ap-team',
      priority: 'high',
      requiresApproval: false,
      decidedAt: 'arrival',
    });
    expect((await h.intake.stores.jobs.get(orgId, 'live', fromVendor.job_id))?.priority).toBe(10);
    const urgent = await send(
      'ap',
      'someone@elsewhere.example',
      'Re: urgent please',
      await makeInvoicePdf({ salt: 'r2' }),
    );
    expect((await job(urgent.job_id)).routing).toMatchObject({ rule: 1, priority: 'critical', assignTo: null });
    expect((await h.intake.stores.jobs.get(orgId, 'live', urgent.job_id))?.priority).toBe(20);
    const none = await send('ap', 'someone@elsewhere.example', 'March', await makeInvoicePdf({ salt: 'r3' }));
    expect((await job(none.job_id)).routing).toMatchObject({ rule: null, priority: null, approvers: [] });
  });

  it('amount rules are decided after extraction, in order: an earlier amount rule beats a sender rule', async () => {
    const big = await send(
      'amounts',
      'billing@vendor.example',
      'March',
      await makeInvoicePdf({ salt: 'big', total: '6,000.00' }),
    );
    const small = await send(
      'amounts',
      'billing@vendor.example',
      'April',
      await makeInvoicePdf({ salt: 'small', total: '1,200.00' }),
    );
    expect((await job(big.job_id)).routing).toMatchObject({
      rule: 1,
      assignTo: 'ap-team',
      decidedAt: 'arrival',
      amount: null,
    });
    await h.runJobs();
    const bigDone = await job(big.job_id);
    expect(bigDone.status).toBe('completed');
    expect(bigDone.extracted_data.total_amount).toBe(6000);
    expect(bigDone.routing).toMatchObject({
      rule: 0,
      requiresApproval: true,
      approvers: ['cfo@acme.example'],
      erpSubsidiary: 'EU',
      amount: 6000,
      decidedAt: 'extraction',
    });
    const smallDone = await job(small.job_id);
    expect(smallDone.extracted_data.total_amount).toBe(1200);
    expect(smallDone.routing).toMatchObject({
      rule: 1,
      assignTo: 'ap-team',
      autoApprove: true,
      requiresApproval: false,
      amount: 1200,
      decidedAt: 'extraction',
    });
  });

  it("a rule's documentType decides the extractor before extraction; a hostile pattern cannot hang the gateway", async () => {
    const receipt = await send(
      'amounts',
      'shop@receipts.example',
      `${'a'.repeat(3000)}!`,
      await makeInvoicePdf({ salt: 'rcpt', total: '12.00' }),
    );
    expect(receipt.classification).toMatchObject({ documentType: 'receipt', source: 'routing' });
    expect((await job(receipt.job_id)).extractor_id).toBe(receiptExtractorId);
  });

  it('the test endpoint shows the routing decided on arrival', async () => {
    const res = await h.call('POST', '/api/email-ingestion/test', {
      key,
      body: {
        emailPrefix: 'ap',
        testDocument: Buffer.from(await makeInvoicePdf({ salt: 'rt' })).toString('base64'),
        simulateOnly: true,
        from: 'a@vendor.example',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.routing).toMatchObject({ rule: 0, assignTo: 'ap-team', priority: 'high' });
  });
});
