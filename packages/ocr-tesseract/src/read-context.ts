import type { DocumentLimits } from '@intake/core';
import type { ImagePreparation } from './image/prepare-image.js';
import type { OcrWorkerPool } from './ocr/worker-pool.js';

/** What reading one document needs besides its bytes. */
export interface ReadContext {
  pool: OcrWorkerPool;
  signal: AbortSignal | undefined;
  /** Resolution PDF pages without a text layer are rendered at for OCR. */
  renderDpi: number;
  /** A PDF page with fewer text-layer words than this is read by OCR instead. */
  minTextLayerWords: number;
  /** Checked before any page is rendered or decoded. */
  limits: DocumentLimits;
  /** What is done to images (not to rendered PDF pages) before OCR. */
  imagePreparation: ImagePreparation;
}
