import { distance } from 'fastest-levenshtein';
import type { ReadDocument } from '../ports/document-reader.port.js';
import {
  buildLines,
  fold,
  lookalikeOf,
  MISREAD_MIN_LETTERS,
  titleWords,
  type Line,
  type Segment,
} from '../extraction/index.js';
import { INDICATORS } from './indicators.js';

/**
 * The text the classifier looks for its indicators in: the document's lines as extraction rebuilds
 * them, so that a letter-spaced title ("Z A M Ó W I E N I E", "P u r c h a s e  O r d e r") is
 * one word again, as a reader sees it, and not one word per glyph. On lines read by OCR a word
 * that is no indicator's word as read but is one of them misread is taken for it: OCR reads a
 * title's "O" as "0" ("PURCHASE 0RDER"), a "g" as "q" ("Bestellunq"), an "ó" as "6"
 * ("Zam6wienie"), and a misread title otherwise leaves an order with its invoice-like words alone.
 */

/**
 * Folded text of every line, and of the lines in the top third of the first page, padded for
 * whole-word search; and the document's title: the heading words of the first segment in the top
 * half of the first page that is a title or begins with one and gives its number ("Rechnung #
 * 000062431", "FACTURE n° F29807"; labels/qualified-labels.ts) and holds no colon, or without
 * one the largest print of the top third (an order's "ORDINE FORNITORE" over "Intestare fattura
 * a"), padded, or a blank; and every piece of large print in the top half of the first page
 * without a colon, top down, padded (`headings`: a title may be printed smaller than the letterhead).
 */
export function indicatorText(doc: ReadDocument): { body: string; top: string; title: string; headings: string[] } {
  const lines = buildLines(doc);
  const body: string[] = [];
  const top: string[] = [];
  for (const line of lines) {
    const text = readAs(line, line.text);
    body.push(text);
    if (line.page === lines[0]!.page && line.y1 < line.pageHeight / 3) top.push(text);
  }
  const titles = wrappedTitles(lines);
  const own = firstTitle(lines);
  return {
    body: ` ${[...body, ...titles].join(' ')} `,
    top: ` ${[...top, ...titles].join(' ')} `,
    title: ` ${(own.length ? own : largestPrint(lines)).join(' ')} `,
    headings: largePrints(lines, 2, usualWordHeight(lines)).map(
      ({ line, segment }) => ` ${readAs(line, segment.text)} `,
    ),
  };
}

/** The words of the largest print in the first page's top third, when it stands out and holds no colon. */
function largestPrint(lines: Line[]): string[] {
  const big = largePrints(lines, 3).sort((a, b) => heightOf(b.segment) - heightOf(a.segment))[0];
  return big ? readAs(big.line, big.segment.text).split(' ') : [];
}

/**
 * The segments of print that stands out (from `usual`, the first page's usual line height unless
 * given), without a colon, in the top 1/`part` of the first page.
 */
function largePrints(lines: Line[], part: number, usual?: number): { line: Line; segment: Segment }[] {
  const first = lines.filter((l) => l.page === lines[0]?.page);
  usual ??= usualHeight(first);
  return first
    .filter((l) => l.y1 < l.pageHeight / part)
    .flatMap((line) => line.segments.map((segment) => ({ line, segment })))
    .filter(({ segment }) => !segment.text.includes(':') && heightOf(segment) >= TITLE_HEIGHT * usual);
}

/** The heading words of the first page's first title in its top half (see indicatorText). */
function firstTitle(lines: Line[]): string[] {
  for (const line of lines) {
    if (line.page !== lines[0]!.page || line.y0 > line.pageHeight / 2) break;
    // A colon in the segment or starting the next makes it a label ("Bestellung: 2018-471331",
    // "Bestellung   : 2018-471331"), and so does a value beside a segment without a number of its
    // own ("Bestellung   2018-471331", its colon unread by OCR): no title.
    const labels = line.segments.filter((s, k) => {
      const next = line.segments[k + 1];
      return s.text.includes(':') || (next !== undefined && (next.text.startsWith(':') || !/\d/.test(s.text)));
    });
    for (const segment of line.segments.filter((s) => !labels.includes(s))) {
      const words = titleWords(readAs(line, segment.text));
      if (words.length) return words;
    }
  }
  return [];
}

/** A line's text folded, its words misread by OCR taken for the indicator words they stand for. */
function readAs(line: Line, text: string): string {
  const words = fold(text).split(' ');
  return (line.ocr ? joinSplit(words).map(meantWord) : words).join(' ');
}

