/**
 * @intake/ocr-tesseract: core's DocumentReader for PDFs (text layer through pdfjs, OCR for scanned
 * pages) and images (OCR through tesseract.js), fully offline, with attachments of e-invoice PDFs.
 */
export { createTesseractReader } from './reader.js';
export type { TesseractReader, TesseractReaderOptions } from './reader.js';
export type { ImagePreparation } from './image/prepare-image.js';
export type { EnginePages, PageOcrEngine } from './ocr/page-engine.js';
/**
 * Bumped whenever a change alters the words read from a page (preprocessing, models, engine
 * settings), so that caches of read documents (`intake eval`'s) know to read again.
 */
export const READING_REVISION = 1;
export { createPageRenderer } from './render/page-renderer.js';
export type { PageRendererOptions } from './render/page-renderer.js';
