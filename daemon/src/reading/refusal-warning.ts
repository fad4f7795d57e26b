/**
 * A PDF refused as too large (MAX_DECOMPRESSED_MB, the PDF threads' memory or time budget, a page
 * or pixel limit) is logged as a warning: an operator sees a decompression bomb arrive, and which
 * setting stopped it, without reading job failures.
 */
import type { PdfRefusal } from '@intake/ocr-tesseract';
import type { Logger } from '../logger.js';

export const refusalWarning =
  (logger: Logger) =>
  ({ reason, message }: PdfRefusal): void =>
    logger.warn({ code: 'document_too_large', reason }, `a PDF was refused: ${message}`);
