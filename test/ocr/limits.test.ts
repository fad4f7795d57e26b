import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_LIMITS, DocumentError } from '@intake/core';
import { loadConfig } from '@intake/daemon';
import type { SmtpIntake } from '@intake/daemon';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { DB_KINDS } from '../support/databases.js';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { blankPdf, whitePng } from '../support/oversized.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { sharedReader, type SharedReader } from '../support/reader.js';

/**
 * Issue 13, defect 8: pages per document, pixels per PDF page (at the render resolution) and per
 * image are checked before anything is rendered or decoded, and refused as document_too_large with a
 * message naming the limit. Every document is generated here, none is committed.
 */
const reader = sharedReader();

const refusal = async (bytes: Uint8Array, read: SharedReader = reader): Promise<DocumentError> => {
  const error = await read.read(bytes, 'application/octet-stream').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
};

describe('the reader refuses what is too large before rendering it', () => {
  it('a valid 20000 x 20000 PNG: too large, not "damaged or incomplete"', async () => {
    const error = await refusal(whitePng(20_000, 20_000));
    expect(error.code).toBe('document_too_large');
    expect(error.message).toBe(
      'The image is 20000 × 20000 pixels (400 megapixels); the limit is 50 megapixels per image (MAX_PIXELS_PER_IMAGE)',
    );
    expect(error.suggestion).toMatch(/scale the image down/i);
  });

  // One page over the limit is what the check must see; a larger count proves nothing more (the
  // count is read from the page tree, whatever its size) and cost pdf-lib seconds to write.
  it('a PDF of 101 pages, and one 14400 x 14400 pt page', async () => {
    const pages = await refusal(await blankPdf(101));
    expect([pages.code, pages.message]).toEqual([
      'document_too_large',
      'The PDF has 101 pages; the limit is 100 pages per document (MAX_PAGES_PER_DOCUMENT)',
    ]);
    const poster = await refusal(await blankPdf(1, [14_400, 14_400]));
    expect([poster.code, poster.message]).toEqual([
      'document_too_large',
      'Page 1 is 14400 × 14400 pt, 3600 megapixels at 300 dpi; the limit is 36 megapixels per page (MAX_PIXELS_PER_PAGE)',
    ]);
  });

  it('a large page anywhere in the document refuses it before page 1 is read', async () => {
    const pdf = await blankPdf(3);
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf);
    doc.addPage([5000, 5000]);
    const error = await refusal(await doc.save());
    expect(error.message).toMatch(/^Page 4 is 5000 × 5000 pt/);
  });

  it('limits are options: exactly at a limit is read, one over is refused', async () => {
    const threePages = await makeInvoicePdf({ extraPages: 2 });
    const atLimit = createTesseractReader({ workers: 1, limits: { maxPages: 3 } });
    const below = createTesseractReader({
      workers: 1,
      limits: { maxPages: 2, maxImagePixels: 9_999, maxPagePixels: 8_000_000 },
    });
    try {
      expect((await atLimit.read(threePages, 'application/pdf')).pages).toHaveLength(3);
      expect((await refusal(threePages, below)).message).toBe(
        'The PDF has 3 pages; the limit is 2 pages per document (MAX_PAGES_PER_DOCUMENT)',
      );
      const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      expect((await refusal(png, below)).message).toBe(
        'The image is 100 × 100 pixels (10000 pixels); the limit is 9999 pixels per image (MAX_PIXELS_PER_IMAGE)',
      );
      // A4 at 300 dpi is 8.7 megapixels.
      expect((await refusal(await blankPdf(1), below)).message).toMatch(
        /^Page 1 is 595 × 842 pt, 8.7 megapixels at 300 dpi; the limit is 8 megapixels per page/,
      );
    } finally {
      await Promise.all([atLimit.close(), below.close()]);
    }
  });

  it('a truncated header is still unreadable, not too large', async () => {
    const error = await refusal(whitePng(20_000, 20_000).subarray(0, 30));
    expect(error.code).toBe('document_unreadable');
  });
});

