import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateKey, normalizeMatchValue } from '@intake/core/email';
import type { SmtpIntake } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

const DOMAIN = 'example.test';

describe('duplicate detection: normalization', () => {
  it('compares invoice numbers without punctuation or case and vendors without legal forms', () => {
    expect(normalizeMatchValue('invoice_number', 'INV-2026 / 0042')).toBe(
      normalizeMatchValue('invoice_number', 'inv20260042'),
    );
    expect(normalizeMatchValue('vendor_name', 'Northwind Traders Ltd.')).toBe(
      normalizeMatchValue('vendor_name', 'NORTHWIND TRADERS'),
    );
    expect(normalizeMatchValue('vendor_name', 'Müller GmbH')).toBe('muller');
    expect(duplicateKey(['invoice_number', 'vendor_name'], { invoice_number: 'A-1', vendor_name: 'Acme Inc' })).toBe(
      duplicateKey(['vendor_name', 'invoice_number'], { invoice_number: 'a1', vendor_name: 'ACME' }),
    );
    expect(duplicateKey(['invoice_number', 'vendor_name'], { invoice_number: 'A-1' })).toBeNull();
    expect(duplicateKey(['invoice_number'], { invoice_number: 'A-1' })).not.toBe(
      duplicateKey(['invoice_number', 'vendor_name'], { invoice_number: 'A-1', vendor_name: 'x' }),
    );
  });
});

describe('duplicate detection on email jobs (PGlite, real extraction)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let port: number;
  let key: string;
  let tenant: Tenant;
  const send = async (to: string, pdf: Uint8Array, subject = 'Invoice') => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'billing@vendor.example',
        to: `${to}@${DOMAIN}`,
        subject,
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(pdf) }],
      });
    await h.runMail();
    return (
      await h.call('GET', `/api/email-ingestion/messages/${/queued as (msg_\w+)/.exec(info.response)![1]}`, { key })
    ).body.attachments[0];
  };
  const job = async (id: string) => (await h.call('GET', `/v1/documents/${id}`, { key })).body;
  const prefix = (emailPrefix: string, action: string) => ({
    emailPrefix,
    defaultDocumentType: 'vendor_bill',
    autoClassify: false,
    duplicateDetection: { action, lookbackHours: 24 },
  });

  beforeAll(async () => {
    h = await startApi('pglite', { emailDomains: [DOMAIN], maxDocumentBytes: 5 * 1_048_576 });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    tenant = await setUpTenant(h, {
      credits: 1000,
      prefixes: [prefix('flagged', 'flag'), prefix('rejecting', 'reject'), prefix('processing', 'process')],
    });
    key = tenant.live_key;
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
  });

  it('the same file again: flag creates a job naming the earlier one, reject creates none, process just records it', async () => {
    const pdf = await makeInvoicePdf({ salt: 'same-file', number: 'INV-9001' });
    // The first copy arrives through the API: duplicates are found across API and email submissions.
    const first = await tenant.submit(pdf);
    expect(first.status).toBe(202);
    const flagged = await send('flagged', pdf);
    expect(flagged).toMatchObject({
      status: 'job_created',
      duplicate: { of: first.body.id, matched: ['file_hash'], action: 'flag' },
    });
    expect(await job(flagged.job_id)).toMatchObject({
      duplicate_of: first.body.id,
      duplicate: { of: first.body.id, matched: ['file_hash'], action: 'flag', detectedAt: 'arrival' },
      needs_review: true,
    });
    const rejected = await send('rejecting', pdf);
    expect(rejected).toMatchObject({
      status: 'skipped',
      job_id: null,
      reason: { code: 'duplicate' },
      duplicate: { of: first.body.id, action: 'reject' },
    });
    expect(rejected.reason.message).toContain(first.body.id);
    const processed = await send('processing', pdf);
    expect(processed).toMatchObject({ status: 'job_created', duplicate: { of: first.body.id, action: 'process' } });
    expect((await job(processed.job_id)).needs_review).toBe(false);
  });

  it('the same invoice number and vendor in a different file is found after extraction', async () => {
    const original = await send('rejecting', await makeInvoicePdf({ salt: 'orig', number: 'INV-7777' }));
    await h.runJobs();
    expect((await job(original.job_id)).status).toBe('completed');
    const resent = await send('rejecting', await makeInvoicePdf({ salt: 'rescanned', number: 'INV-7777' }));
    const flaggedCopy = await send('flagged', await makeInvoicePdf({ salt: 'third copy', number: 'INV-7777' }));
    const other = await send('flagged', await makeInvoicePdf({ salt: 'other', number: 'INV-7778' }));
    expect(resent.status).toBe('job_created'); // different bytes: not known on arrival
    await h.runJobs();
    const rejectedJob = await job(resent.job_id);
    expect(rejectedJob).toMatchObject({
      status: 'failed',
      cost_credits: 0,
      error_details: { code: 'duplicate_document' },
      duplicate_of: original.job_id,
      duplicate: { matched: ['invoice_number', 'vendor_name'], action: 'reject', detectedAt: 'extraction' },
    });
    expect(rejectedJob.error_details.message).toContain(original.job_id);
    expect(await job(flaggedCopy.job_id)).toMatchObject({
      status: 'completed',
      needs_review: true,
      duplicate_of: original.job_id,
      duplicate: { action: 'flag', detectedAt: 'extraction' },
    });
    const otherJob = await job(other.job_id);
    expect(otherJob.status).toBe('completed');
    expect(otherJob.duplicate_of).toBeUndefined();
  });
});
