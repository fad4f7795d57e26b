/** Amounts on OCR'd lines whose decimals OCR set apart, joined before lines are built from their words. */
import type { Word } from '../../ports/document-reader.port.js';

/** An amount up to its decimal separator: a currency sign allowed before it, thousands grouped. */
const BEFORE_DECIMALS = /^[$£€¥]?\d{1,3}(?:[.,]\d{3})*[.,]$/u;
const CENTS = /^\d{2}$/u;
/** What may follow an amount's cents: a currency word or sign, or another amount. */
const AFTER_AMOUNT = /^(?:[$£€¥]|[A-Z]{3}|[A-Za-z]{1,2}\$|kr\.?|z[łl]|Kč|[$£€¥]?\d[\d.,]*[$£€¥]?)$/u;

/**
 * OCR reads a space after an amount's decimal comma or point ("TOTAL 59, 06", "€991, 07",
 * "396. 00"), and the amount then reads as a whole number and two digits apart. A word of an
 * amount up to its separator and the word of two digits after it are one word, where the two
 * digits end the row or a currency or another amount follows them: an address's numbers ("Level 2,
 * 45 George Street", "Bâtiment 36, 32 rue du Commerce") go on with words. `breaks` holds the words
 * that start a segment (a table rule before them): such digits stay apart, and a joined word starts
 * a segment where its first word did.
 */
export function withDecimalsJoined(words: Word[], breaks: Set<Word>): Word[] {
  const joined: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const [word, cents, after] = [words[i]!, words[i + 1], words[i + 2]];
    const apart = !cents || breaks.has(cents) || !BEFORE_DECIMALS.test(word.text) || !CENTS.test(cents.text);
    if (apart || (after && !AFTER_AMOUNT.test(after.text))) {
      joined.push(word);
      continue;
    }
    const amount = joinedWord(word, cents);
    if (breaks.has(word)) breaks.add(amount);
    joined.push(amount);
    i++;
  }
  return joined;
}

/**
 * OCR reads an amount's thousands separator as its decimal one, or the decimal one as the
 * thousands one ("£2.074.20" for £2,074.20, "6.877.57" for 6.877,57), and the amount then reads a
 * hundred times too large. Groups of three digits behind one separator with two digits after the
 * last of them have one reading only: the last separator is the decimal one, and the others are
 * left out.
 */
export function withOneDecimalSeparator(word: Word): Word {
  const m = /^([$£€¥]?)(\d{1,3}(?:([.,])\d{3})+)\3(\d{2})([$£€¥]?)$/u.exec(word.text);
  return m ? { ...word, text: `${m[1]}${m[2]!.replaceAll(m[3]!, '')}${m[3]}${m[4]}${m[5]}` } : word;
}

function joinedWord(a: Word, b: Word): Word {
  return {
    ...a,
    text: a.text + b.text,
    confidence: Math.min(a.confidence, b.confidence),
    bbox: {
      x0: Math.min(a.bbox.x0, b.bbox.x0),
      y0: Math.min(a.bbox.y0, b.bbox.y0),
      x1: Math.max(a.bbox.x1, b.bbox.x1),
      y1: Math.max(a.bbox.y1, b.bbox.y1),
    },
  };
}
