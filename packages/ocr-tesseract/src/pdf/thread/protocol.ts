/**
 * Messages between the reader (main thread) and a PDF thread. Every request carries an id the
 * answer repeats; a document opened by `open` stays in the thread under `doc` until `close`.
 */
import type { DocumentLimits, EmbeddedFile, Word } from '@intake/core';
import type { GreyImage } from '../../ocr/ocr-page.js';

/** What opening a document for reading needs besides its bytes. */
export interface OpenSettings {
  limits: DocumentLimits;
  /** Resolution pages without a usable text layer are rendered at for OCR. */
  renderDpi: number;
  /** A page with fewer text-layer words is rendered for OCR. */
  minTextLayerWords: number;
}

export type PdfRequest =
  | { id: number; op: 'open'; doc: number; bytes: Uint8Array; settings: OpenSettings }
  | { id: number; op: 'page'; doc: number; number: number }
  | { id: number; op: 'render'; doc: number; number: number }
  | { id: number; op: 'close'; doc: number }
  | { id: number; op: 'count'; bytes: Uint8Array }
  | { id: number; op: 'picture'; bytes: Uint8Array; page: number; width: number; limits: DocumentLimits };

export interface OpenedPdf {
  pageCount: number;
  attachments: EmbeddedFile[];
}

/**
 * A page in PDF points: its text layer's words (`ocr` where they are another program's OCR of the
 * page's picture), or a scan, whose picture `render` draws for OCR.
 */
export type PdfPage = { kind: 'text'; width: number; height: number; words: Word[]; ocr?: boolean } | ScanPage;

export interface ScanPage {
  kind: 'scan';
  width: number;
  height: number;
}

/** A scanned page's picture for OCR: grey, `scale` pixels per PDF point. */
export interface ScanPicture {
  image: GreyImage;
  scale: number;
}

export interface PagePicture {
  png: Uint8Array;
  width: number;
  height: number;
}

/**
 * The answer to each request: `OpenedPdf`, `PdfPage`, `ScanPicture` (render), null (close), a page
 * count, `PagePicture | null`.
 */
export type PdfValue = OpenedPdf | PdfPage | ScanPicture | PagePicture | number | null;

/** An error as it crosses threads: a DocumentError keeps its code and suggestion. */
export interface ThreadError {
  message: string;
  code?: string;
  suggestion?: string;
}

export type PdfResponse = { id: number; value: PdfValue } | { id: number; error: ThreadError };
