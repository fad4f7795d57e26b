import { DocumentError } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { INVOICE_SCAN, passwordProtectedPdf, scanImage, textPdf } from './documents.js';

const reader = createTesseractReader({ workers: 1 });
afterAll(() => reader.close());

async function refusal(bytes: Uint8Array, type: string, using = reader): Promise<DocumentError> {
  const error: unknown = await using.read(bytes, type).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  const documentError = error as DocumentError;
  expect(documentError.code).toBe('document_unreadable');
  expect(documentError.retryable).toBe(false);
  expect(documentError.suggestion.length).toBeGreaterThan(20);
  return documentError;
}

const white = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

describe('unreadable documents fail with document_unreadable and a suggestion', () => {
  it('bytes that are no supported document', async () => {
    const error = await refusal(new TextEncoder().encode('PK\u0003\u0004 a zip file, say'), 'application/pdf');
    expect(error.suggestion).toMatch(/PDF/);
  });

  it('a damaged PDF, and a PDF cut off halfway', async () => {
    await refusal(new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'), 'application/pdf');
    const whole = await textPdf([[{ text: 'Invoice 1', x: 72, y: 700, size: 12 }]]);
    await refusal(whole.subarray(0, Math.floor(whole.length / 3)), 'application/pdf');
  });

  it('a truncated PNG and a JPEG whose data is garbage', async () => {
    const png = await scanImage(INVOICE_SCAN);
    const error = await refusal(png.subarray(0, 2000), 'image/png');
    expect(error.message).toMatch(/image/i);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    await refusal(jpeg, 'image/jpeg');
  });

  it('a password-protected PDF', async () => {
    const error = await refusal(passwordProtectedPdf(), 'application/pdf');
    expect(error.message).toMatch(/password/i);
    expect(error.suggestion).toMatch(/remove the password/i);
  });

  it('a blank page, as an image and as a scanned PDF page', async () => {
    const error = await refusal(await white(1240, 1754), 'image/png');
    expect(error.suggestion).toMatch(/300 dpi/);
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    await refusal(await doc.save(), 'application/pdf');
  });

  it('a page too blurred to read', async () => {
    const blurred = await sharp(await scanImage(INVOICE_SCAN))
      .blur(8)
      .png()
      .toBuffer();
    await refusal(blurred, 'image/png');
  });

  it('OCR below the confidence floor', async () => {
    // A floor no real scan reaches shows the check; the default (0.4) sits below every corpus scan.
    const strict = createTesseractReader({ workers: 1, minMeanConfidence: 0.995 });
    try {
      const error = await refusal(
        await sharp(await scanImage(INVOICE_SCAN))
          .jpeg({ quality: 20 })
          .toBuffer(),
        'image/jpeg',
        strict,
      );
      expect(error.message).toMatch(/mean OCR confidence \d+%/);
    } finally {
      await strict.close();
    }
  });

  it('a document with a blank back page is still read', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(
      await textPdf([[{ text: 'Invoice 48213 total 10.00', x: 72, y: 700, size: 12 }]]),
    );
    doc.addPage([612, 792]);
    const document = await reader.read(await doc.save(), 'application/pdf');
    expect(document.pages.map((p) => [p.source, p.words.length])).toEqual([
      ['text_layer', 4],
      ['ocr', 0],
    ]);
  });
});
