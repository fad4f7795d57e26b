/**
 * The PDF threads' limits (docs/security/documents.md): what a PDF's streams inflate to
 * (maxDecompressedBytes, MAX_DECOMPRESSED_MB), a thread's memory and a step's time. Each refusal is
 * document_too_large naming its setting, is reported to onRefused, and leaves the reader working.
 */
import { createPageRenderer, createTesseractReader, type PdfRefusal } from '@intake/ocr-tesseract';
import { DocumentError } from '@intake/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../support/fixtures.js';

const MIB = 1024 * 1024;

/** A text page with a second content stream of `padding` spaces, deflated (a small bomb). */
async function paddedPdf(padding: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Invoice 2026-0042 from Example Supplies GmbH, total 119.00 EUR', { x: 50, y: 780, size: 12, font });
  page.node.addContentStream(doc.context.register(doc.context.flateStream(Buffer.alloc(padding, 0x20))));
  return doc.save({ useObjectStreams: false });
}

async function refusal(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('the cap on inflated streams', () => {
  const refusals: PdfRefusal[] = [];
  const capped = createTesseractReader({
    workers: 1,
    limits: { maxDecompressedBytes: 4 * MIB },
    onRefused: (r) => refusals.push(r),
  });
  let padded: Uint8Array;
  beforeAll(async () => {
    padded = await paddedPdf(8 * MIB);
  });
  afterAll(() => capped.close());

  it('refuses a PDF inflating past it before parsing, names the setting, and reports it', async () => {
    const error = await refusal(capped.read(padded, 'application/pdf'));
    expect(error.code).toBe('document_too_large');
    expect(error.message).toBe(
      "The PDF's compressed streams inflate to more than 4 MB; the limit is 4 MB per document (MAX_DECOMPRESSED_MB)",
    );
    expect(refusals).toEqual([{ reason: 'limit', message: error.message }]);
    // Page counting reads the page tree only: the upload is accepted and the job fails.
    expect(await capped.inspect(padded)).toEqual({ mimeType: 'application/pdf', pageCount: 1 });
  });

  it('reads a PDF under it, in the same thread, as before', async () => {
    const small = await paddedPdf(MIB);
    const doc = await capped.read(small, 'application/pdf');
    expect(doc.pages[0]!.source).toBe('text_layer');
    expect(doc.pages[0]!.words.map((w) => w.text)).toContain('2026-0042');
    expect((await capped.read(await makeInvoicePdf(), 'application/pdf')).pages).toHaveLength(1);
  });

  it('refuses the page picture of such a PDF too', async () => {
    const renderer = createPageRenderer({ limits: { maxDecompressedBytes: 4 * MIB } });
    const error = await refusal(renderer.render(padded, 'application/pdf', 1, 400));
    expect(error.message).toMatch(/MAX_DECOMPRESSED_MB/);
    const picture = await renderer.render(await makeInvoicePdf(), 'application/pdf', 1, 400);
    expect(picture).toMatchObject({ contentType: 'image/png', width: 400 });
  });
});

describe('the budgets of a PDF thread', () => {
  it('a step past its time ends the thread: document_too_large naming PDF_WORKER_TIMEOUT_MS, reported', async () => {
    const refusals: PdfRefusal[] = [];
    // 1 ms: no thread starts and opens a PDF that fast, so the first step always runs past it.
    const reader = createTesseractReader({
      workers: 1,
      pdfBudget: { stepTimeoutMs: 1 },
      onRefused: (r) => refusals.push(r),
    });
    try {
      const pdf = await makeInvoicePdf();
      for (const attempt of [1, 2]) {
        const error = await refusal(reader.read(pdf, 'application/pdf'));
        expect(error.code, `attempt ${attempt}`).toBe('document_too_large');
        expect(error.message).toBe('One step of reading the PDF took longer than 1 ms (PDF_WORKER_TIMEOUT_MS)');
      }
      expect(refusals.map((r) => r.reason)).toEqual(['time', 'time']);
    } finally {
      await reader.close();
    }
  });

  it('a thread out of memory ends: document_too_large naming PDF_WORKER_MEMORY_MB, and the next one does too', async () => {
    const refusals: PdfRefusal[] = [];
    // pdfjs alone needs more heap than this to load.
    const reader = createTesseractReader({
      workers: 1,
      pdfBudget: { memoryMb: 4 },
      onRefused: (r) => refusals.push(r),
    });
    try {
      const pdf = await makeInvoicePdf();
      for (const attempt of [1, 2]) {
        const error = await refusal(reader.read(pdf, 'application/pdf'));
        expect(error.message, `attempt ${attempt}`).toBe(
          'Reading the PDF needed more than 4 MB of memory (PDF_WORKER_MEMORY_MB)',
        );
      }
      expect(refusals.map((r) => r.reason)).toEqual(['memory', 'memory']);
    } finally {
      await reader.close();
    }
  });

  it('an aborted read rejects with its reason (its thread is ended) and the reader reads on', async () => {
    const reader = createTesseractReader({ workers: 1 });
    try {
      const pdf = await makeInvoicePdf();
      const controller = new AbortController();
      const reason = new Error('stop');
      const read = reader.read(pdf, 'application/pdf', { signal: controller.signal });
      // One turn of the event loop: the request to open the PDF is in its thread by then.
      await new Promise(setImmediate);
      controller.abort(reason);
      await expect(read).rejects.toBe(reason);
      expect((await reader.read(pdf, 'application/pdf')).pages).toHaveLength(1);
    } finally {
      await reader.close();
    }
  });
});
