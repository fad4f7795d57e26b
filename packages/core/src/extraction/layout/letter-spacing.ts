import type { Word } from '../../ports/document-reader.port.js';

/**
 * Letter-spaced text: designed letterheads and titles print names with tracking (CSS
 * letter-spacing, Word's expanded spacing, a PDF's character spacing). pdfjs then puts a space
 * between every two glyphs ("N O R D W I N D", 0.2 to 0.7 of the height apart), and OCR sets
 * letters apart now and then ("G M B H"), so the name's words are lost and every letter stands
 * alone. A run of single characters set evenly is one word; a clearly wider gap inside the run is
 * a word break (a space plus twice the tracking: 2.3 to 3.7 times the letter gap, measured on
 * Chromium's and pdf-lib's tracking from 0.1 to 0.8 em).
 */

/**
 * A run needs at least this many letters or digits. Real words of one letter come in threes at
 * most: initials ("J R R Tolkien"), a size column ("S M L XL"), a table's "A B C" header; on the
 * development folds no row holds four single characters in a row, and the runs of three there are
 * all letter-spaced print read apart by OCR ("T A X", "G S T"), which three letters cannot tell
 * from initials.
 */
const MIN_LETTERS = 4;
/**
 * A word break is wider than the run's letter gap (its lower quartile) by both this factor and
 * this share of the height: OCR's boxes put the gaps of evenly set letters up to a sixth of the
 * height apart (PaddleOCR's boxes fall on a grid of about that), and the narrowest break measured
 * (0.15 em tracking) was 0.31 of the height wider than its letters.
 */
const BREAK = { factor: 1.6, more: 0.2 };
/** Any single glyph can stand in a run ("N °", "2 0 2 4 - 0 8"); only letters and digits count. */
const SINGLE = /^\S$/u;
const LETTER = /^[\p{L}\p{N}]$/u;

/**
 * The row's words (left to right) with each letter-spaced run joined into its words. A run is
 * broken where a gap is wider than `segmentGap` heights: a gap that sets segments apart (a table's
 * column, a label's value) is no gap inside a word.
 */
export function joinLetterSpaced(words: Word[], segmentGap: number): Word[] {
  const result: Word[] = [];
  let run: Word[] = [];
  const flush = () => {
    result.push(...(run.filter((w) => LETTER.test(w.text)).length >= MIN_LETTERS ? spacedWords(run) : run));
    run = [];
  };
  for (const word of words) {
    const last = run.at(-1);
    if (!SINGLE.test(word.text)) {
      flush();
      result.push(word);
    } else {
      if (last && word.bbox.x0 - last.bbox.x1 > segmentGap * Math.max(height(last), height(word))) flush();
      run.push(word);
    }
  }
  flush();
  return result;
}

/** A run's letters joined into words, split at its clearly wider gaps. */
function spacedWords(run: Word[]): Word[] {
  const gaps = run.slice(1).map((w, i) => w.bbox.x0 - run[i]!.bbox.x1);
  const letterGap = [...gaps].sort((a, b) => a - b)[Math.floor((gaps.length - 1) / 4)]!;
  const size = Math.max(...run.map(height));
  const words: Word[][] = [[run[0]!]];
  gaps.forEach((gap, i) => {
    const wordBreak = gap > letterGap * BREAK.factor && gap - letterGap > size * BREAK.more;
    if (wordBreak) words.push([run[i + 1]!]);
    else words.at(-1)!.push(run[i + 1]!);
  });
  return words.map(joined);
}

function joined(letters: Word[]): Word {
  return {
    text: letters.map((w) => w.text).join(''),
    bbox: {
      x0: letters[0]!.bbox.x0,
      y0: Math.min(...letters.map((w) => w.bbox.y0)),
      x1: letters.at(-1)!.bbox.x1,
      y1: Math.max(...letters.map((w) => w.bbox.y1)),
    },
    confidence: Math.min(...letters.map((w) => w.confidence)),
  };
}

const height = (word: Word): number => word.bbox.y1 - word.bbox.y0;
