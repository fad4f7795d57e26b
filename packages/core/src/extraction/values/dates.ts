import { MONTH_NAMES } from '../lexicons/month-names.js';

/**
 * Dates found in text, turned into ISO 8601 (YYYY-MM-DD). Numeric dates whose order is not given by
 * the numbers themselves (03/04/2020) follow the document's convention (see conventions.ts).
 * Month names are data per language (lexicons/month-names.json).
 */

export interface FoundDate {
  iso: string;
  /** Character range in the searched text. */
  start: number;
  end: number;
  /** True when the day/month order had to be assumed rather than read from the numbers. */
  ambiguous: boolean;
}

const MONTH_ALT = MONTH_NAMES.pattern;
const monthOf = (printed: string): number => MONTH_NAMES.month(printed.replace(/\s/g, ''))!;
const DIACRITIC_FREE = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

// Numbers must not touch other digits, so "2018092011804" (an id) is no date.
const ISO = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
const NUMERIC = /(?<![\p{L}\d.,/-])(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d]|[.,]\d)/gu;
const DAY_MONTH_YEAR = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th|er|e|\\.)?[\\s./-]*(?:de\\s+)?(${MONTH_ALT})\\.?(?:\\s+de)?[\\s./,-]*(\\d{4}|\\d{2})(?!\\d)`,
  'giu',
);
// OCR often sets the comma apart: "August 3 , 2014".
const MONTH_DAY_YEAR = new RegExp(
  `(?<![\\p{L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:\\s?,)?\\s+(\\d{4})(?!\\d)`,
  'giu',
);

export interface DateConvention {
  /** Read 03/04/2020 as 3 April (true) or March 4 (false). */
  dayFirst: boolean;
  /** The document's own dates settle the order (20/03/2023); absent or false when it was assumed. */
  witnessed?: boolean;
}

/** Every date in `text`, left to right, overlapping matches removed. */
export function findDates(text: string, convention: DateConvention = { dayFirst: true }): FoundDate[] {
  const plain = DIACRITIC_FREE(text);
  // Folding keeps the length only for the common Latin letters; otherwise search the raw text.
  // A zero that opens a word of letters, stands between two letters or ends a word of two letters
  // or more is OCR's O ("26-0ct-2020", "08-n0v-2020", "3 ag0sto 2021", "19-AG0-19"): same length,
  // so offsets hold.
  const source = (plain.length === text.length ? plain : text.toLowerCase()).replace(
    /(?<![\p{L}\d])0(?=\p{L}{2})|(?<=\p{L})0(?=\p{L})|(?<=(?<![\p{L}\d])\p{L}{2,})0(?![\p{L}\d])/gu,
    'o',
  );
  const found: FoundDate[] = [];
  for (const m of source.matchAll(ISO)) push(found, m, Number(m[1]), Number(m[2]), Number(m[3]), false);
  for (const m of source.matchAll(NUMERIC)) {
    // "26. 1.61" is two amounts; spaces are only tolerated around slashes and dashes.
    if (m[2] === '.' && /\s/.test(m[0])) continue;
    const [a, b] = [Number(m[1]), Number(m[3])];
    const year = expandYear(m[4]!);
    const ambiguous = a <= 12 && b <= 12 && a !== b && m[2] !== '.';
    const dayFirst = a > 12 ? true : b > 12 ? false : m[2] === '.' ? true : convention.dayFirst;
    push(found, m, year, dayFirst ? b : a, dayFirst ? a : b, ambiguous);
  }
  for (const m of source.matchAll(DAY_MONTH_YEAR))
    push(found, m, expandYear(m[3]!), monthOf(m[2]!), Number(m[1]), false);
  for (const m of source.matchAll(MONTH_DAY_YEAR)) push(found, m, Number(m[3]), monthOf(m[1]!), Number(m[2]), false);
  return removeOverlaps(found);
}

/** The numeric day/month pairs of a text, for deciding a document's convention. */
export function numericDateOrders(text: string): ('day_first' | 'month_first')[] {
  const orders: ('day_first' | 'month_first')[] = [];
  for (const m of text.matchAll(NUMERIC)) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    // Over 31 is no day either way: "2.90 .00" (two amounts) is no month-first date.
    if (a > 12 && a <= 31 && b <= 12) orders.push('day_first');
    else if (b > 12 && b <= 31 && a <= 12) orders.push('month_first');
  }
  return orders;
}

function push(
  found: FoundDate[],
  m: RegExpMatchArray,
  year: number,
  month: number,
  day: number,
  ambiguous: boolean,
): void {
  if (!validDate(year, month, day)) return;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  found.push({ iso, start: m.index!, end: m.index! + m[0].length, ambiguous });
}

function expandYear(text: string): number {
  const year = Number(text);
  // Two-digit years on invoices and receipts are this century's.
  return text.length === 2 ? 2000 + year : year;
}

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function removeOverlaps(found: FoundDate[]): FoundDate[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: FoundDate[] = [];
  for (const date of sorted) {
    const last = kept.at(-1);
    if (last && date.start < last.end) continue;
    kept.push(date);
  }
  return kept;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
