/**
 * core's PageRenderer: PDF pages drawn by pdfjs on @napi-rs/canvas, images scaled by sharp, both
 * encoded as PNG. The picture has the page's proportions, so a field location's box maps onto it by
 * one factor (width / page_width), the same for PDF points and image pixels.
 */
import { loadSharp } from '../image/load-sharp.js';
import { type PageRenderer, type RenderedPage } from '@intake/core/ports';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '@intake/core/reading';
import { DEFAULT_PDF_BUDGET, type PdfBudget } from '../budget.js';
import { PdfThreads, type PdfRefusal } from '../pdf/thread/pdf-threads.js';
import type { PagePicture } from '../pdf/thread/protocol.js';
import { unreadable } from '../unreadable.js';

/** Options of {@link createPageRenderer}. */
export interface PageRendererOptions {
  /**
   * The reader's limits: an image beyond maxImagePixels is refused, a picture never exceeds
   * maxPagePixels, a PDF inflating beyond maxDecompressedBytes is refused.
   */
  limits?: Partial<DocumentLimits>;
  /** Memory and time of the one thread PDF pages are drawn in (DEFAULT_PDF_BUDGET). */
  pdfBudget?: Partial<PdfBudget>;
  /** Told of every PDF refused as too large, e.g. to log a warning. */
  onRefused?: (refusal: PdfRefusal) => void;
}

/**
 * Core's PageRenderer: draws page n of a PDF (pdfjs on @napi-rs/canvas) or an image (sharp) as a PNG
 * of the asked width, within the reader's pixel limits.
 */
export function createPageRenderer(options: PageRendererOptions = {}): PageRenderer {
  const limits = { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
  // One thread: pictures are cached on disk, so drawing is rare next to reading.
  const pdf = new PdfThreads({ size: 1, ...DEFAULT_PDF_BUDGET, ...options.pdfBudget, onRefused: options.onRefused });
  return {
    async render(bytes, mimeType, page, width) {
      if (mimeType !== 'application/pdf') return renderImagePage(bytes, mimeType, page, width, limits);
      const picture = (await pdf.run(undefined, (call) =>
        call({ op: 'picture', bytes, page, width, limits }),
      )) as PagePicture | null;
      return picture && { bytes: picture.png, contentType: 'image/png', width: picture.width, height: picture.height };
    },
  };
}

async function renderImagePage(
  bytes: Uint8Array,
  mimeType: string,
  number: number,
  width: number,
  limits: DocumentLimits,
): Promise<RenderedPage | null> {
  const pages = mimeType === 'image/tiff' ? await pageCount(bytes) : 1;
  if (number < 1 || number > pages) return null;
  const sharp = await loadSharp();
  try {
    // rotate() applies the EXIF orientation, as the reader does, so boxes land where they were read.
    const { data, info } = await sharp(bytes, { page: number - 1, limitInputPixels: limits.maxImagePixels })
      .rotate()
      .resize({ width })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), contentType: 'image/png', width: info.width, height: info.height };
  } catch (error) {
    throw damaged(error);
  }
}

async function pageCount(bytes: Uint8Array): Promise<number> {
  const sharp = await loadSharp();
  try {
    return Math.max(1, (await sharp(bytes, { limitInputPixels: false }).metadata()).pages ?? 1);
  } catch (error) {
    throw damaged(error);
  }
}

const damaged = (cause: unknown): Error =>
  unreadable('The image is damaged or incomplete and cannot be decoded', 'Send the original file again', cause);
