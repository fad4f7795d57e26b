/**
 * The document reader the settings ask for: tesseract for everything, or PaddleOCR (through
 * onnxruntime, @intake/ocr-onnx) for images or all OCR'd pages with tesseract's reader around it
 * (PDF text layers, limits, the quality floor). Shared by the daemon, `intake extract` and `intake eval`.
 */
import type { DocumentLimits } from '@intake/core';
import { createPaddleOcr } from '@intake/ocr-onnx';
import { createTesseractReader, READING_REVISION, type TesseractReader } from '@intake/ocr-tesseract';

export type OcrEngineName = 'tesseract' | 'paddle';
export type OcrEnginePages = 'images' | 'scans';

export interface ReaderSettings {
  engine: OcrEngineName;
  pages: OcrEnginePages;
  /** Threads of the engine in use. */
  workers?: number;
  limits?: Partial<DocumentLimits>;
}

/** The reader, and a tag naming what it reads with (for caches of read documents). */
export function createReader(settings: ReaderSettings): { reader: TesseractReader; tag: string } {
  const tesseractTag = `tesseract:${READING_REVISION}`;
  if (settings.engine === 'tesseract') {
    return { reader: createTesseractReader({ workers: settings.workers, limits: settings.limits }), tag: tesseractTag };
  }
  const engine = createPaddleOcr({ workers: settings.workers });
  const reader = createTesseractReader({
    // Tesseract reads only what PaddleOCR does not; its threads start only if such a page comes.
    workers: settings.workers,
    limits: settings.limits,
    engine,
    enginePages: settings.pages,
  });
  return { reader, tag: `${tesseractTag}+${engine.revision}:${settings.pages}` };
}
