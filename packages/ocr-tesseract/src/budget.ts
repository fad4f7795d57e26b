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
}

/**
 * 512 MB: pdfjs' heap while reading a long text PDF stays well under 100 MB here (page pictures and
 * inflated streams live outside the heap, bounded by MAX_PIXELS_PER_PAGE and MAX_DECOMPRESSED_MB).
 * 30 s: rendering an A4 page at 300 dpi takes under a second, several on a loaded machine.
 */
export const DEFAULT_PDF_BUDGET: PdfBudget = { memoryMb: 512, stepTimeoutMs: 30_000 };
