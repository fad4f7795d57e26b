import { findDates } from '../values/dates.js';

/**
 * Shapes of a document number that make it doubtful whatever its label says.
 *
 * - Read by OCR, a glyph that OCR confuses with one of the other class (0 and O, 1 with I and l,
 *   5 and S, 8 and B) touching a letter or standing in a run of digits: "OC-2020-86629" read
 *   "0C-2020-86629", "PO-2022" read "P0O-2022". The reader cannot tell which was printed, and a
 *   number's letters and digits follow no spelling that would settle it. A text layer's characters
 *   are the document's own.
 * - Read by OCR, a number whose lower-case word runs straight into its digits ("Invoice28",
 *   "nr2023/15436"): OCR ran a label printed over or beside the value into it, an abbreviation of
 *   two letters ("nr", "no") as well as a word. Printed document numbers write their letters as
 *   capitals or set a word prefix apart ("Invoice 28", "INV28").
 * - Zeros alone ("0", "000"), however read: no document is numbered zero. Dot leaders OCR read as
 *   a stray "0" after the label, or a form's empty field, give it.
 * - Shaped as a whole date ("2023-12-03", "06-02-2024", "22-NOV-22"): the date printed beside the
 *   number's label, taken for the number.
 */
const CONFUSABLE_JUNCTION = /[A-Za-z][0158]|[0158][A-Za-z]|[OISBl][0-9]|[0-9][OISBl]/;
const WHOLE_DATE = /^\d{1,4}[-./]\d{1,2}[-./]\d{2,4}$/;

export function confusableGlyphs(value: string): boolean {
  return CONFUSABLE_JUNCTION.test(value);
}

const WORD_INTO_DIGITS = /\p{Ll}{2}\d/u;

/** A lower-case word run into the number's digits (see above). */
export function wordIntoDigits(value: string): boolean {
  return WORD_INTO_DIGITS.test(value);
}

/** A whole date, numeric ("2024-03-19") or with its month's name ("22-NOV-22", "3 mars 2024"). */
export function dateShaped(value: string): boolean {
  const trimmed = value.trim();
  return WHOLE_DATE.test(trimmed) || findDates(trimmed).some((d) => d.start === 0 && d.end === trimmed.length);
}

/** A number of zeros alone (see above). */
export function zerosOnly(value: string): boolean {
  return /^0+$/.test(value.trim());
}
