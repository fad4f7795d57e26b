import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentExtractor, ExtractionRequest } from '@intake/core';
import type { SmtpIntake } from '@intake/daemon';
import { DB_KINDS } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

const DOMAIN = 'example.test';

/** Never finishes on its own: only the time limit ends the attempt, through the signal. */
class HangingExtractor implements DocumentExtractor {
  reasons: unknown[] = [];
  extract(request: ExtractionRequest): Promise<never> {
    return new Promise((_, reject) =>
      request.signal?.addEventListener('abort', () => {
        this.reasons.push(request.signal?.reason);
        reject(new Error('aborted'));
      }),
    );
  }
}

/** Issue 13, defect 10: a prefix's maxProcessingTimeMs bounds its jobs, within PROCESSING_TIMEOUT_MS. */
describe.each(DB_KINDS)('per-prefix maxProcessingTimeMs on %s', (kind) => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let port: number;
  let key: string;
  let tenant: Tenant;
  const extractor = new HangingExtractor();
  const job = async (id: string) => (await h.call('GET', `/v1/documents/${id}`, { key })).body;
  const mail = async (prefix: string) => {
    const pdf = await makeInvoicePdf({ salt: `timeout-${prefix}-${kind}` });
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'billing@vendor.example',
        to: `${prefix}@${DOMAIN}`,
        subject: 'Invoice',
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(pdf) }],
      });
    await h.runMail();
    const message = (
      await h.call('GET', `/api/email-ingestion/messages/${/queued as (msg_\w+)/.exec(info.response)![1]}`, { key })
    ).body;
    expect(message.attachments[0].status).toBe('job_created');
    return message.attachments[0].job_id as string;
  };

  beforeAll(async () => {
    // PROCESSING_TIMEOUT_MS is 2 s here.
    h = await startApi(kind, { emailDomains: [DOMAIN], extractor, timeoutMs: 2000, maxDocumentBytes: 5 * 1_048_576 });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    tenant = await setUpTenant(h, {
      credits: 1000,
      prefixes: [
        { emailPrefix: 'quick', defaultDocumentType: 'vendor_bill', autoClassify: false, maxProcessingTimeMs: 1000 },
        {
          emailPrefix: 'patient',
          defaultDocumentType: 'vendor_bill',
          autoClassify: false,
          maxProcessingTimeMs: 600_000,
        },
      ],
    });
    key = tenant.live_key;
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
  });

  it("stops a prefix's job at its shorter maxProcessingTimeMs, and a longer one at PROCESSING_TIMEOUT_MS", async () => {
    const quick = await mail('quick');
    const patient = await mail('patient');
    const api = (await tenant.submit(await makeInvoicePdf({ salt: `timeout-api-${kind}` }))).body.id as string;
    await h.runJobs();
    expect(await job(quick)).toMatchObject({
      status: 'failed',
      cost_credits: 0,
      error_details: {
        code: 'processing_timeout',
        message: 'Processing took longer than 1 s (maxProcessingTimeMs of prefix quick) and was stopped',
      },
    });
    // 600 s asked, bounded by PROCESSING_TIMEOUT_MS.
    expect((await job(patient)).error_details).toMatchObject({
      code: 'processing_timeout',
      message: 'Processing took longer than 2 s (PROCESSING_TIMEOUT_MS) and was stopped',
    });
    expect((await job(api)).error_details.message).toBe(
      'Processing took longer than 2 s (PROCESSING_TIMEOUT_MS) and was stopped',
    );
    // The work itself was told to stop, each time.
    expect(extractor.reasons).toHaveLength(3);
    expect(extractor.reasons.map((r) => (r as Error).message).sort()).toEqual([
      'no result within 1000 ms',
      'no result within 2000 ms',
      'no result within 2000 ms',
    ]);
  });

  it('follows a PATCH of maxProcessingTimeMs for jobs that have not started', async () => {
    const queued = await mail('patient');
    expect(
      (await h.call('PATCH', '/api/email-ingestion/config/patient', { key, body: { maxProcessingTimeMs: 1000 } }))
        .status,
    ).toBe(200);
    await h.runJobs();
    expect((await job(queued)).error_details.message).toBe(
      'Processing took longer than 1 s (maxProcessingTimeMs of prefix patient) and was stopped',
    );
  });
});
