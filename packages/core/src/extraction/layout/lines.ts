import type { ReadDocument, Word } from '../../ports/document-reader.port.js';
import { centreX, centreY, estimateSlope, readApart } from './text-direction.js';
import { apartFromTime, withDateSeparator, withLookalikeSeparator, withMonthNames } from './ocr-dates.js';
import { withDecimalsJoined, withOneDecimalSeparator } from './ocr-decimals.js';
import { withoutLeadingGraphic } from './ocr-graphics.js';
import { withoutRuleGlyphs } from './ocr-rules.js';
import { withSpanishEnding } from './ocr-accents.js';
import { withoutLeaders } from './leaders.js';
import { withoutTermIdWords } from './term-ids.js';
import { withoutOverprints } from './overprint.js';
import { withOcrTurns } from './ocr-upright.js';
import { joinLetterSpaced } from './letter-spacing.js';

/**
 * Lines rebuilt from word geometry. Readers disagree on reading order (a PDF text layer follows the
 * drawing order, OCR its own blocks), so words are regrouped here by vertical overlap and sorted
 * left to right. A line is split into segments where the horizontal gap is wide: labels and values
 * laid out in columns ("Invoice Date:   Due Date:") become separate segments of one line.
 */

export interface Segment {
  words: Word[];
  text: string;
  x0: number;
  x1: number;
}

