/**
 * One OCR engine resident at a time in a reader with PaddleOCR beside tesseract: when tesseract
 * starts a page, PaddleOCR's idle threads end (their onnxruntime sessions with them), and the
 * reverse, long before their idle period; the next page of the engine released starts it again and
 * reads as before. In-process, with both real engines.
 */
import { createPaddleOcr } from '@intake/ocr-onnx';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/wait.js';
import { INVOICE_SCAN, scanImage, scannedPdf, type DrawnText } from './documents.js';

const RECEIPT: DrawnText[] = [
  { text: 'CORNER BAKERY', x: 60, y: 70, size: 34 },
  { text: 'TOTAL', x: 60, y: 200, size: 28 },
  { text: '12.50', x: 390, y: 200, size: 28 },
];

/** Far longer than the test: a thread that ends here was ended by the switch, not by idleness. */
const IDLE_MS = 600_000;

const reader = createTesseractReader({
  workers: 1,
  idleReleaseMs: IDLE_MS,
  engine: createPaddleOcr({ workers: 1, idleReleaseMs: IDLE_MS }),
  enginePages: 'images',
  pdfBudget: { stepTimeoutMs: 300_000 },
});
afterAll(() => reader.close());

let photo: Buffer;
let scan: Uint8Array;
beforeAll(async () => {
  photo = await scanImage(RECEIPT, 520, 260);
  scan = await scannedPdf(await scanImage(INVOICE_SCAN));
});

const text = (document: { pages: { words: { text: string }[] }[] }): string =>
  document.pages.flatMap((p) => p.words.map((w) => w.text)).join(' ');
const live = (): string => JSON.stringify(reader.ocrWorkers());

describe('one OCR engine resident at a time', () => {
  // A bound for a broken build (three reads, two model loads each), not a speed requirement.
  it('ends the idle engine when the other starts a page, and reads with it again', { timeout: 600_000 }, async () => {
    expect(text(await reader.read(photo, 'image/png'))).toBe('CORNER BAKERY TOTAL 12.50');
    expect(reader.ocrWorkers()).toEqual({ tesseract: 0, engine: 1 });

    expect(text(await reader.read(scan, 'application/pdf'))).toContain('Invoice number 48213');
    await eventually(
      () => `PaddleOCR's thread to end once tesseract read (live: ${live()})`,
      () => live() === JSON.stringify({ tesseract: 1, engine: 0 }),
    );

    expect(text(await reader.read(photo, 'image/png'))).toBe('CORNER BAKERY TOTAL 12.50');
    await eventually(
      () => `the tesseract worker to end once PaddleOCR read again (live: ${live()})`,
      () => live() === JSON.stringify({ tesseract: 0, engine: 1 }),
    );
  });
});
