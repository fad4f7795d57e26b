/**
 * core's PageRenderer: PDF pages drawn by pdfjs on @napi-rs/canvas, images scaled by sharp, both
 * encoded as PNG. The picture has the page's proportions, so a field location's box maps onto it by
 * one factor (width / page_width), the same for PDF points and image pixels.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { type PageRenderer, type RenderedPage } from '@intake/core/internal';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '@intake/core';
import { openPdf } from '../pdf/open-pdf.js';
import { unreadable } from '../unreadable.js';

/** Options of {@link createPageRenderer}. */
export interface PageRendererOptions {
  /** The reader's limits: an image beyond maxImagePixels is refused, a picture never exceeds maxPagePixels. */
  limits?: Partial<DocumentLimits>;
}

/**
 * Core's PageRenderer: draws page n of a PDF (pdfjs on @napi-rs/canvas) or an image (sharp) as a PNG
 * of the asked width, within the reader's pixel limits.
 */
export function createPageRenderer(options: PageRendererOptions = {}): PageRenderer {
  const limits = { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
  return {
    render(bytes, mimeType, page, width) {
      return mimeType === 'application/pdf'
        ? renderPdfPage(bytes, page, width, limits)
        : renderImagePage(bytes, mimeType, page, width, limits);
    },
  };
}

async function renderPdfPage(
  bytes: Uint8Array,
  number: number,
  width: number,
  limits: DocumentLimits,
): Promise<RenderedPage | null> {
  const { pdf, close } = await openPdf(bytes, { maxImagePixels: limits.maxImagePixels });
  try {
    if (number < 1 || number > pdf.numPages) return null;
    const page = await pdf.getPage(number);
    const unit = page.getViewport({ scale: 1 });
    // A page far taller than wide is drawn narrower rather than beyond the pixel limit.
    const scale = Math.min(width / unit.width, Math.sqrt(limits.maxPagePixels / (unit.width * unit.height)));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    // pdfjs' types expect a DOM context; @napi-rs/canvas implements the part pdfjs uses (as for OCR).
    await page.render({ canvas: null, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
    const png = await canvas.encode('png');
    return { bytes: new Uint8Array(png), contentType: 'image/png', width: canvas.width, height: canvas.height };
  } finally {
    await close();
  }
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
  try {
    return Math.max(1, (await sharp(bytes, { limitInputPixels: false }).metadata()).pages ?? 1);
  } catch (error) {
    throw damaged(error);
  }
}

const damaged = (cause: unknown): Error =>
  unreadable('The image is damaged or incomplete and cannot be decoded', 'Send the original file again', cause);
