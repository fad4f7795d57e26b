import { createTesseractReader } from '@intake/ocr-tesseract';
import type { DocumentPage, Word } from '@intake/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SCAN, multiPageTiff, scanImage, scannedPdf, textPdf, textWidth, type DrawnText } from './documents.js';

const reader = createTesseractReader({ workers: 2 });
afterAll(() => reader.close());

let scan: Buffer;
beforeAll(async () => {
  scan = await scanImage(INVOICE_SCAN);
});

const texts = (page: DocumentPage | undefined): string => (page?.words ?? []).map((w) => w.text).join(' ');
const find = (words: Word[], text: string): Word => {
  const word = words.find((w) => w.text === text);
  if (!word) throw new Error(`"${text}" not among ${words.map((w) => w.text).join(' ')}`);
  return word;
};

/** Where a drawn word's ink lies: from its baseline up to cap height, right of the text before it. */
function expectedBox(line: DrawnText, word: string): { x0: number; x1: number; baseline: number } {
  const before = line.text.slice(0, line.text.indexOf(word));
  const x0 = line.x + textWidth(before, line.size);
  return { x0, x1: x0 + textWidth(word, line.size), baseline: line.y };
}

describe('OCR of images', () => {
  it('reads a scanned PNG: the words, boxes in pixels where they were drawn, confidences', async () => {
    const document = await reader.read(scan, 'image/png');
    expect(document.mimeType).toBe('image/png');
    const [page] = document.pages;
    expect(page).toMatchObject({ number: 1, width: 1240, height: 1754, source: 'ocr' });
    expect(texts(page)).toBe('ACME SUPPLIES LIMITED Invoice number 48213 Date 2024-03-15 Total due 1,234.56');
    for (const [line, word] of [
      [INVOICE_SCAN[1]!, '48213'],
      [INVOICE_SCAN[3]!, '1,234.56'],
      [INVOICE_SCAN[0]!, 'ACME'],
    ] as const) {
      const box = find(page!.words, word).bbox;
      const expected = expectedBox(line, word);
      // Tesseract boxes the ink, the font measures advances: a few pixels apart at the ends.
      expect(Math.abs(box.x0 - expected.x0), word).toBeLessThan(8);
      expect(Math.abs(box.x1 - expected.x1), word).toBeLessThan(8);
      expect(box.y0, word).toBeLessThan(expected.baseline - 0.6 * line.size);
      expect(box.y1, word).toBeGreaterThan(expected.baseline - 2);
      expect(box.y1, word).toBeLessThan(expected.baseline + 0.3 * line.size);
    }
    for (const word of page!.words) {
      expect(word.confidence).toBeGreaterThan(0.7);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reads JPEG and WEBP the same way', async () => {
    for (const [bytes, type] of [
      [await sharp(scan).jpeg({ quality: 85 }).toBuffer(), 'image/jpeg'],
      [await sharp(scan).webp({ quality: 85 }).toBuffer(), 'image/webp'],
    ] as const) {
      const document = await reader.read(bytes, type);
      expect(document.mimeType).toBe(type);
      expect(texts(document.pages[0])).toContain('Invoice number 48213');
    }
  });

  it('honours the EXIF orientation a phone writes instead of turning the pixels', async () => {
    // Pixels stored a quarter turn anticlockwise, with the tag that says "turn clockwise to view".
    const stored = await sharp(scan).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const [page] = (await reader.read(stored, 'image/jpeg')).pages;
    expect(page).toMatchObject({ width: 1240, height: 1754 });
    expect(texts(page)).toContain('Total due 1,234.56');
  });

  it('reads every page of a multi-page TIFF, in page order', async () => {
    const second = await scanImage([{ text: 'Page two: terms and conditions', x: 100, y: 200, size: 40 }]);
    const third = await scanImage([{ text: 'Page three: bank details', x: 100, y: 200, size: 40 }]);
    const document = await reader.read(await multiPageTiff([scan, second, third]), 'image/tiff');
    expect(document.mimeType).toBe('image/tiff');
    expect(document.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(texts(document.pages[0])).toContain('Invoice number 48213');
    expect(texts(document.pages[1])).toBe('Page two: terms and conditions');
    expect(texts(document.pages[2])).toBe('Page three: bank details');
  });
});

describe('OCR of PDF pages without text', () => {
  it('renders a scanned page and reads it, boxes in points like a text layer', async () => {
    // The scan is 1240 px wide on an A4 page of 595.28 pt: 2.083 px per point (150 dpi).
    const document = await reader.read(await scannedPdf(scan), 'application/pdf');
    const [page] = document.pages;
    expect(page).toMatchObject({ number: 1, source: 'ocr' });
    expect(page!.width).toBeCloseTo(595.28, 1);
    expect(texts(page)).toBe('ACME SUPPLIES LIMITED Invoice number 48213 Date 2024-03-15 Total due 1,234.56');
    const pxPerPt = 1240 / 595.28;
    const box = find(page!.words, '48213').bbox;
    const expected = expectedBox(INVOICE_SCAN[1]!, '48213');
    expect(Math.abs(box.x0 - expected.x0 / pxPerPt)).toBeLessThan(5);
    expect(Math.abs(box.y1 - expected.baseline / pxPerPt)).toBeLessThan(5);
  });

  it('reads a scan by OCR even when a scanning app stamped a line of real text on it', async () => {
    const [page] = (await reader.read(await scannedPdf(scan, 'Scanned with CamScanner'), 'application/pdf')).pages;
    expect(page!.source).toBe('ocr');
    expect(texts(page)).toContain('Invoice number 48213');
    expect(texts(page)).toContain('Scanned with CamScanner');
  });

  it('mixes sources in one document: text-layer pages stay text, scanned pages get OCR', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const merged = await PDFDocument.create();
    for (const part of [
      await textPdf([[{ text: 'Cover letter for invoice 48213', x: 72, y: 700, size: 12 }]]),
      await scannedPdf(scan),
    ]) {
      const source = await PDFDocument.load(part);
      for (const copied of await merged.copyPages(source, source.getPageIndices())) merged.addPage(copied);
    }
    const document = await reader.read(await merged.save(), 'application/pdf');
    expect(document.pages.map((p) => p.source)).toEqual(['text_layer', 'ocr']);
    expect(texts(document.pages[0])).toBe('Cover letter for invoice 48213');
    expect(texts(document.pages[1])).toContain('Total due 1,234.56');
  });
});
