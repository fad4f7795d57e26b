/**
 * Whether a PDF page is a picture of a document. Scanning apps stamp a line of real text onto the
 * scan ("Scanned with CamScanner", a page number, a date), so a text layer of a few words says
 * little: the page's content may be all in the image. Used only for pages with little text, as it
 * makes pdfjs parse the whole content stream.
 */
import { OPS } from './pdfjs.js';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';

/** Pixels a scan has at least: a quarter of the page at 100 dpi; logos and signatures are smaller. */
const MIN_DPI = 100;
const MIN_SHARE_OF_PAGE = 0.25;

export async function drawsScan(page: PDFPageProxy): Promise<boolean> {
  const { width, height } = page.getViewport({ scale: 1 });
  const { fnArray, argsArray } = await page.getOperatorList();
  return fnArray.some((fn, i) => scanImageDrawn(fn, argsArray[i] as unknown[], width, height));
}

/** Whether operator `fn` paints an image with a scan's pixels on a page `width` × `height` points. */
export function scanImageDrawn(fn: number, args: unknown[], width: number, height: number): boolean {
  const minPixels = MIN_SHARE_OF_PAGE * ((width / 72) * MIN_DPI) * ((height / 72) * MIN_DPI);
  const size = imageSize(fn, args);
  return size !== null && size.width * size.height >= minPixels;
}

/** pdfjs' image operators carry the image's size in pixels: [id, width, height] or [{ width, height }]. */
function imageSize(fn: number, args: unknown[]): { width: number; height: number } | null {
  if (fn === OPS.paintImageXObject) {
    return typeof args[1] === 'number' && typeof args[2] === 'number' ? { width: args[1], height: args[2] } : null;
  }
  if (fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
    const image = args[0] as { width?: unknown; height?: unknown } | undefined;
    return typeof image?.width === 'number' && typeof image.height === 'number'
      ? { width: image.width, height: image.height }
      : null;
  }
  return null;
}
