/**
 * @intake/ocr-tesseract: core's DocumentReader for PDFs (text layer through pdfjs, OCR for scanned
 * pages) and images (OCR through tesseract.js), fully offline, with attachments of e-invoice PDFs.
 */
export { createTesseractReader } from './reader.js';
export type { TesseractReader, TesseractReaderOptions } from './reader.js';
