/**
 * OCR and PDF threads are released after an idle period (OCR_IDLE_RELEASE_MS in the daemon):
 * tesseract.js workers and PaddleOCR's onnxruntime threads, each with its models, and the pdfjs
 * threads PDFs are read in, end once idle that long, and the next page or document starts them again
 * and reads as before. The reader's `ocrWorkers()` and `pdfThreads()` count threads until they have
 * really ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/wait.js';
import { photoAndScan, RECEIPT_TEXT, SCAN_TEXT, textOf as text, twoEngineReader } from './two-engines.js';

/**
 * Short, so the test waits little; long enough that a thread is still there when its read returns
 * (a PDF's reading ends with a message from its PDF thread, after the OCR).
 */
const IDLE_MS = 1500;

const reader = twoEngineReader(IDLE_MS);
afterAll(() => reader.close());

let photo: Buffer;
let scan: Uint8Array;
beforeAll(async () => {
  ({ photo, scan } = await photoAndScan());
});

describe('OCR threads released after an idle period', () => {
  it('starts no thread before the first page', () => {
    expect(reader.ocrWorkers()).toEqual({ tesseract: 0, engine: 0 });
    expect(reader.pdfThreads()).toBe(0);
  });

  // A bound for a broken build (four reads and two idle periods), not a speed requirement.
  it(
    'ends the PaddleOCR thread, the tesseract worker and the PDF thread once idle, and starts them again',
    { timeout: 600_000 },
    async () => {
      for (let round = 1; round <= 2; round++) {
        // Counted as each read returns: its thread's idle period has only just begun. One after the
        // other: read at once, whichever engine reads second ends the other's thread as it starts
        // (one engine resident at a time, engine-switch.test.ts).
        const photoRead = await reader
          .read(photo, 'image/png')
          .then((document) => ({ document, live: reader.ocrWorkers() }));
        const scanRead = await reader
          .read(scan, 'application/pdf')
          .then((document) => ({ document, live: reader.ocrWorkers(), pdf: reader.pdfThreads() }));
        expect(text(photoRead.document), `round ${round}`).toBe(RECEIPT_TEXT);
        expect(text(scanRead.document), `round ${round}`).toContain(SCAN_TEXT);
        expect(photoRead.live.engine, `round ${round}: PaddleOCR's thread after the photo`).toBe(1);
        expect(scanRead.live.tesseract, `round ${round}: the tesseract worker after the scan`).toBe(1);
        expect(scanRead.pdf, `round ${round}: the PDF thread after the scan`).toBe(1);
        const live = () => ({ ...reader.ocrWorkers(), pdf: reader.pdfThreads() });
        await eventually(
          () => `the three threads to end after ${IDLE_MS} ms idle (live: ${JSON.stringify(live())})`,
          () => JSON.stringify(live()) === JSON.stringify({ tesseract: 0, engine: 0, pdf: 0 }),
        );
      }
    },
  );
});
