import type { ReadDocument } from '../ports/document-reader.port.js';
import type { Line } from './layout/lines.js';
import type { LabelIndex } from './labels/label-index.js';
import type { DateConvention } from './values/dates.js';

/**
 * The document as field extraction reads it: the lines, the labels on them, the conventions.
 * Candidates and the ranker take this, not ExtractionContext, which holds the ranker itself.
 */
export interface DocumentView {
  doc: ReadDocument;
  lines: Line[];
  /**
   * Lines that do not run left to right (layout/turned-lines.ts): legal details up a margin, a
   * stamp across the page. No field's value is taken from them (they print a document's legal
   * details, form codes and stamps, not its fields), but they witness one: a name printed twice.
   */
  turnedLines?: Line[];
  labels: LabelIndex;
  dates: DateConvention;
  /**
   * The vendor's name as its organization confirmed it (its vendor hints' `name`), when the
   * document's vendor is one the organization knows: a witness of a name a word list put right.
   */
  knownVendorName?: string;
}
