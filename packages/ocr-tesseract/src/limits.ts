/**
 * The reader's DocumentLimits, checked on what headers tell (page count, page size, image size)
 * before anything is rendered or decoded. Each refusal names the limit and the setting behind it.
 */
import { DocumentError, type DocumentLimits } from '@intake/core/reading';

const tooLarge = (message: string, suggestion: string): DocumentError =>
  new DocumentError('document_too_large', message, suggestion);
const megapixels = (pixels: number): string =>
  pixels >= 1_000_000 ? `${Math.round(pixels / 100_000) / 10} megapixels` : `${Math.round(pixels)} pixels`;

export function checkPageCount(count: number, kind: 'PDF' | 'TIFF', limits: DocumentLimits): void {
  if (count <= limits.maxPages) return;
  throw tooLarge(
    `The ${kind} has ${count} pages; the limit is ${limits.maxPages} pages per document (MAX_PAGES_PER_DOCUMENT)`,
    `Split the document into parts of at most ${limits.maxPages} pages and send them separately`,
  );
}

/** `width` and `height` in PDF points (1/72 inch), rendered at `dpi`. */
export function checkPdfPage(number: number, width: number, height: number, dpi: number, limits: DocumentLimits): void {
  const pixels = width * (dpi / 72) * height * (dpi / 72);
  if (pixels <= limits.maxPagePixels) return;
  throw tooLarge(
    `Page ${number} is ${Math.round(width)} × ${Math.round(height)} pt, ${megapixels(pixels)} at ${dpi} dpi; the limit is ${megapixels(limits.maxPagePixels)} per page (MAX_PIXELS_PER_PAGE)`,
    'Export or scan the document at a paper size (A4 or Letter) and send the new file',
  );
}

export function checkImage(width: number, height: number, page: number | null, limits: DocumentLimits): void {
  const pixels = width * height;
  if (pixels <= limits.maxImagePixels) return;
  const what = page === null ? 'The image' : `Page ${page} of the image`;
  throw tooLarge(
    `${what} is ${width} × ${height} pixels (${megapixels(pixels)}); the limit is ${megapixels(limits.maxImagePixels)} per image (MAX_PIXELS_PER_IMAGE)`,
    'Scale the image down (300 dpi at paper size is plenty) and send it again',
  );
}

const mebibytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/** `inflated` as counted by inflatedSize, which stops just past the limit. */
export function checkInflated(inflated: number, limits: DocumentLimits): void {
  if (inflated <= limits.maxDecompressedBytes) return;
  throw tooLarge(
    `The PDF's compressed streams inflate to more than ${mebibytes(limits.maxDecompressedBytes)}; the limit is ${mebibytes(limits.maxDecompressedBytes)} per document (MAX_DECOMPRESSED_MB)`,
    'Print or export the document to a new PDF (an invoice inflates to a few MB) and send that file',
  );
}
