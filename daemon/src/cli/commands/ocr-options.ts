import { Option } from 'commander';

/** `--ocr-engine` and `--ocr-pages`, defaulting to the daemon's OCR_ENGINE and OCR_ENGINE_PAGES. */
export const ocrEngineOption = (): Option =>
  new Option('--ocr-engine <engine>', 'OCR engine for images (and scanned pages with --ocr-pages scans)')
    .choices(['tesseract', 'paddle'])
    .env('OCR_ENGINE')
    .default('paddle');

export const ocrPagesOption = (): Option =>
  new Option('--ocr-pages <pages>', 'pages --ocr-engine paddle reads: images, or scans (images and scanned PDF pages)')
    .choices(['images', 'scans'])
    .env('OCR_ENGINE_PAGES')
    .default('images');
