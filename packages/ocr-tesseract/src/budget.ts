/**
 * What one PDF thread may use. A module of its own, light to import, so that configuration can
 * name the defaults without loading the reader.
 */

/** Memory and time of a PDF thread; past either, the document fails as document_too_large. */
export interface PdfBudget {
  /** The JavaScript heap of one PDF thread, in MB (PDF_WORKER_MEMORY_MB). */
  memoryMb: number;
  /** The longest one step may run: opening a document, one page, one page picture (PDF_WORKER_TIMEOUT_MS). */
  stepTimeoutMs: number;
  /**
   * A PDF thread idle this long is ended, its pdfjs heap and canvas memory with it; the next document
   * starts one again (OCR_IDLE_RELEASE_MS; 0 keeps the threads until the reader is closed).
   */
  idleReleaseMs: number;
}

/**
 * 512 MB: pdfjs' heap while reading a long text PDF stays well under 100 MB here (page pictures and
 * inflated streams live outside the heap, bounded by MAX_PIXELS_PER_PAGE and MAX_DECOMPRESSED_MB).
 * 30 s: rendering an A4 page at 300 dpi takes under a second, several on a loaded machine.
 * 60 s idle, as the OCR threads: starting a PDF thread again costs about 0.2 s of CPU.
 */
export const DEFAULT_PDF_BUDGET: PdfBudget = { memoryMb: 512, stepTimeoutMs: 30_000, idleReleaseMs: 60_000 };
