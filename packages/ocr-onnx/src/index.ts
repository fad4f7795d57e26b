/**
 * @intake/ocr-onnx: an OCR engine for page images on PaddleOCR's PP-OCRv4 models and onnxruntime,
 * with word boxes; @intake/ocr-tesseract's reader can use it for images and scanned pages.
 */
export { createPaddleOcr } from './paddle-ocr.js';
export type { PaddleOcr, PaddleOcrOptions } from './paddle-ocr.js';
export type { GreyImage } from './grey-image.js';
