import type { Word } from '../../ports/document-reader.port.js';

/**
 * Letter-spaced text: designed letterheads and titles print names with tracking (CSS
 * letter-spacing, Word's expanded spacing, a PDF's character spacing). pdfjs then puts a space
 * between every two glyphs ("N O R D W I N D", 0.2 to 0.7 of the height apart), and OCR sets
 * letters apart now and then ("G M B H"), so the name's words are lost and every letter stands
 * alone. A run of single characters set evenly is one word; a clearly wider gap inside the run is
 * a word break (a space plus twice the tracking: 2.3 to 3.7 times the letter gap, measured on
 * Chromium's and pdf-lib's tracking from 0.1 to 0.8 em). About 0.12 em is beyond reach: pdfjs sets
 * one space between every two glyphs and none wider at the word breaks, so the run is one word.
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
 * (pdf-lib's Tc at 0.19 em, Chromium at 0.2 em) was 0.35 of the height wider than its letters.
 */
const BREAK = { factor: 1.6, more: 0.2 };
/**
 * Any single glyph can stand in a run ("N °", "2 0 2 4 - 0 8"), and so can a pair before one:
 * browsers print a kerned pair as one piece ("Ta l l e r e s", "FA C T U R A"). A pair after the
 * run's last glyph is a word of its own ("R E C H N U N G Nr 12", "S M L XL"); only single letters
 * and digits count towards `MIN_LETTERS`.
 */
const SINGLE = /^\S$/u;
const PAIR = /^\S{2}$/u;
/**
 * A letter and its full stop or comma go on a run ("G e b r. V i s s e r", "B . V."): a
 * glyph's stop kerned to it prints as one piece, and it ends an abbreviation inside the name.
 */
const STOPPED = /^[\p{L}\p{N}][.,]$/u;
const LETTER = /^[\p{L}\p{N}]$/u;

/**
 * The row's words (left to right) with each letter-spaced run joined into its words. A run is
 * broken where a gap is wider than `segmentGap` heights: a gap that sets segments apart (a table's
 * column, a label's value) is no gap inside a word. Only a word break of wide tracking
 * (`wordBreakBetween`) joins runs past it; `following` holds the words after such a break, which
 * stay in their run's segment ("NORDWIND TEXTIL GMBH" one name, not three).
 */
export function joinLetterSpaced(words: Word[], segmentGap: number): { words: Word[]; following: Set<Word> } {
  const result: Word[] = [];
  const following = new Set<Word>();
  let chain: Word[] = [];
  const flush = () => {
    for (const run of runsOf(chain, segmentGap)) {
      if (!spaced(run.words)) result.push(...run.words);
      else {
        const joinedWords = spacedWords(run.words);
        if (run.wide) joinedWords.slice(1).forEach((w) => following.add(w));
        result.push(...joinedWords);
      }
    }
    chain = [];
  };
  words.forEach((word, i) => {
    const next = words[i + 1]?.text ?? '';
    if (
      SINGLE.test(word.text) ||
      (PAIR.test(word.text) && SINGLE.test(next)) ||
      (chain.length && STOPPED.test(word.text))
    )
      chain.push(word);
    else {
      flush();
      result.push(word);
    }
  });
  flush();
  return { words: result, following };
}

const spaced = (run: Word[]): boolean => run.filter((w) => LETTER.test(w.text)).length >= MIN_LETTERS;

interface Run {
  words: Word[];
  /** Joined over a word break wider than a segment's gap. */
  wide: boolean;
}

/**
 * A chain of single glyphs cut into runs at gaps wider than a segment's, and neighbouring runs
 * joined again over a wide tracking's word break, until no two join: a short word before a long
 * one joins it as one after it does ("B o n  d e  c o m m a n d e").
 */
function runsOf(chain: Word[], segmentGap: number): Run[] {
  const runs: Run[] = [];
  for (const word of chain) {
    const last = runs.at(-1)?.words.at(-1);
    if (last && word.bbox.x0 - last.bbox.x1 <= segmentGap * Math.max(height(last), height(word)))
      runs.at(-1)!.words.push(word);
    else runs.push({ words: [word], wide: false });
  }
  for (let i = 0; i + 1 < runs.length;) {
    if (wordBreakBetween(runs[i]!.words, runs[i + 1]!.words)) {
      runs.splice(i, 2, { words: [...runs[i]!.words, ...runs[i + 1]!.words], wide: true });
      i = Math.max(i - 1, 0);
    } else i++;
  }
  return runs;
}

/**
 * Whether the gap between two runs is a word break inside one letter-spaced run: tracking of half
 * an em or more, or a monospace face, sets words a segment's gap apart (a space and twice the
 * tracking: 1.7 heights at 0.8 em, 1.3 in Courier at 0.2 em), and short words beside a long one
 * ("RECHNUNG v o m", "B o n d e c o m m a n d e") are as spaced. One of the two is letter-spaced
 * already, and the gap is no wider than twice its letter gap and a height (a space is at most 0.76
 * of one, Courier's 0.6 em).
 */
function wordBreakBetween(left: Word[], right: Word[]): boolean {
  const run = spaced(left) ? left : spaced(right) ? right : undefined;
  const gap = right[0]!.bbox.x0 - left.at(-1)!.bbox.x1;
  return run !== undefined && gap <= 2 * letterGapOf(run) + Math.max(...run.map(height));
}

/** The gap between a run's letters: the lower quartile of its gaps, under its word breaks. */
function letterGapOf(run: Word[]): number {
  const gaps = run.slice(1).map((w, i) => w.bbox.x0 - run[i]!.bbox.x1);
  return [...gaps].sort((a, b) => a - b)[Math.floor((gaps.length - 1) / 4)]!;
}

/** A run's letters joined into words, split at its clearly wider gaps. */
function spacedWords(run: Word[]): Word[] {
  const gaps = run.slice(1).map((w, i) => w.bbox.x0 - run[i]!.bbox.x1);
  const letterGap = letterGapOf(run);
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
