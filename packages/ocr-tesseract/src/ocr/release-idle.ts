/**
 * What the reader ends where the next step at its memory gate does not fit the budget (see
 * page-gate.ts): the threads no reading uses and that step does not need, then the C allocator's
 * free memory. Kept for it: one idle PDF thread where it is a PDF's opening (none before an OCR
 * page: a PDF thread starts again in about 0.3 s of CPU, and beside the page it holds pdfjs and
 * what it parsed), and one idle thread of the engine the next page is read with, or of PaddleOCR
 * (its models cost the most to load again); tesseract's workers, whose wasm heaps only grow, end
 * unless the next page is tesseract's.
 */
import type { PdfThreads } from '../pdf/thread/pdf-threads.js';
import type { PageOcrEngine } from './page-engine.js';
import type { GateLane } from './page-gate.js';
import type { OcrWorkerPool } from './worker-pool.js';

export interface IdleParts {
  /** Tesseract's workers (a page lane of the gate). */
  pool: Pick<OcrWorkerPool, 'releaseIdle'>;
  /** The other engine (a page lane of the gate), if any. */
  engine?: Pick<PageOcrEngine, 'releaseIdle'> | undefined;
  /** The threads PDFs are read in, and the one page counts fall back to. */
  pdf: readonly Pick<PdfThreads, 'releaseIdle'>[];
  /** Called once they have ended: the reader process trims its allocator there. */
  afterRelease?: (() => void) | undefined;
}

/** The gate's `memory.release` for these parts. */
export function releaseIdleFor(parts: IdleParts): (next: GateLane) => Promise<void> {
  const { pool, engine, pdf, afterRelease } = parts;
  return async (next) => {
    const keepPdf = next === pool || next === engine ? 0 : 1;
    await Promise.all([
      ...pdf.map((threads, index) => threads.releaseIdle(index === 0 ? keepPdf : 0)),
      pool.releaseIdle(next === pool ? 1 : 0),
      engine?.releaseIdle?.(next === pool ? 0 : 1),
    ]);
    afterRelease?.();
  };
}
