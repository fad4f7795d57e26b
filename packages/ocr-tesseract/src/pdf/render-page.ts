/**
 * Renders a PDF page without a usable text layer (a scan) to grey pixels for OCR, with pdfjs drawing
 * on @napi-rs/canvas (the canvas pdfjs itself loads in Node, at the version pdf-parse pins).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import type { GreyImage } from '../ocr/ocr-page.js';

export interface RenderedPage {
  image: GreyImage;
  /** Pixels per PDF point. */
  scale: number;
}

/**
 * `maxPixels` (MAX_PIXELS_PER_PAGE) was checked against every page before reading began; it bounds
 * the canvas here too, so no caller can ask for gigabytes of it. It runs in a PDF thread: aborting
 * a read ends the thread, which stops the rendering.
 */
export async function renderPage(page: PDFPageProxy, dpi: number, maxPixels: number): Promise<RenderedPage> {
  const unit = page.getViewport({ scale: 1 });
  const scale = Math.min(dpi / 72, Math.sqrt(maxPixels / (unit.width * unit.height)));
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // pdfjs' types expect a DOM context; @napi-rs/canvas implements the part of it pdfjs uses. pdfjs
  // paints the page background white first, so no transparent pixel reaches tesseract as black.
  await page.render({ canvas: null, canvasContext: context as never, viewport }).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  return { image: { width, height, pixels: toGrey(rgba, width * height) }, scale };
}

/** ITU-R BT.601 luma, rounded. */
function toGrey(rgba: Uint8ClampedArray, pixelCount: number): Uint8Array {
  const grey = new Uint8Array(pixelCount);
  for (let i = 0, j = 0; i < pixelCount; i++, j += 4) {
    grey[i] = (rgba[j]! * 299 + rgba[j + 1]! * 587 + rgba[j + 2]! * 114 + 500) / 1000;
  }
  return grey;
}
