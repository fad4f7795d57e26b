import nodemailer from 'nodemailer';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpIntake } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';

const DOMAIN = 'example.test';

/** A real PDF whose text says nothing about its type. */
async function neutralPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 18, size: 12, font }));
  return pdf.save();
}

/** A real PDF that looks like an invoice (number, date, bank, total) under the title of a quote. */
async function quotePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Nordlicht Handels GmbH', { x: 50, y: 790, size: 12, font });
  page.drawText('ANGEBOT', { x: 50, y: 740, size: 22, font });
  const lines = [
    'Angebotsnr. 2024-17',
    'Datum 03.02.2024',
    'IBAN DE02 1203 0000 0000 2020 51',
    'USt 19,00',
    'Gesamt 119,00',
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 700 - i * 18, size: 12, font }));
  return pdf.save();
}

const PARTY = ['Summer garden party', 'Bring salads and games', 'Saturday afternoon by the river'];
const NOTES = [
  'Falcon project notes',
  'Attendees: Maria, Jonas, Priya',
  'Agreed next steps for the warehouse move',
  'Follow up with facilities next week',
];

describe('email classification, thresholds and the review queue (PGlite)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let port: number;
  let key: string;
  let orgId: string;
  let invoiceExtractorId: string;
  let receiptExtractorId: string;
  const send = async (
    to: string,
    subject: string,
    filename: string,
    content: Uint8Array,
    from = 'billing@vendor.example',
  ) => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({ from, to: `${to}@${DOMAIN}`, subject, attachments: [{ filename, content: Buffer.from(content) }] });
    const id = /queued as (msg_\w+)/.exec(info.response)![1]!;
    await h.runMail();
    return (await h.call('GET', `/api/email-ingestion/messages/${id}`, { key })).body;
  };
  const configure = (body: Record<string, unknown>) =>
    h.call('POST', '/api/email-ingestion/config', { key, body: { defaultDocumentType: 'vendor_bill', ...body } });

  beforeAll(async () => {
    h = await startApi('pglite', { emailDomains: [DOMAIN], maxDocumentBytes: 5 * 1_048_576 });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    const org = await setUpTenant(h, {
      credits: 1000,
      extractors: [invoiceExtractor(), { ...invoiceExtractor('Receipts'), document_type: 'receipt' }],
    });
    key = org.live_key;
    orgId = org.org_id;
    [invoiceExtractorId, receiptExtractorId] = org.extractorIds as [string, string];
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
  });

  it('an override by sender domain or subject forces the type with confidence 1', async () => {
    expect(
      (
        await configure({
          emailPrefix: 'ovr',
          classificationOverrides: [
            { condition: { senderDomain: 'receipts.example' }, documentType: 'receipt' },
            { condition: { subjectContains: 'PO' }, documentType: 'purchase_order' },
          ],
        })
      ).status,
    ).toBe(201);
    const message = await send(
      'ovr',
      'Your invoice',
      'invoice.pdf',
      await makeInvoicePdf({ salt: 'ovr' }),
      'shop@mail.receipts.example',
    );
    expect(message.attachments[0]).toMatchObject({
      status: 'job_created',
      classification: { documentType: 'receipt', confidence: 1, source: 'override', decision: 'process' },
    });
    const job = (await h.call('GET', `/v1/documents/${message.attachments[0].job_id}`, { key })).body;
    expect(job.extractor_id).toBe(receiptExtractorId);
    expect(job.metadata.classification).toEqual({ documentType: 'receipt', confidence: 1, source: 'override' });
  });

  it('a clear invoice is classified as vendor_bill at or above autoProcess and processed at once, without a review flag', async () => {
    await configure({ emailPrefix: 'auto' });
    const message = await send('auto', 'March', 'doc.pdf', await makeInvoicePdf({ salt: 'auto' }));
    expect(message.attachments[0]).toMatchObject({
      status: 'job_created',
      classification: { documentType: 'vendor_bill', source: 'classifier', decision: 'process' },
    });
    expect(message.attachments[0].classification.confidence).toBeGreaterThanOrEqual(0.9);
    const job = (await h.call('GET', `/v1/documents/${message.attachments[0].job_id}`, { key })).body;
    expect(job).toMatchObject({ extractor_id: invoiceExtractorId, needs_review: false });
  });

  it('between reviewFlag and autoProcess the job is created with needs_review, which extraction keeps', async () => {
    await configure({
      emailPrefix: 'flag',
      confidenceThresholds: { autoProcess: 0.9, reviewFlag: 0.1, humanReview: 0.05 },
    });
    const message = await send('flag', 'Notes', 'notes.pdf', await neutralPdf(NOTES));
    expect(message.attachments[0]).toMatchObject({
      status: 'job_created',
      classification: { source: 'classifier', decision: 'process_flagged' },
    });
    const jobId = message.attachments[0].job_id;
    expect((await h.call('GET', `/v1/documents/${jobId}`, { key })).body.needs_review).toBe(true);
    await h.runJobs();
    const done = (await h.call('GET', `/v1/documents/${jobId}`, { key })).body;
    expect(done.status).toBe('completed');
    expect(done.needs_review).toBe(true);
  });

  it('below reviewFlag the document waits in the review queue; below humanReview the default type is proposed', async () => {
    await configure({
      emailPrefix: 'rev',
      confidenceThresholds: { autoProcess: 0.9, reviewFlag: 0.5, humanReview: 0.1 },
    });
    await configure({ emailPrefix: 'revfail' });
    const review = await send('rev', 'Notes', 'notes.pdf', await neutralPdf(NOTES));
    const failed = await send('revfail', 'Notes', 'notes.pdf', await neutralPdf([...NOTES, 'second copy']));
    expect(review.attachments[0]).toMatchObject({
      status: 'awaiting_review',
      job_id: null,
      classification: { decision: 'review', source: 'classifier' },
    });
    expect(failed.attachments[0]).toMatchObject({
      status: 'awaiting_review',
      classification: { decision: 'review_failed', source: 'default', documentType: 'vendor_bill' },
    });
    const queue = await h.call('GET', '/api/email-ingestion/review?prefix=REV', { key });
    expect(queue.status).toBe(200);
    expect(queue.body.total).toBe(1);
    expect(queue.body.items[0]).toMatchObject({
      id: review.attachments[0].review_id,
      message_id: review.id,
      filename: 'notes.pdf',
      status: 'pending',
      classification_failed: false,
      subject: 'Notes',
      from: 'billing@vendor.example',
    });
    const failedItem = (await h.call('GET', '/api/email-ingestion/review?prefix=revfail', { key })).body.items[0];
    expect(failedItem).toMatchObject({ classification_failed: true, proposed_type: 'vendor_bill' });
    expect(typeof failedItem.classification.reasoning).toBe('string');
  });

  it('a quote that looks like an invoice waits in the review queue, its reasoning naming its title', async () => {
    await configure({ emailPrefix: 'quote' });
    const message = await send('quote', 'Unser Angebot', 'angebot.pdf', await quotePdf());
    expect(message.attachments[0]).toMatchObject({
      status: 'awaiting_review',
      job_id: null,
      classification: { decision: 'review', source: 'classifier' },
    });
    expect(message.attachments[0].classification.confidence).toBeLessThan(0.7);
    const item = (await h.call('GET', '/api/email-ingestion/review?prefix=quote', { key })).body.items[0];
    expect(item).toMatchObject({ classification_failed: false });
    expect(item.classification.reasoning).toContain('titled as a quote');
  });

  it('resolving creates the job for the chosen type, shows it on the message, refuses a second resolution, and teaches the classifier', async () => {
    await configure({ emailPrefix: 'learn' });
    const first = await send('learn', 'Weekly notes', 'notes.pdf', await neutralPdf(NOTES), 'notes@supplier.example');
    const reviewId = first.attachments[0].review_id;
    expect(first.attachments[0].status).toBe('awaiting_review');

    const bad = await h.call('POST', `/api/email-ingestion/review/${reviewId}/resolve`, {
      key,
      body: { documentType: 'expense_report' },
    });
    expect(bad.status).toBe(400); // no extractor for expense reports
    const resolved = await h.call('POST', `/api/email-ingestion/review/${reviewId}/resolve`, {
      key,
      body: { documentType: 'receipt' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      resolved_type: 'receipt',
      job_id: expect.stringMatching(/^job_/),
    });
    const job = (await h.call('GET', `/v1/documents/${resolved.body.job_id}`, { key })).body;
    expect(job).toMatchObject({
      extractor_id: receiptExtractorId,
      needs_review: false,
      metadata: { classification: { documentType: 'receipt', source: 'reviewer' } },
    });
    const message = (await h.call('GET', `/api/email-ingestion/messages/${first.id}`, { key })).body;
    expect(message.attachments[0]).toMatchObject({
      status: 'job_created',
      job_id: resolved.body.job_id,
      classification: { documentType: 'receipt', source: 'reviewer' },
    });
    const again = await h.call('POST', `/api/email-ingestion/review/${reviewId}/resolve`, {
      key,
      body: { documentType: 'receipt' },
    });
    expect(again.status).toBe(409);
    expect((await h.call('GET', '/api/email-ingestion/review?prefix=learn', { key })).body.total).toBe(0);

    // The same sender with a similar document: the organization's decision now carries it.
    const second = await send(
      'learn',
      'Weekly notes',
      'notes.pdf',
      await neutralPdf([...NOTES, 'Action items updated']),
      'notes@supplier.example',
    );
    expect(second.attachments[0].classification).toMatchObject({ documentType: 'receipt', source: 'classifier' });
    expect(second.attachments[0].classification.confidence).toBeGreaterThanOrEqual(0.7);
    expect(second.attachments[0].status).toBe('job_created');
    // Another organization has learned nothing.
    expect((await h.intake.stores.classificationExamples.list(orgId, 'live', 10)).map((e) => e.document_type)).toEqual([
      'receipt',
    ]);
  });

  it('rejecting drops the document; another organization cannot see or resolve the item', async () => {
    await configure({ emailPrefix: 'rej' });
    const message = await send('rej', 'Party', 'party.pdf', await neutralPdf(PARTY));
    const reviewId = message.attachments[0].review_id;
    const other = await h.createOrg();
    expect(
      (
        await h.call('POST', `/api/email-ingestion/review/${reviewId}/resolve`, {
          key: other.live_key,
          body: { reject: true },
        })
      ).status,
    ).toBe(404);
    expect((await h.call('GET', '/api/email-ingestion/review', { key: other.live_key })).body.total).toBe(0);
    expect(
      (
        await h.call('POST', `/api/email-ingestion/review/${reviewId}/resolve`, {
          key,
          body: { reject: true, documentType: 'receipt' },
        })
      ).status,
    ).toBe(400);
    const rejected = await h.call('POST', `/api/email-ingestion/review/${reviewId}/resolve`, {
      key,
      body: { reject: true },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', job_id: null });
    const after = (await h.call('GET', `/api/email-ingestion/messages/${message.id}`, { key })).body;
    expect(after.attachments[0]).toMatchObject({ status: 'skipped', reason: { code: 'rejected_by_reviewer' } });
    const resolvedList = await h.call('GET', '/api/email-ingestion/review?status=rejected&prefix=rej', { key });
    expect(resolvedList.body.items.map((i: { id: string }) => i.id)).toEqual([reviewId]);
  });

  it('POST /api/email-ingestion/test reports the classification, with simulateOnly storing nothing', async () => {
    const before = (await h.call('GET', '/api/email-ingestion/review', { key })).body.total;
    const simulated = await h.call('POST', '/api/email-ingestion/test', {
      key,
      body: {
        emailPrefix: 'rev',
        testDocument: base64(await neutralPdf([...PARTY, 'another one'])),
        simulateOnly: true,
      },
    });
    expect(simulated.status).toBe(200);
    expect(simulated.body).toMatchObject({
      simulateOnly: true,
      classification: { decision: 'review' },
      attachment: { status: 'awaiting_review' },
      reviewId: null,
      jobId: null,
    });
    expect((await h.call('GET', '/api/email-ingestion/review', { key })).body.total).toBe(before);
    const real = await h.call('POST', '/api/email-ingestion/test', {
      key,
      body: { emailPrefix: 'auto', testDocument: base64(await makeInvoicePdf({ salt: 'test-real' })) },
    });
    expect(real.body).toMatchObject({
      simulateOnly: false,
      classification: { documentType: 'vendor_bill', decision: 'process' },
      extractor: { id: invoiceExtractorId },
      jobId: expect.stringMatching(/^job_/),
    });
  });
});
