/**
 * @intake/ocr-tesseract: core's DocumentReader for PDFs (text layer through pdfjs, OCR for scanned
 * pages) and images (OCR through tesseract.js), fully offline, with attachments of e-invoice PDFs.
 */
export { createTesseractReader } from './reader.js';
export { DEFAULT_OCR_LANGUAGES, DEFAULT_OTHER_OCR_LANGUAGES, languageModelFolder } from './languages.js';
export type { TesseractReader, TesseractReaderOptions } from './reader.js';
export type { ImagePreparation } from './image/prepare-image.js';
export type { EnginePages, PageOcrEngine } from './ocr/page-engine.js';
export { READING_REVISION } from './revision.js';
export { createPageRenderer } from './render/page-renderer.js';
export type { PageRendererOptions } from './render/page-renderer.js';
export { DEFAULT_PDF_BUDGET } from './budget.js';
export type { PdfBudget } from './budget.js';
export type { PdfRefusal } from './pdf/thread/pdf-threads.js';