export interface Line {
  page: number;
  /** Position in the document's line list (all pages, top to bottom). */
  index: number;
  words: Word[];
  text: string;
  segments: Segment[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Page size, so layout rules can speak in fractions of the page. */
  pageWidth: number;
  pageHeight: number;
  /** Mean word confidence (1 for a text layer). */
  confidence: number;
  /** Read by OCR: its words may be misspelt or split, which label matching then allows for. */
  ocr: boolean;
  /** For a line that does not run left to right (turned-lines.ts): its direction, as Word.turn's. */
  turn?: number;
}

/**
 * A gap wider than this many median word heights separates two segments. A text layer's gaps are
 * exact: a word space is about a quarter of a word's height, up to 0.7 of it in a monospace face
 * (Courier's 0.6 em; at 0.7 names in Courier fell apart), so 0.9 keeps lines whole and parts a large
 * logo line from the title beside it (24 pt apart at 20 pt). OCR's boxes and gaps are
 * looser: 0.9 there cost the folds three required fields (two photos' merchant names, a scan's
 * vendor name) and seven scans' vendor addresses (a country code set apart), so OCR keeps 1.2.
 */
const SEGMENT_GAP = { text: 0.9, ocr: 1.2 };
/** A gap narrower than this share of the word height is no space between words. */
const TOUCHING_GAP = 0.08;

/**
 * A page's words with text and height, a word's overprinted copy left out (overprint.ts); on a
 * page read by OCR, words that stand in a column up or down the margin are marked turned, as a
 * text layer marks them itself (ocr-upright.ts).
 */
export function readableWords(page: ReadDocument['pages'][number]): Word[] {
  const words = withoutOverprints(page.words.filter((w) => w.text.trim() !== '' && w.bbox.y1 > w.bbox.y0));
  return page.source === 'ocr' ? withOcrTurns(words, page.width) : words;
}

/** The document's straight lines; `readable` is each page's readableWords, where already made. */
export function buildLines(doc: ReadDocument, readable = doc.pages.map(readableWords)): Line[] {
  const lines: Line[] = [];
  for (const [p, page] of doc.pages.entries()) {
    // Dot leaders between a label and its value are no words (leaders.ts).
    // Words that do not run left to right are read apart (turned-lines.ts).
    const pageWords = readable[p]!;
    const apart = readApart(pageWords);
    // Business term ids beside labels ("BT-1") are no words of a row (term-ids.ts).
    const words = withoutTermIdWords(pageWords.filter((w) => !(apart && w.turn))).flatMap(withoutLeaders);
    // A text layer is drawn straight; a scan or photo is often turned a little, which puts a label
    // and its amount at the right edge on different heights.
    const slope = page.source === 'ocr' ? estimateSlope(words, page.width) : 0;
    for (const group of groupIntoRows(words, slope, page.width, page.source !== 'ocr')) {
      const ocr = page.source === 'ocr';
      // A logo or mark OCR read as a word before a row's print is no part of it (ocr-graphics.ts).
      const touching = mergeTouching(ocr ? withoutLeadingGraphic(group) : group, ocr);
      // Letter-spaced names and titles come as one word per glyph (letter-spacing.ts).
      const gap = ocr ? SEGMENT_GAP.ocr : SEGMENT_GAP.text;
      const { words, following } = joinLetterSpaced(touching, gap);
      const row = ocr ? repairedOcrRow(words) : { words, breaks: new Set<Word>() };
      lines.push(
        makeLine(row.words, page, lines.length, following, splitSegments(row.words, gap, following, row.breaks)),
      );
    }
  }
  return lines;
}

/**
 * An OCR'd row's words with OCR's misreads put right: a table rule read as a glyph of a word
 * (ocr-rules.ts), a date's lost or misread separator, its misread month name or a date run into a
 * time (ocr-dates.ts), an amount's decimals set apart or its separators confused (ocr-decimals.ts),
 * a Spanish word's ending (ocr-accents.ts). `breaks` holds the words a rule stood before: each
 * starts a segment.
 */
function repairedOcrRow(words: Word[]): { words: Word[]; breaks: Set<Word> } {
  const repaired: Word[] = [];
  const breaks = new Set<Word>();
  let ruleAfter = false;
  for (const { word, before, after } of withoutRuleGlyphs(words)) {
    const parts = apartFromTime(withDateSeparator(withSpanishEnding(word))).map((part) =>
      withOneDecimalSeparator(withLookalikeSeparator(part)),
    );
    if ((before || ruleAfter) && repaired.length > 0) breaks.add(parts[0]!);
    ruleAfter = after;
    repaired.push(...parts);
  }
  // A month name misread between a day and a year, and decimals set apart, are put right with
  // their neighbours in view.
  const named = withMonthNames(repaired);
  named.forEach((word, i) => {
    if (word !== repaired[i] && breaks.has(repaired[i]!)) breaks.add(word);
  });
  return { words: withDecimalsJoined(named, breaks), breaks };
}

/**
 * Rows by vertical overlap: a word joins the row whose centre line it crosses. Heights are taken
 * along the page's text direction (`slope`: rise per unit of x), so that a turned page's rows hold.
 * On a text layer (`exclusive`) two words of one line never stand over each other: a word that
 * overlaps a row's word across (a block of small lines beside a large title whose height spans two
 * of them, as browsers print letterheads) joins no such row, and of the rows it may join it takes
 * the one whose centre is nearest. OCR rows keep the first row that fits: on the folds' scans the
 * exclusive rule split an item's second line from its row and the nearest row moved three dates
 * (docs/extraction/experiments.md).
 */
function groupIntoRows(words: Word[], slope: number, width: number, exclusive: boolean): Word[][] {
  const straight = (word: Word) => slope * (centreX(word) - width / 2);
  const sorted = [...words].sort((a, b) => centreY(a) - straight(a) - (centreY(b) - straight(b)));
  const rows: Row[] = [];
  for (const word of sorted) {
    const shift = straight(word);
    const cy = centreY(word) - shift;
    const height = word.bbox.y1 - word.bbox.y0;
    let row: Row | undefined;
    let nearest = Infinity;
    for (const r of rows) {
      const distance = Math.abs((r.y0 + r.y1) / 2 - cy);
      if (
        distance < Math.min(r.y1 - r.y0, height) * 0.5 &&
        distance < nearest &&
        !(exclusive && r.words.some((w) => across(w, word)))
      ) {
        row = r;
        nearest = distance;
        if (!exclusive) break;
      }
    }
    if (row) {
      row.words.push(word);
      row.y0 = Math.min(row.y0, word.bbox.y0 - shift);
      row.y1 = Math.max(row.y1, word.bbox.y1 - shift);
    } else {
      rows.push({ words: [word], y0: word.bbox.y0 - shift, y1: word.bbox.y1 - shift });
    }
  }
  return rows.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1)).map((r) => r.words.sort((a, b) => a.bbox.x0 - b.bbox.x0));
}

