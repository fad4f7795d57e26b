/**
 * Page counts at upload (the reader's `inspect`) take a reading PDF thread that is free, and
 * otherwise a PDF thread of their own, so an upload never waits behind a reading; that thread ends
 * soon after its last count, not after the reader's idle period, so it does not hold pdfjs'
 * memory beside the readings that follow (docs/resources.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { PdfThreads } from '../../packages/ocr-tesseract/src/pdf/thread/pdf-threads.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { eventually } from '../support/wait.js';
import { INVOICE_SCAN, scanImage, scannedPdf } from './documents.js';

/** Far longer than the test: a thread that ends did not end for this idle period. */
const IDLE_MS = 600_000;
/** A busy machine's pdfjs steps can pass the default 30 s; no step is timed here. */
const STEP_TIMEOUT_MS = 300_000;

const reader = createTesseractReader({
  workers: 1,
  idleReleaseMs: IDLE_MS,
  pdfBudget: { stepTimeoutMs: STEP_TIMEOUT_MS },
});
afterAll(() => reader.close());

let text: Uint8Array;
let scan: Uint8Array;
beforeAll(async () => {
  text = await makeInvoicePdf();
  scan = await scannedPdf(await scanImage(INVOICE_SCAN));
});

describe('PdfThreads.hasFreeSlot', () => {
  it('says whether a run would start without waiting', async () => {
    const threads = new PdfThreads({
      size: 1,
      memoryMb: 512,
      stepTimeoutMs: STEP_TIMEOUT_MS,
      idleReleaseMs: IDLE_MS,
    });
    try {
      expect(threads.hasFreeSlot).toBe(true);
      let finish = (): void => undefined;
      const held = new Promise<void>((resolve) => (finish = resolve));
      const running = threads.run(undefined, () => held);
      expect(threads.hasFreeSlot, 'its one slot held').toBe(false);
      finish();
      await running;
      expect(threads.hasFreeSlot).toBe(true);
    } finally {
      await threads.close();
    }
    expect(threads.hasFreeSlot, 'closed').toBe(false);
  });
});

describe('the page-counting PDF thread', () => {
  it('is used only while every reading thread is held', { timeout: 300_000 }, async () => {
    const fresh = createTesseractReader({
      workers: 1,
      idleReleaseMs: IDLE_MS,
      pdfBudget: { stepTimeoutMs: STEP_TIMEOUT_MS },
    });
    try {
      // The first count takes the one reading thread, free; the second, asked while the first
      // holds it, gets the counting thread: two threads, one count in each.
      const counts = [fresh.inspect(text), fresh.inspect(text)];
      await eventually(
        () => `two PDF threads counting (alive: ${fresh.pdfThreads()})`,
        () => fresh.pdfThreads() === 2,
      );
      for (const count of counts) expect(await count).toEqual({ mimeType: 'application/pdf', pageCount: 1 });
      // The counting thread ends long before IDLE_MS; the reading thread, which counted first, does not.
      await eventually(
        () => `the counting thread to end (alive: ${fresh.pdfThreads()})`,
        () => fresh.pdfThreads() === 1,
      );
    } finally {
      await fresh.close();
    }
  });

  // A bound for a broken build, not a speed requirement.
  it(
    'counts beside a reading that holds the PDF thread, then ends while the reading thread stays',
    {
      timeout: 300_000,
    },
    async () => {
      const reading = reader.read(scan, 'application/pdf');
      await eventually('the scan to hold the reading thread', () => reader.pdfThreads() === 1);

      const counting = reader.inspect(text);
      // The count does not wait for the scan's OCR: it has a thread of its own.
      await eventually(
        () => `a second PDF thread for the count (alive: ${reader.pdfThreads()})`,
        () => reader.pdfThreads() === 2,
      );
      expect(await counting).toEqual({ mimeType: 'application/pdf', pageCount: 1 });
      // It ends long before IDLE_MS; the reading thread does not.
      await eventually(
        () => `the counting thread to end (alive: ${reader.pdfThreads()})`,
        () => reader.pdfThreads() === 1,
      );
      expect((await reading).pages.map((page) => page.words.length > 0)).toEqual([true]);
      expect(reader.pdfThreads(), 'the reading thread, kept for the idle period').toBe(1);
    },
  );
});
