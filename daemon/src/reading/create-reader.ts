/**
 * The document reader the settings ask for: tesseract for everything, or PaddleOCR (through
 * onnxruntime, @intake/ocr-onnx) for images or all OCR'd pages with tesseract's reader around it
 * (PDF text layers, limits, the quality floor). Shared by the daemon, `intake extract` and `intake eval`.
 */
import { createPaddleOcr } from '@intake/ocr-onnx';
import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';
import type { ReaderSettings } from './reader-settings.js';

// Types only: reader-settings.ts's own code reads the daemon's settings (zod's schema), which the
// reader process, loading this file, has no use for.
export type { OcrEngineName, OcrEnginePages, ReaderSettings } from './reader-settings.js';

/** The reader; its `revision` names the engines, for caches of read documents. */
export function createReader(settings: ReaderSettings): TesseractReader {
  const { workers, idleReleaseMs, limits, languages, pdfBudget, onRefused, afterPage, afterRelease } = settings;
  const { memoryBudgetMb, memoryBesides, otherLanguages } = settings;
  const common = {
    workers,
    memoryBudgetMb,
    ...(memoryBesides ? { memoryBesides } : {}),
    idleReleaseMs,
    limits,
    languages,
    ...(otherLanguages ? { otherLanguages } : {}),
    pdfBudget,
    ...(onRefused ? { onRefused } : {}),
    ...(afterPage ? { afterPage } : {}),
    ...(afterRelease ? { afterRelease } : {}),
  };
  if (settings.engine === 'tesseract') return createTesseractReader(common);
  // Tesseract reads only the pages PaddleOCR does not; its threads start only if such a page comes.
  const engine = createPaddleOcr({ workers, idleReleaseMs });
  return createTesseractReader({ ...common, engine, enginePages: settings.pages });
}
