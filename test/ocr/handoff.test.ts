/**
 * How pages travel to and from the OCR workers: pixels as leptonica's serialised pix ("spix"),
 * words back as tesseract's TSV, and a worker script that posts no progress messages.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createTesseractReader } from '@intake/ocr-tesseract';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrWords, toSpix } from '../../packages/ocr-tesseract/src/ocr/ocr-page.js';
import { INVOICE_SCAN, repoRoot, scanImage } from './documents.js';

const texts = (words: { text: string }[]): string => words.map((w) => w.text).join(' ');

describe('pixels to the worker as spix', () => {
  it('writes the header and pads rows to whole words, four pixels a word, first pixel in the high byte', () => {
    // 5 x 2: two words a row, the second holding one pixel and three of padding.
    const pixels = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const spix = toSpix({ width: 5, height: 2, pixels });
    const header = Array.from({ length: 6 }, (_, i) => spix.readUInt32LE(4 + 4 * i));
    expect(spix.subarray(0, 4).toString('latin1')).toBe('spix');
    // width, height, depth, words per line, colormap entries, raster bytes
    expect(header).toEqual([5, 2, 8, 2, 0, 16]);
    expect(spix.length).toBe(28 + 16);
    const words = Array.from({ length: 4 }, (_, i) => spix.readUInt32LE(28 + 4 * i));
    expect(words).toEqual([0x01020304, 0x05000000, 0x06070809, 0x0a000000]);
  });

  it('refuses pixels that do not match the size', () => {
    expect(() => toSpix({ width: 5, height: 2, pixels: new Uint8Array(9) })).toThrow(/5x2/);
  });

  it('reads an image whose width is not a multiple of four, words where they were drawn', async () => {
    const reader = createTesseractReader({ workers: 1 });
    try {
      const document = await reader.read(await scanImage(INVOICE_SCAN, 1237, 1754), 'image/png');
      const [page] = document.pages;
      expect(page).toMatchObject({ width: 1237, height: 1754, source: 'ocr' });
      expect(texts(page!.words)).toBe('ACME SUPPLIES LIMITED Invoice number 48213 Date 2024-03-15 Total due 1,234.56');
      // A row misaligned by the padding would shear the page: boxes would drift right line by line.
      const acme = page!.words.find((w) => w.text === 'ACME')!;
      const total = page!.words.find((w) => w.text === 'Total')!;
      expect(Math.abs(acme.bbox.x0 - INVOICE_SCAN[0]!.x)).toBeLessThan(8);
      expect(Math.abs(total.bbox.x0 - INVOICE_SCAN[3]!.x)).toBeLessThan(8);
    } finally {
      await reader.close();
    }
  });
});

describe('words back as TSV', () => {
  const tsv = [
    '1\t1\t0\t0\t0\t0\t0\t0\t1240\t1754\t-1\t',
    '2\t1\t1\t0\t0\t0\t98\t140\t520\t40\t-1\t',
    '4\t1\t1\t1\t1\t0\t98\t140\t520\t40\t-1\t',
    '5\t1\t1\t1\t1\t1\t98\t140\t120\t40\t96.537964\tACME',
    '5\t1\t1\t1\t1\t2\t230\t141\t1\t38\t12.000000\t ',
    '5\t1\t1\t1\t1\t3\t240\t140\t378\t41\t89.999\tSUPPLIES',
    '',
  ].join('\n');

  it('keeps word rows with text, boxes divided by the scale, confidences in whole percents', () => {
    expect(ocrWords({ tsv }, 1)).toEqual([
      { text: 'ACME', bbox: { x0: 98, y0: 140, x1: 218, y1: 180 }, confidence: 0.96 },
      { text: 'SUPPLIES', bbox: { x0: 240, y0: 140, x1: 618, y1: 181 }, confidence: 0.89 },
    ]);
    expect(ocrWords({ tsv }, 2)[0]!.bbox).toEqual({ x0: 49, y0: 70, x1: 109, y1: 90 });
  });

  it('reads no words from an empty result', () => {
    expect(ocrWords({ tsv: '' }, 1)).toEqual([]);
    expect(ocrWords({ tsv: null }, 1)).toEqual([]);
  });
});

describe('the worker script', () => {
  const require = createRequire(path.join(repoRoot, 'packages/ocr-tesseract/package.json'));
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const workerPath = path.join(repoRoot, 'packages/ocr-tesseract/src/ocr/tesseract-worker.cjs');
  const statuses: string[] = [];
  let w: Worker;
  beforeAll(async () => {
    w = await createWorker('eng', OEM.LSTM_ONLY, {
      workerPath,
      langPath,
      gzip: true,
      cacheMethod: 'none',
      logger: (message) => statuses.push(message.status),
      errorHandler: () => undefined,
    });
  });
  afterAll(() => w?.terminate());

  it('recognises as tesseract.js does, without posting progress to the main thread', async () => {
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300' });
    const { data, info } = await sharp(await scanImage(INVOICE_SCAN))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const result = await w.recognize(
      toSpix({ width: info.width, height: info.height, pixels: data }),
      {},
      { text: false, tsv: true },
    );
    expect(texts(ocrWords(result.data, 1))).toBe(
      'ACME SUPPLIES LIMITED Invoice number 48213 Date 2024-03-15 Total due 1,234.56',
    );
    expect(statuses).toEqual([]);
  });
});
