/**
 * Whether a page's text layer is another program's OCR of the page's picture: a scanner's firmware,
 * ABBYY, Adobe's "Recognize text", ocrmypdf and tesseract's own PDF output all lay their reading
 * under the scan as invisible text (rendering mode 3, or 7: clipping only). Such a layer carries
 * that program's misreads ("Direcciön", "Espana", "Ne" for "N.º") with none of its doubt, so it is
 * no exact text: its words are read as an OCR'd page's, with the repairs and confidence caps OCR
 * gets (read again by tesseract, sandwich PDFs of ocrmypdf came out no better, at three times the
 * time). A text PDF that merely shows a picture (a letterhead drawn as one image) draws its text
 * visibly, and an invisible word or two beside visible text (a hidden search key) leaves the page
 * as it is. Read only for pages of 25 words or more, as it makes pdfjs parse the whole content
 * stream (images included): about half again the time of reading the text layer itself.
 */
import { OPS } from './pdfjs.js';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { scanImageDrawn } from './draws-scan.js';

/** Rendering modes that paint nothing: 3 (neither fill nor stroke) and 7 (added to the clip only). */
const INVISIBLE_MODES = new Set([3, 7]);

/** The share of shown glyphs that must be invisible: a visible page number or stamp may be added. */
const MIN_INVISIBLE_SHARE = 0.9;

const SHOWS_TEXT = new Set<number>([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);

/** True for a page that draws a scan-sized picture and (nearly) all of whose text is invisible. */
export async function isOcrTextLayer(page: PDFPageProxy): Promise<boolean> {
  const { width, height } = page.getViewport({ scale: 1 });
  const { fnArray, argsArray } = await page.getOperatorList();
  let mode = 0;
  const saved: number[] = [];
  let visible = 0;
  let invisible = 0;
  let scan = false;
  fnArray.forEach((fn, i) => {
    const args = (argsArray[i] ?? []) as unknown[];
    // The rendering mode is part of the graphics state: q and Q save and restore it.
    if (fn === OPS.save) saved.push(mode);
    else if (fn === OPS.restore) mode = saved.pop() ?? mode;
    else if (fn === OPS.setTextRenderingMode && typeof args[0] === 'number') mode = args[0];
    else if (SHOWS_TEXT.has(fn)) {
      const glyphs = Array.isArray(args[0]) ? args[0].filter((g) => g !== null && typeof g === 'object').length : 0;
      if (INVISIBLE_MODES.has(mode)) invisible += glyphs;
      else visible += glyphs;
    } else if (!scan) scan = scanImageDrawn(fn, args, width, height);
  });
  return scan && invisible > 0 && invisible >= MIN_INVISIBLE_SHARE * (visible + invisible);
}
