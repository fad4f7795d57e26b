import type { HtmlPrinter } from './render-html.js';
import type { OfficePrinter } from './render-office.js';

/** What a synthetic run asks for, and how a document is printed beside its seed and index. */

export type SyntheticKind = 'text' | 'photo' | 'scan';

/**
 * `corpus`: layouts shaped like the development corpus's (all three types); `stranger`: invoices and
 * orders on layouts it lacks (render-stranger.ts), drawn from a random source of their own.
 */
export type SyntheticFamily = 'corpus' | 'stranger';

/**
 * Which types the stranger family draws: `any` (a receipt one time in three, decided by a random
 * source of its own, else an invoice or an order exactly as `invoice-or-order` draws it, so that a
 * seed's invoices and orders stay as they were), `receipt` (receipts only) or `invoice-or-order`.
 */
export type StrangerType = 'any' | 'receipt' | 'invoice-or-order';

/**
 * Who writes the text PDF: pdf-lib (one text item per string, standard or embedded fonts),
 * Chromium printing the same document as HTML (stranger documents only; render-html*.ts), or
 * LibreOffice printing it as a word processor's template (invoices and orders; render-office*.ts).
 */
export type SyntheticProducer = 'pdf-lib' | 'chromium' | 'libreoffice';

/** Chromium's printer and the font families its pages draw from. */
export interface ChromiumProducer {
  printer: HtmlPrinter;
  families: readonly string[];
}

/** How a document is printed beside its seed: who prints it, and which of the stranger family's traits it may draw. */
export interface GenerateOptions {
  /** Chromium printing the stranger family's pages as HTML (`--producer chromium`). */
  chromium?: ChromiumProducer;
  /** LibreOffice printing a word processor's template (`--producer libreoffice`). */
  office?: OfficePrinter;
  /** Stranger family: which documents are receipts (`--type`). */
  type?: StrangerType;
  /** Stranger family: invoices printed as e-invoice views, four in ten (stranger-einvoice.ts). */
  einvoice?: boolean;
  /** Stranger family, pdf-lib only: organizations other than the parties (stranger-others.ts). */
  others?: boolean;
  /** Stranger family: a long table over several pages (stranger-pages.ts); true unless told false. */
  pages?: boolean;
  /** Stranger family, text PDFs by pdf-lib or Chromium: a line up the margin, a watermark (stranger-turned.ts). */
  turned?: boolean;
  /** Stranger family: a letter-spaced name and title (stranger-tracking.ts); true unless told false. */
  tracking?: boolean;
}
