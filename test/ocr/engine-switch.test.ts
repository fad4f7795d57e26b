/**
 * One OCR engine resident at a time in a reader with PaddleOCR beside tesseract: when tesseract
 * starts a page, PaddleOCR's idle threads end (their onnxruntime sessions with them), and the
 * reverse, long before their idle period; the next page of the engine released starts it again and
 * reads as before. In-process, with both real engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/wait.js';
import { photoAndScan, RECEIPT_TEXT, SCAN_TEXT, textOf as text, twoEngineReader } from './two-engines.js';

/** Far longer than the test: a thread that ends here was ended by the switch, not by idleness. */
const IDLE_MS = 600_000;

const reader = twoEngineReader(IDLE_MS);
afterAll(() => reader.close());

let photo: Buffer;
let scan: Uint8Array;
beforeAll(async () => {
  ({ photo, scan } = await photoAndScan());
});

const live = (): string => JSON.stringify(reader.ocrWorkers());

describe('one OCR engine resident at a time', () => {
  // A bound for a broken build (three reads, two model loads each), not a speed requirement.
  it('ends the idle engine when the other starts a page, and reads with it again', { timeout: 600_000 }, async () => {
    expect(text(await reader.read(photo, 'image/png'))).toBe(RECEIPT_TEXT);
    expect(reader.ocrWorkers()).toEqual({ tesseract: 0, engine: 1 });

    expect(text(await reader.read(scan, 'application/pdf'))).toContain(SCAN_TEXT);
    await eventually(
      () => `PaddleOCR's thread to end once tesseract read (live: ${live()})`,
      () => live() === JSON.stringify({ tesseract: 1, engine: 0 }),
    );

    expect(text(await reader.read(photo, 'image/png'))).toBe(RECEIPT_TEXT);
    await eventually(
      () => `the tesseract worker to end once PaddleOCR read again (live: ${live()})`,
      () => live() === JSON.stringify({ tesseract: 0, engine: 1 }),
    );
  });
});
