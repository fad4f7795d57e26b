import type { DocumentLimits } from '@intake/core';
import type { ImagePreparation } from './image/prepare-image.js';
import type { EnginePages, PageOcrEngine } from './ocr/page-engine.js';
import type { PageGate } from './ocr/page-gate.js';
import type { OcrWorkerPool } from './ocr/worker-pool.js';
import type { PdfThreads } from './pdf/thread/pdf-threads.js';

/** What reading one document needs besides its bytes. */
export interface ReadContext {
  pool: OcrWorkerPool;
  /** Where pdfjs runs: nothing a PDF contains is parsed on the caller's thread. */
  pdf: PdfThreads;
  signal: AbortSignal | undefined;
  /** Resolution PDF pages without a text layer are rendered at for OCR. */
  renderDpi: number;
  /** A PDF page with fewer text-layer words than this is read by OCR instead. */
  minTextLayerWords: number;
  /** Checked before any page is rendered or decoded. */
  limits: DocumentLimits;
  /** What is done to images (not to rendered PDF pages) before OCR. */
  imagePreparation: ImagePreparation;
  /** Another OCR engine, for the pages `enginePages` names; tesseract reads the others. */
  engine: PageOcrEngine | undefined;
  enginePages: EnginePages;
  /** OCR pages read at once, tesseract's and the engine's together. */
  gate: PageGate;
}

/** Pages read at once: one per thread of the engine that reads them (at most the larger pool). */
export const lanes = (context: ReadContext): number => Math.max(context.pool.size, context.engine?.workers ?? 0);