/** A word split by OCR is joined back when it is an indicator word of this many letters or more. */
const SPLIT_MIN_LETTERS = 6;

/**
 * OCR splits a word of large or widely spaced print at a gap between its letters ("PU RCHASE
 * ORDER", "NOTA D E ENCOME N D A"): two to four runs of letters, not all of them indicator words
 * themselves, that make an indicator word together (as read or misread, see meantWord) are read as
 * that word.
 */
function joinSplit(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const joined = [4, 3, 2]
      .map((n) => words.slice(i, i + n))
      .filter((pieces) => pieces.length > 1 && pieces.every((p) => /^\p{L}+$/u.test(p)))
      .filter((pieces) => !pieces.every((p) => VOCABULARY.has(p)))
      .map((pieces) => ({ n: pieces.length, word: meantWord(pieces.join('')) }))
      .find(({ word }) => word.length >= SPLIT_MIN_LETTERS && VOCABULARY.has(word));
    out.push(joined?.word ?? words[i]!);
    if (joined) i += joined.n - 1;
  }
  return out;
}

/** Print this many times a page's usual height is a title's. */
const TITLE_HEIGHT = 1.3;

/**
 * A title set in a narrow box wraps: "Purchase" over "Order", "INKOOPOR" over "DER". Each piece of
 * large print in the first page's top third is read with the large print under it (the next line,
 * overlapping it across) as two words and as one, so that the title's words stand together.
 */
function wrappedTitles(lines: Line[]): string[] {
  const first = lines.filter((l) => l.page === lines[0]?.page);
  const usual = usualHeight(first);
  const titles: string[] = [];
  first.forEach((line, i) => {
    if (line.y1 > line.pageHeight / 3) return;
    for (const upper of line.segments.filter((s) => heightOf(s) >= TITLE_HEIGHT * usual)) {
      const lower = first
        .slice(i + 1)
        .filter((l) => l.y0 < line.y1 + heightOf(upper))
        .flatMap((l) => l.segments.map((segment) => ({ segment, line: l })))
        .find(({ segment: s }) => s.x0 < upper.x1 && upper.x0 < s.x1 && heightOf(s) >= TITLE_HEIGHT * usual);
      if (!lower) continue;
      const [a, b] = [readAs(line, upper.text), readAs(lower.line, lower.segment.text)];
      // A wrapped word's tail of three letter-spaced letters is too short to be joined as a run.
      titles.push(`${a} ${b}`, `${a}${/^(\S )+\S$/.test(b) ? b.replace(/ /g, '') : b}`);
    }
  });
  return titles;
}

/**
 * The median height of the first page's words: on a short page (a reminder's one paragraph) the
 * median line is as often a heading or a letterhead's line as one of the text's.
 */
function usualWordHeight(lines: Line[]): number {
  const words = lines.filter((l) => l.page === lines[0]?.page).flatMap((l) => l.segments.flatMap((s) => s.words));
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/** The median height of the lines: the page's usual print. */
function usualHeight(lines: Line[]): number {
  const heights = lines.map((l) => l.y1 - l.y0).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

const heightOf = (segment: Segment): number => Math.max(...segment.words.map((w) => w.bbox.y1 - w.bbox.y0));

/** Every word of every indicator phrase, folded. */
const VOCABULARY = new Set(
  Object.values(INDICATORS).flatMap((list) => list.flatMap(({ phrase }) => phrase.split(' '))),
);
const WORDS = [...VOCABULARY];
/**
 * Indicator words long enough that one letter read wrong is still that word ("bestellung",
 * "zamowienie"). Only a letter read wrong counts, not one more or less: "bestellt" (an invoice's
 * "bestellt am") is a letter short of "besteller", no misreading of it.
 */
const LONG_WORDS = WORDS.filter((w) => w.length >= MISREAD_MIN_LETTERS);

/**
 * The indicator word an OCR'd word stands for, or the word itself: one whose letters OCR confuses
 * with other glyphs read as those (lexicons/ocr-lookalikes.json: "0rder"), or a long one with one
 * letter read wrong. Only an unambiguous reading counts: a word that could be two indicator words
 * is left as read.
 */
function meantWord(read: string): string {
  if (VOCABULARY.has(read) || read.length < 2 || /^\d+$/.test(read)) return read;
  const looks = WORDS.filter((w) => lookalikeOf(read, w));
  if (looks.length === 1) return looks[0]!;
  if (read.length < MISREAD_MIN_LETTERS) return read;
  const off = LONG_WORDS.filter((w) => w.length === read.length && distance(read, w) === 1);
  return off.length === 1 ? off[0]! : read;
}
