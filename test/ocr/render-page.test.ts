/**
 * A scanned PDF page rendered for OCR: the grey pixels, read from the canvas in bands of rows, are
 * exactly the luma of the whole canvas read at once (what OCR was given before the bands).
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../packages/ocr-tesseract/src/pdf/open-pdf.js';
import { renderPage } from '../../packages/ocr-tesseract/src/pdf/render-page.js';
import { INVOICE_SCAN, scanImage, scannedPdf } from './documents.js';

describe('a scanned page rendered for OCR', () => {
  it('has the grey of the whole canvas, row for row, at 300 dpi', async () => {
    const { pdf, close } = await openPdf(await scannedPdf(await scanImage(INVOICE_SCAN)));
    try {
      const page = await pdf.getPage(1);
      const { image, scale } = await renderPage(page, 300, 36_000_000);
      // An A4 page: 3508 rows, not a whole number of bands.
      expect([image.width, image.height]).toEqual([2481, 3508]);

      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      await page.render({ canvas: null, canvasContext: context as never, viewport }).promise;
      const rgba = context.getImageData(0, 0, image.width, image.height).data;
      const expected = new Uint8Array(image.width * image.height);
      for (let i = 0; i < expected.length; i++)
        expected[i] = (rgba[4 * i]! * 299 + rgba[4 * i + 1]! * 587 + rgba[4 * i + 2]! * 114 + 500) / 1000;
      expect(Buffer.compare(Buffer.from(image.pixels), Buffer.from(expected))).toBe(0);
      // Not a blank page: the scan's text is dark.
      expect(image.pixels.reduce((darkest, v) => Math.min(darkest, v), 255)).toBeLessThan(64);
    } finally {
      await close();
    }
  });
});
