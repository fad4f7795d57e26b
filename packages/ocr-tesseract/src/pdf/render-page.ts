/**
 * Renders a PDF page without a usable text layer (a scan) to grey pixels for OCR, with pdfjs drawing
 * on @napi-rs/canvas (the canvas pdfjs itself loads in Node, at the version pdf-parse pins).
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
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
  return { image: { width, height, pixels: greyPixels(context, width, height) }, scale };
}

/** Rows copied out of the canvas at a time: a band's RGBA is about 2.5 MB for an A4 page at 300 dpi. */
const BAND_ROWS = 256;

/**
 * The canvas's pixels as grey (ITU-R BT.601 luma, rounded), read in bands of rows: the whole
 * page's RGBA at once would be a second copy of the canvas (35 MB for an A4 page at 300 dpi)
 * beside it, for a grey page a quarter of its size.
 */
function greyPixels(context: SKRSContext2D, width: number, height: number): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    const rgba = context.getImageData(0, top, width, rows).data;
    for (let i = top * width, j = 0; j < rgba.length; i++, j += 4) {
      grey[i] = (rgba[j]! * 299 + rgba[j + 1]! * 587 + rgba[j + 2]! * 114 + 500) / 1000;
    }
  }
  return grey;
}
