import type { ReadDocument, Word } from '../../ports/document-reader.port.js';
import { buildLines, makeLine, readableWords, segmentOf, type Line } from './lines.js';
import { readApart } from './text-direction.js';

/**
 * Lines of words that do not run left to right (Word.turn): legal details or a form number printed
 * up a page's margin, a diagonal watermark or stamp ("COPY", "BEZAHLT") across the body. Such a
 * word's box is tall and narrow, or large and square, and among the page's rows it joins (or
 * splits) every row it stands beside; so these words are read apart, along their own direction.
 * Each word is placed in the frame of its text (along its baseline, and down across it), where the
 * words of one line stand side by side as a straight line's do.
 */

/**
 * The document's straight lines and its turned ones, each page's words made readable once for both.
 */
export function buildDocumentLines(doc: ReadDocument): { lines: Line[]; turnedLines: Line[] } {
  const readable = doc.pages.map(readableWords);
  const lines = buildLines(doc, readable);
  return { lines, turnedLines: buildTurnedLines(doc, lines.length, readable) };
}

/**
 * The document's turned lines, page by page, numbered on from `first` (after the straight lines, so
 * that an index names one line of either kind); `readable` is each page's readableWords, where
 * already made.
 */
export function buildTurnedLines(doc: ReadDocument, first: number, readable = doc.pages.map(readableWords)): Line[] {
  const lines: Line[] = [];
  for (const [p, page] of doc.pages.entries()) {
    const words = readable[p]!;
    if (!readApart(words)) continue;
    for (const turned of turnedLines(words)) {
      const line = makeLine(turned.words, page, first + lines.length, new Set(), turned.segments.map(segmentOf));
      lines.push({ ...line, turn: turned.degrees });
    }
  }
  return lines;
}

interface TurnedLine {
  /** Counterclockwise, as Word.turn. */
  degrees: number;
  /** The line's words in reading order, pieces of one word joined. */
  words: Word[];
  /** Runs of words with no wide gap between them, as a straight line's segments. */
  segments: Word[][];
}

/** Words a degree or two apart run one way (rounding of each item's direction). */
const SAME_DIRECTION = 2;
/** As for a straight text layer (lines.ts): a gap over this many heights parts two segments. */
const SEGMENT_GAP = 0.9;
/** A gap narrower than this share of the height is no space between words. */
const TOUCHING_GAP = 0.08;

interface Framed {
  word: Word;
  /** The centre's position along the baseline and down across it, and the word's extent in both. */
  along: number;
  down: number;
  length: number;
  height: number;
}

function turnedLines(words: readonly Word[]): TurnedLine[] {
  const lines: TurnedLine[] = [];
  for (const group of byDirection(words)) {
    const degrees = group[0]!.turn!.degrees;
    const framed = group.map((w) => inFrame(w, degrees));
    for (const row of frameRows(framed)) {
      const joined = joinTouching(row.sort((a, b) => a.along - b.along));
      lines.push({ degrees, words: joined.map((f) => f.word), segments: segmentsOf(joined) });
    }
  }
  return lines;
}

function byDirection(words: readonly Word[]): Word[][] {
  const sorted = words.filter((w) => w.turn).sort((a, b) => a.turn!.degrees - b.turn!.degrees);
  const groups: Word[][] = [];
  for (const word of sorted) {
    const group = groups.at(-1);
    if (group && word.turn!.degrees - group[0]!.turn!.degrees <= SAME_DIRECTION) group.push(word);
    else groups.push([word]);
  }
  return groups;
}

/**
 * A word's centre in its text's frame (on the page y points down: along is (cos, -sin), down across
 * the text is (sin, cos)). Its length along the baseline follows from its box and height: a box
 * encloses length·|cos| + height·|sin| across and length·|sin| + height·|cos| down the page.
 */
function inFrame(word: Word, degrees: number): Framed {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const x = (word.bbox.x0 + word.bbox.x1) / 2;
  const y = (word.bbox.y0 + word.bbox.y1) / 2;
  const height = word.turn!.height;
  const length =
    Math.abs(cos) >= Math.abs(sin)
      ? (word.bbox.x1 - word.bbox.x0 - height * Math.abs(sin)) / Math.abs(cos)
      : (word.bbox.y1 - word.bbox.y0 - height * Math.abs(cos)) / Math.abs(sin);
  return { word, along: x * cos - y * sin, down: x * sin + y * cos, length: Math.max(0, length), height };
}

/** Rows in the frame: a word joins the row whose centre line lies within half its height. */
function frameRows(framed: Framed[]): Framed[][] {
  const rows: { down: number; words: Framed[] }[] = [];
  for (const word of [...framed].sort((a, b) => a.down - b.down)) {
    const row = rows.find((r) => Math.abs(r.down - word.down) < word.height * 0.5);
    if (row) row.words.push(word);
    else rows.push({ down: word.down, words: [word] });
  }
  return rows.map((r) => r.words);
}

/** Pieces of one word a text layer drew apart (a kerning change) are one word, as on a straight line. */
function joinTouching(row: Framed[]): Framed[] {
  const joined: Framed[] = [];
  for (const next of row) {
    const last = joined.at(-1);
    if (!last || gapBetween(last, next) > next.height * TOUCHING_GAP) {
      joined.push(next);
      continue;
    }
    const start = last.along - last.length / 2;
    const end = Math.max(last.along + last.length / 2, next.along + next.length / 2);
    const word: Word = {
      ...last.word,
      text: last.word.text + next.word.text,
      bbox: {
        x0: Math.min(last.word.bbox.x0, next.word.bbox.x0),
        y0: Math.min(last.word.bbox.y0, next.word.bbox.y0),
        x1: Math.max(last.word.bbox.x1, next.word.bbox.x1),
        y1: Math.max(last.word.bbox.y1, next.word.bbox.y1),
      },
      confidence: Math.min(last.word.confidence, next.word.confidence),
    };
    joined[joined.length - 1] = { ...last, word, along: (start + end) / 2, length: end - start };
  }
  return joined;
}

function segmentsOf(row: Framed[]): Word[][] {
  const segments: Word[][] = [];
  row.forEach((word, i) => {
    const previous = row[i - 1];
    if (previous && gapBetween(previous, word) <= word.height * SEGMENT_GAP) segments.at(-1)!.push(word.word);
    else segments.push([word.word]);
  });
  return segments;
}

const gapBetween = (a: Framed, b: Framed): number => b.along - b.length / 2 - (a.along + a.length / 2);