interface Row {
  words: Word[];
  y0: number;
  y1: number;
}

/**
 * Whether two words stand over each other: they share more than half the narrower one's width, and
 * their centres are more than half the lower one's height apart (one stands above the other).
 * Pieces of one word that a text layer splits touch or overlap by a sliver of kerning, and words
 * drawn over each other on one line (overprinted bold, a stretched face) share their centre line.
 */
function across(a: Word, b: Word): boolean {
  const shared = Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0);
  const height = Math.min(a.bbox.y1 - a.bbox.y0, b.bbox.y1 - b.bbox.y0);
  return (
    shared > Math.min(a.bbox.x1 - a.bbox.x0, b.bbox.x1 - b.bbox.x0) * 0.5 &&
    Math.abs(centreY(a) - centreY(b)) > height * 0.5
  );
}

/**
 * Words whose boxes touch are one word: PDF text layers often break a word where the kerning
 * changes ("7", "/2", "7", "/201", "9" for 7/27/2019), which no reader can fully undo.
 */
function mergeTouching(words: Word[], ocr: boolean): Word[] {
  const merged: Word[] = [];
  for (const word of words) {
    const last = merged.at(-1);
    const height = word.bbox.y1 - word.bbox.y0;
    const touching =
      last !== undefined && word.bbox.x0 - last.bbox.x1 <= height * TOUCHING_GAP && !endsLabel(last, word);
    // OCR sets apart pieces that print never does; they join a neighbour less than a word's height off.
    const ocrJoin =
      ocr &&
      last !== undefined &&
      word.bbox.x0 - last.bbox.x1 < height &&
      (possessiveOf(last, word) || bracketOf(last, word) || splitYearOf(last, word));
    if (last && (touching || ocrJoin) && word.bbox.x0 >= last.bbox.x0) {
      merged[merged.length - 1] = {
        text: last.text + word.text,
        bbox: {
          x0: last.bbox.x0,
          y0: Math.min(last.bbox.y0, word.bbox.y0),
          x1: word.bbox.x1,
          y1: Math.max(last.bbox.y1, word.bbox.y1),
        },
        confidence: Math.min(last.confidence, word.confidence),
      };
    } else merged.push(word);
  }
  return merged;
}

/**
 * A word that ends in a colon after a letter or bracket ends a label, and the word touching it is
 * its value: PDF writers that print a label and its value in two cells side by side, the label
 * right-aligned and the value left-aligned, leave no gap between them ("Zwischensumme:3.177,81",
 * "Invoice No:INV-8583", "(7%):222,45"). A time's colon follows a digit ("12:" "30"), a web
 * address's a scheme ("https:" "//") whose next word starts with no letter or digit.
 */
const endsLabel = (last: Word, word: Word): boolean =>
  /[\p{L})\]]:$/u.test(last.text) && /^[\p{L}\p{N}]/u.test(word.text);

/**
 * OCR puts a space before a possessive's apostrophe ("DOMINO 'S PIZZA") where it sees a gap: an
 * apostrophe and s that stand as a word of their own, right after a word ending in a letter,
 * belong to that word.
 */
