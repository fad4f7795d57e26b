import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { wordsInSpan } from '../locations/locate.js';
import { findDates } from '../values/dates.js';

/**
 * Below this OCR confidence a word is a guess at glyphs, not a reading: "Behance }" for a grey
 * "Échéance", "Rb" for a date in a shaded box.
 */
const UNREAD = 0.5;

/**
 * Whether a date OCR read stands right of words OCR could not read, on its own row: its label was
 * printed and not read (grey, shaded or small print in a key column), so that no label named the
 * date and the rules took it for the document's by its place; it may as well be the due date or a
 * delivery date, whose label was the one lost. A date alone on its row has no such doubt.
 */
export function besideUnreadWords(ctx: DocumentView, candidate: Candidate): boolean {
  const { line } = candidate;
  const date = findDates(line.text, ctx.dates).find((d) => d.iso === candidate.value);
  const first = date && wordsInSpan(line, date.start, date.end)[0];
  if (!first) return false;
  const { y0, y1, x0 } = first.bbox;
  return ctx.lines.some(
    (other) =>
      other.page === line.page &&
      other.ocr &&
      other.words.some(
        (w) => w.confidence < UNREAD && /\p{L}/u.test(w.text) && w.bbox.x1 <= x0 && w.bbox.y0 < y1 && w.bbox.y1 > y0,
      ),
  );
}
