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

export interface Word {
  text: string;
  bbox: BoundingBox;
  /** 0 to 1: 1 for a PDF text layer; the OCR engine's confidence otherwise. */
  confidence: number;
}

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

export interface ReadDocument {
  mimeType: string;
  pages: DocumentPage[];
  attachments: EmbeddedFile[];
}

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

export interface DocumentReader {
  /**
   * Reads every page. Throws DocumentError('document_unreadable') for corrupt, encrypted, blank or
   * illegible input, with a suggestion for the user.
   */
  read(bytes: Uint8Array, mimeType: string, options?: ReadOptions): Promise<ReadDocument>;
  /** Page count and type by magic bytes; cheap enough to run at submission. */
  inspect(bytes: Uint8Array): Promise<DocumentInspection>;
  /** Frees workers; idempotent. */
  close?(): Promise<void>;
}