function possessiveOf(last: Word, word: Word): boolean {
  return /^['’][sS]$/u.test(word.text) && /\p{L}$/u.test(last.text);
}

/**
 * OCR sets a lone bracket apart from the word it encloses ("MOTOR ( SUNGAI RENGIT ) SDN. BHD."),
 * which print never does: an opening bracket that stands as a word joins the word after it, a
 * closing one the word before it.
 */
function bracketOf(last: Word, word: Word): boolean {
  return /^[([]$/u.test(last.text) || /^[)\]]$/u.test(word.text);
}

/**
 * OCR splits a date's year after its century ("08/04/20 18"), which then reads as a two-digit
 * year: a word that ends a date with "19" or "20" joins two digits right after it.
 */
function splitYearOf(last: Word, word: Word): boolean {
  return /^\d{1,2}[/.-]\d{1,2}[/.-](19|20)$/u.test(last.text) && /^\d{2}$/u.test(word.text);
}

/**
 * A line of `words`; its segments split at wide gaps, never before a word in `following` (one that
 * goes on a letter-spaced run), unless given (a turned line's, split in its own frame).
 */
export function makeLine(
  words: Word[],
  page: ReadDocument['pages'][number],
  index: number,
  following: ReadonlySet<Word> = new Set(),
  segments = splitSegments(words, page.source === 'ocr' ? SEGMENT_GAP.ocr : SEGMENT_GAP.text, following),
): Line {
  return {
    page: page.number,
    index,
    words,
    text: words.map((w) => w.text).join(' '),
    segments,
    x0: Math.min(...words.map((w) => w.bbox.x0)),
    y0: Math.min(...words.map((w) => w.bbox.y0)),
    x1: Math.max(...words.map((w) => w.bbox.x1)),
    y1: Math.max(...words.map((w) => w.bbox.y1)),
    pageWidth: page.width,
    pageHeight: page.height,
    confidence: words.reduce((sum, w) => sum + w.confidence, 0) / words.length,
    ocr: page.source === 'ocr',
  };
}

/**
 * Segments split at wide gaps, but not before a word that goes on a letter-spaced run (`following`);
 * always before a word in `breaks` (one a table rule stood before).
 */
function splitSegments(
  words: Word[],
  factor: number,
  following: ReadonlySet<Word>,
  breaks: ReadonlySet<Word> = new Set(),
): Segment[] {
  const gap = printHeight(words) * factor;
  const groups: Word[][] = [];
  for (const word of words) {
    const current = groups.at(-1);
    const previous = current?.at(-1);
    const joined =
      previous !== undefined &&
      (word.bbox.x0 - previous.bbox.x1 <= Math.max(gap, pairHeight(previous, word) * factor) || following.has(word));
    if (current && joined && !breaks.has(word)) current.push(word);
    else groups.push([word]);
  }
  return groups.map(segmentOf);
}

const heightOf = (word: Word) => word.bbox.y1 - word.bbox.y0;
const glyphs = (word: Word) => [...word.text].length;

/**
 * The median height of a row's words, never more than that of its words of more than one glyph: a
 * bracket or mark that OCR read as a one-glyph word has a box unrelated to the print's size, and a
 * tall one beside a name (a frame drawn round a shop's name) widened the gap that parts segments
 * enough to join a stray glyph to the name. Small ones (the dashes between a footer's parts) may
 * still lower it: footers' parts have been read apart at those gaps all along.
 */
function printHeight(words: Word[]): number {
  const printed = words.filter((w) => glyphs(w) > 1);
  return Math.min(median(words.map(heightOf)), printed.length > 0 ? median(printed.map(heightOf)) : Infinity);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 10;
}

/**
 * Two neighbouring capitalised words' own print height (the smaller; 0 for any other pair): a
 * name set larger than the row's other print, as a party's name over its address block beside a
 * column of small labels, keeps its word space however small the rest of the row is. Only name
 * words: a footer's town and the e-mail address after it ("Eindhoven ‖ contact@…") stay apart.
 */
function pairHeight(a: Word, b: Word): number {
  return NAME_WORD.test(a.text) && NAME_WORD.test(b.text) ? Math.min(heightOf(a), heightOf(b)) : 0;
}

const NAME_WORD = /^\p{Lu}\p{L}+$/u;

export const segmentOf = (words: Word[]): Segment => ({
  words,
  text: words.map((w) => w.text).join(' '),
  x0: Math.min(...words.map((w) => w.bbox.x0)),
  x1: Math.max(...words.map((w) => w.bbox.x1)),
});

/** Height of a line's tallest word: a stand-in for font size. */
export function lineHeight(line: Line): number {
  return Math.max(...line.words.map((w) => w.bbox.y1 - w.bbox.y0));
}
