/** Dates on OCR'd lines as OCR mangles them, put back before lines are built from their words. */
import { distance } from 'fastest-levenshtein';
import type { Word } from '../../ports/document-reader.port.js';
import { lookalikeOf } from '../labels/ocr-misreads.js';
import { MONTH_NAMES } from '../lexicons/month-names.js';

/**
 * Words whose date a repair below read through a glyph OCR confuses with another: a guess, which
 * makes the date no surer than a weakly evidenced value (confidence/evidence-caps.ts). A separator
 * lost outright is no guess (the count of digits says where it stood) and is not kept here.
 */
const GUESSED = new WeakSet<Word>();

/** Whether the word's text is a date read through a look-alike glyph (below). */
export function guessedDate(word: Word): boolean {
  return GUESSED.has(word);
}

function guessed(word: Word, text: string): Word {
  const repaired = { ...word, text };
  GUESSED.add(repaired);
  return repaired;
}

/**
 * OCR loses a date's second separator before a four-digit year ("8/252019" for 8/25/2019), which
 * then reads as no date at all: a word of day or month, separator, day or month and a year from
 * 1900 to 2099 gets the separator back.
 */
export function withDateSeparator(word: Word): Word {
  const m = /^(\d{1,2})([/.-])(\d{1,2})((?:19|20)\d{2})$/u.exec(word.text);
  return m ? { ...word, text: `${m[1]}${m[2]}${m[3]}${m[2]}${m[4]}` } : word;
}

/**
 * OCR reads one of a date's separators as a glyph like it: a stop as a comma, colon or semicolon
 * ("12.03,2024", "25:8.21"), a slash as a 7, 1, l or bar ("04/2772024"). Where the other separator
 * is read right, both are read as it. With stops the day and month may have one or two digits and
 * the year two or four; a slash read as a digit counts only in the full form (two-digit day and
 * month, a year from 1900 to 2099), where the count of digits says a glyph stands between them.
 */
export function withLookalikeSeparator(word: Word): Word {
  const stops = /^(\d{1,2})([.,:;])(\d{1,2})([.,:;])((?:19|20)?\d{2})$/u.exec(word.text);
  if (stops && stops[2] !== stops[4] && (stops[2] === '.' || stops[4] === '.') && dayAndMonth(stops[1]!, stops[3]!))
    return guessed(word, `${stops[1]}.${stops[3]}.${stops[5]}`);
  const slashes = /^(\d{2})(\/|[17lI|])(\d{2})(\/|[17lI|])((?:19|20)\d{2})$/u.exec(word.text);
  if (slashes && (slashes[2] === '/') !== (slashes[4] === '/') && dayAndMonth(slashes[1]!, slashes[3]!))
    return guessed(word, `${slashes[1]}/${slashes[3]}/${slashes[5]}`);
  return word;
}

/** Whether two numbers can be a day and a month in either order: else the word is no date to repair. */
function dayAndMonth(a: string, b: string): boolean {
  const [x, y] = [Number(a), Number(b)];
  return Math.min(x, y) >= 1 && Math.min(x, y) <= 12 && Math.max(x, y) <= 31;
}

/** Month names of four letters or more: a shorter one a glyph off is too often another word. */
const LONG_MONTH_NAMES = MONTH_NAMES.names.filter((name) => name.length >= 4);
const DAY = /^\d{1,2}(?:\.|st|nd|rd|th)?,?$/u;
const YEAR = /^(?:19|20)\d{2}[.,]?$/u;

/**
 * A month name OCR misread by a glyph ("05 ao(t 2025", "12 Decernber 2023"), between a day and a
 * year or before a day and a year ("Jnly 28, 2024"), is the month whose name it is one letter off
 * or reads through look-alike glyphs (labels/ocr-misreads.ts), where that names one month only.
 * Around no day and year, a word is left as read.
 */
export function withMonthNames(words: Word[]): Word[] {
  return words.map((word, i) => {
    const dated =
      (DAY.test(words[i - 1]?.text ?? '') && YEAR.test(words[i + 1]?.text ?? '')) ||
      (DAY.test(words[i + 1]?.text ?? '') && YEAR.test(words[i + 2]?.text ?? ''));
    if (!dated) return word;
    const [, read, after] = /^(.*?)([.,]?)$/u.exec(word.text)!;
    const name = misreadMonth(read!);
    return name ? guessed(word, `${inCaseOf(read!, name)}${after}`) : word;
  });
}

/** The name in the read word's case: capitals, a capital first, or lower case. */
function inCaseOf(read: string, name: string): string {
  if (read === read.toUpperCase()) return name.toUpperCase();
  return read[0] === read[0]!.toUpperCase() ? name[0]!.toUpperCase() + name.slice(1) : name;
}

/** The one month name `read` misspells by a glyph, or null (for a name as listed, too). */
function misreadMonth(read: string): string | null {
  const folded = read.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (folded.length < 4 || MONTH_NAMES.month(folded) !== undefined) return null;
  const names = LONG_MONTH_NAMES.filter((name) => distance(folded, name) === 1 || lookalikeOf(folded, name));
  const months = new Set(names.map((name) => MONTH_NAMES.month(name)));
  return months.size === 1 ? names[0]! : null;
}

/**
 * OCR runs a date into the time printed right after it ("10/10/20174:22:12 PM"), which then reads
 * as no date: a word of a whole date with a year from 1900 to 2099 (a stop or colon OCR joined
 * to it before it stays) and then hours and minutes is two words, the date and the time, the box
 * shared by their characters.
 */
export function apartFromTime(word: Word): Word[] {
  const m = /^([:;.,]?\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})(\d{1,2}:\d{2}(?::\d{2})?)$/u.exec(word.text);
  if (!m) return [word];
  const [date, time] = [m[1]!, m[2]!];
  const split = word.bbox.x0 + ((word.bbox.x1 - word.bbox.x0) * date.length) / word.text.length;
  return [
    { ...word, text: date, bbox: { ...word.bbox, x1: split } },
    { ...word, text: time, bbox: { ...word.bbox, x0: split } },
  ];
}
