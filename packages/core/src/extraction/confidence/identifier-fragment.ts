import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { findDates } from '../values/dates.js';
import { valueSpan } from './value-span.js';

/**
 * Whether a document number taken from its line is one piece of a longer printed run: a digit
 * group of a telephone number ("+31 (0)30 765 4321", "040 3344 5566", "+1 415 555 0192") or the
 * year of a date ("11 November 2020"). Where a number's label stands beside the buyer's telephone
 * or the document's date (labels and values in two columns, the telephone right above the number),
 * a photo's leaning rows put the label on the neighbour's row, and the rules take a group of that
 * row's value: its label is a number label, so the ranker is as sure of it as of the number itself.
 *
 * A run is the words of digits next to each other on the line ("(0)30", "+31" and "555-0148" count);
 * the number is a piece of one of three words or more, of two words where one opens with "+" or
 * "(", or right after a "+". Two words alone ("4711 2") may be a number and a quantity.
 */
const DIGIT_WORD = /^\+?\(?\d+\)?[\d-]*$/;

export function fragmentOfLonger(ctx: DocumentView, candidate: Candidate, value: string): boolean {
  if (!/^\d[\d\-/.]*$/.test(value)) return false;
  const text = candidate.line.text;
  const span = valueSpan(candidate);
  if (!span) return false;
  if (text[span.start - 1] === '+') return true;
  const run = digitRunAround(text, span);
  if (run.length >= 3 || (run.length === 2 && run.some((w) => /^[+(]/.test(w)))) return true;
  return findDates(text, ctx.dates).some(
    (d) => d.start <= span.start && d.end >= span.end && d.end - d.start > span.end - span.start,
  );
}

/**
 * Whether a document number read by OCR is a piece of its word that a stray glyph cuts off from
 * the rest: "0€93-44412" gives "93-44412" for "OC93-44412", the prefix misread as "0€". A label
 * glued to its number ("Nr.471102", "n°562044387", "#4471") or a number's own separator
 * ("2013-471102") is no such glyph; a currency sign, a bar or a bracket between two characters
 * of one word is: the number as printed ran on through it.
 */
const GLUED_BEFORE = /[\p{L}\p{N}][^\p{L}\p{N}\s.:#°º/\-_]+$/u;
const GLUED_AFTER = /^[^\p{L}\p{N}\s.:#°º/\-_,;)]+[\p{L}\p{N}]/u;

export function cutFromWord(candidate: Candidate): boolean {
  const span = valueSpan(candidate);
  if (!candidate.line.ocr || !span) return false;
  const text = candidate.line.text;
  const start = text.lastIndexOf(' ', span.start - 1) + 1;
  const space = text.indexOf(' ', span.end);
  const end = space < 0 ? text.length : space;
  return GLUED_BEFORE.test(text.slice(start, span.start)) || GLUED_AFTER.test(text.slice(span.end, end));
}

/** The words of digits around the value's word, next to each other on the line. */
function digitRunAround(text: string, span: { start: number; end: number }): string[] {
  const words = [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const at = words.findIndex((w) => w.start <= span.start && w.end >= span.end);
  if (at < 0 || !DIGIT_WORD.test(words[at]!.text)) return [];
  let [first, last] = [at, at];
  while (first > 0 && DIGIT_WORD.test(words[first - 1]!.text)) first--;
  while (last < words.length - 1 && DIGIT_WORD.test(words[last + 1]!.text)) last++;
  return words.slice(first, last + 1).map((w) => w.text);
}
