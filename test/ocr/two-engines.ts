/**
 * A reader with PaddleOCR for photos beside tesseract for scans, and one document for each: what
 * the tests of thread release (idle-release, engine-switch) read.
 */
import { createPaddleOcr } from '@intake/ocr-onnx';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { INVOICE_SCAN, scanImage, scannedPdf, type DrawnText } from './documents.js';

const RECEIPT: DrawnText[] = [
  { text: 'CORNER BAKERY', x: 60, y: 70, size: 34 },
  { text: 'TOTAL', x: 60, y: 200, size: 28 },
  { text: '12.50', x: 390, y: 200, size: 28 },
];

/** The photo's words as read, in order. */
export const RECEIPT_TEXT = 'CORNER BAKERY TOTAL 12.50';
/** Words the scan's reading contains. */
export const SCAN_TEXT = 'Invoice number 48213';

/** One tesseract worker and one PaddleOCR thread, each released after `idleMs` idle. */
export function twoEngineReader(idleMs: number) {
  return createTesseractReader({
    workers: 1,
    idleReleaseMs: idleMs,
    engine: createPaddleOcr({ workers: 1, idleReleaseMs: idleMs }),
    enginePages: 'images',
    // A busy machine's pdfjs steps can pass the default 30 s; no step is timed here.
    pdfBudget: { stepTimeoutMs: 300_000 },
  });
}

/** A receipt photo (PaddleOCR reads it) and a scanned invoice PDF (tesseract reads it). */
export async function photoAndScan(): Promise<{ photo: Buffer; scan: Uint8Array }> {
  return {
    photo: await scanImage(RECEIPT, 520, 260),
    scan: await scannedPdf(await scanImage(INVOICE_SCAN)),
  };
}

/** A read document's words joined by spaces. */
export const textOf = (document: { pages: { words: { text: string }[] }[] }): string =>
  document.pages.flatMap((p) => p.words.map((w) => w.text)).join(' ');
