/**
 * Reading a document into positioned words: the boundary between Intake's extraction logic (core)
 * and the technology that reads PDFs and images (an adapter such as @intake/ocr-tesseract).
 */

/** A rectangle on a page, origin top-left, in the page's own units (see DocumentPage.width/height). */
export interface BoundingBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One word on a page with where it is. */
export interface Word {
  text: string;
  bbox: BoundingBox;
  /** 0 to 1: 1 for a PDF text layer; the OCR engine's confidence otherwise. */
  confidence: number;
  /**
   * For a word whose text does not run left to right (up a page's margin, a diagonal stamp): the
   * way it runs, in degrees counterclockwise on the displayed page (90: bottom to top, -90 or 270:
   * top to bottom), and its height across that way, as `bbox`'s height is a straight word's.
   * `bbox` then encloses the turned word. Absent for straight text, and where a reader cannot tell.
   */
  turn?: { degrees: number; height: number };
}

/** One page of a read document: its size and its words. */
export interface DocumentPage {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  /** Words in reading order (top to bottom, left to right within a line). */
  words: Word[];
  /** Where the words came from. */
  source: 'text_layer' | 'ocr';
}

/** A file embedded in the document, e.g. the CII/UBL XML of a ZUGFeRD / Factur-X / XRechnung PDF. */
export interface EmbeddedFile {
  name: string;
  mimeType?: string;
  bytes: Uint8Array;
}

/** A document as a reader returns it: its pages of positioned words and any embedded files. */
export interface ReadDocument {
  mimeType: string;
  pages: DocumentPage[];
  attachments: EmbeddedFile[];
}

/**
 * Ceilings a reader checks before it renders or decodes anything, so an oversized document fails in
 * milliseconds with DocumentError('document_too_large') instead of filling memory until the
 * processing timeout. The daemon's settings are named after them.
 */
export interface DocumentLimits {
  /** Pages of one document: PDF pages, TIFF pages (MAX_PAGES_PER_DOCUMENT). */
  maxPages: number;
  /** Pixels of one PDF page rendered at the reader's resolution: its size in points × (dpi / 72)² (MAX_PIXELS_PER_PAGE). */
  maxPagePixels: number;
  /** Pixels of one image (each page of a TIFF), from its header (MAX_PIXELS_PER_IMAGE). */
  maxImagePixels: number;
  /**
   * Bytes a PDF's compressed streams inflate to, all of them together, measured before the PDF is
   * parsed (MAX_DECOMPRESSED_MB): a decompression bomb is refused after inflating this much, once.
   */
  maxDecompressedBytes: number;
}

/**
 * 100 pages: a scanned one costs about a second of OCR, so more would not finish within the default
 * PROCESSING_TIMEOUT_MS. 36 megapixels: A2 at 300 dpi (A4 is 8.7). 50 megapixels: a 48-megapixel
 * phone photo fits. 512 MiB inflated: a text PDF inflates to a few MB, a page scanned losslessly
 * at 300 dpi to 8.7 MB (grey A4) or 26 MB (colour), so only a scan of dozens of colour pages kept
 * uncompressed-quality would come near it.
 */
export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxPages: 100,
  maxPagePixels: 36_000_000,
  maxImagePixels: 50_000_000,
  maxDecompressedBytes: 512 * 1024 * 1024,
};

/** Options of one DocumentReader.read call. */
export interface ReadOptions {
  /** Aborting stops the work for real (OCR workers are terminated), not just the wait. */
  signal?: AbortSignal;
}

/** What a quick look at the bytes tells, without reading the text. */
export interface DocumentInspection {
  /** Media type decided by magic bytes, or null when the bytes are no supported document. */
  mimeType: string | null;
  pageCount: number;
}

/** The port that turns PDF and image bytes into positioned words (implemented by @intake/ocr-tesseract). */
export interface DocumentReader {
  /**
   * Reads every page. Throws DocumentError('document_unreadable') for corrupt, encrypted, blank or
   * illegible input, and DocumentError('document_too_large') for input beyond its DocumentLimits,
   * with a suggestion for the user.
   */
  read(bytes: Uint8Array, mimeType: string, options?: ReadOptions): Promise<ReadDocument>;
  /** Page count and type by magic bytes; cheap enough to run at submission. */
  inspect(bytes: Uint8Array): Promise<DocumentInspection>;
  /** Frees workers; idempotent. */
  close?(): Promise<void>;
}