describe('the daemon settings', () => {
  it('default to DEFAULT_DOCUMENT_LIMITS, and a bad value names the setting', () => {
    const config = loadConfig({ INTAKE_CONFIG: 'config/intake.example.env' });
    expect({
      maxPages: config.MAX_PAGES_PER_DOCUMENT,
      maxPagePixels: config.MAX_PIXELS_PER_PAGE,
      maxImagePixels: config.MAX_PIXELS_PER_IMAGE,
      maxDecompressedBytes: config.MAX_DECOMPRESSED_MB * 1024 * 1024,
    }).toEqual(DEFAULT_DOCUMENT_LIMITS);
    expect(loadConfig({ MAX_PAGES_PER_DOCUMENT: '7', INTAKE_CONFIG: '/dev/null' }).MAX_PAGES_PER_DOCUMENT).toBe(7);
    expect(() => loadConfig({ MAX_PIXELS_PER_IMAGE: '5e7', INTAKE_CONFIG: '/dev/null' })).toThrow(
      /MAX_PIXELS_PER_IMAGE: must be a whole number/,
    );
    expect(() => loadConfig({ MAX_PAGES_PER_DOCUMENT: '0', INTAKE_CONFIG: '/dev/null' })).toThrow(
      /MAX_PAGES_PER_DOCUMENT/,
    );
  });
});

describe.each(DB_KINDS)('limits through the API and mail on %s', (kind) => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let port: number;
  let key: string;
  let extractorId: string;
  beforeAll(async () => {
    h = await startApi(kind, { emailDomains: ['example.test'], maxDocumentBytes: 5 * 1_048_576 });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    key = (await h.createOrg({ credits: 10_000 })).live_key;
    extractorId = (await h.call('POST', '/v1/extractors', { key, body: invoiceExtractor() })).body.id;
    expect(
      (
        await h.call('POST', '/api/email-ingestion/config', {
          key,
          body: { emailPrefix: 'ap', defaultDocumentType: 'invoice', autoClassify: false },
        })
      ).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
  });
  const upload = (bytes: Uint8Array, mime_type: string) =>
    h.call('POST', '/v1/documents', { key, body: { extractor_id: extractorId, document: base64(bytes), mime_type } });
  const job = async (id: string) => (await h.call('GET', `/v1/documents/${id}`, { key })).body;

  it('too many pages: 413 document_too_large at upload, nothing stored or charged', async () => {
    // One page over the limit (a 10,000-page PDF cost 3.7 CPU s to write and proved nothing more).
    const res = await upload(await blankPdf(101), 'application/pdf');
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      code: 'document_too_large',
      status: 413,
      message: 'The document has 101 pages; the limit is 100 pages per document (MAX_PAGES_PER_DOCUMENT)',
    });
    expect((await h.call('GET', '/v1/documents', { key })).body.total).toBe(0);
  });

  it('too many pixels: the job fails with document_too_large in error_details, at no cost', async () => {
    const image = await upload(whitePng(20_000, 20_000), 'image/png');
    const poster = await upload(await blankPdf(1, [14_400, 14_400]), 'application/pdf');
    expect([image.status, poster.status]).toEqual([202, 202]);
    expect((await h.runJobs()).map((o) => o.kind)).toEqual(['failed', 'failed']);
    expect(await job(image.body.id)).toMatchObject({
      status: 'failed',
      cost_credits: 0,
      error_details: { code: 'document_too_large', message: expect.stringContaining('MAX_PIXELS_PER_IMAGE') },
    });
    expect(await job(poster.body.id)).toMatchObject({
      status: 'failed',
      cost_credits: 0,
      error_details: { code: 'document_too_large', message: expect.stringContaining('MAX_PIXELS_PER_PAGE') },
    });
  });

  it('by mail: the attachment becomes a job that fails the same way', async () => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'scanner@vendor.example',
        to: 'ap@example.test',
        subject: 'Scan',
        attachments: [{ filename: 'scan.png', content: whitePng(20_000, 20_000) }],
      });
    await h.runMail();
    const message = (
      await h.call('GET', `/api/email-ingestion/messages/${/queued as (msg_\w+)/.exec(info.response)![1]}`, { key })
    ).body;
    expect(message.attachments[0]).toMatchObject({ status: 'job_created' });
    await h.runJobs();
    expect((await job(message.attachments[0].job_id)).error_details).toMatchObject({
      code: 'document_too_large',
      message: expect.stringContaining('20000 × 20000 pixels'),
    });
  });
});
