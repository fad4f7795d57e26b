import type { Word } from '../../ports/document-reader.port.js';

/**
 * Graphics OCR reads as words. A logo or mark beside a letterhead's name comes out of tesseract as
 * a word of letters nobody printed ("i", "BE", "rE" before "Bas van Dijk Advies") and a rule or
 * bullet there as a lone "=" or "©"; at the start of the name's row they become the first words of
 * the name. Such a word is read with almost no confidence, and a mark drawn beside a line is
 * taller than its print (two to three times on the letterheads measured). A row's first word is
 * taken for a graphic, and left out of the row, when it was read with a confidence under 0.3, holds
 * no digit, and is either at least twice as tall as the row's other words or has no letter at all.
 * A word of print read that badly is lost anyway; the digit and first-word conditions keep amounts
 * and words inside a line, which OCR also reads with little confidence now and then.
 */

/** Below this confidence (0..1) a word may be a graphic. */
const GRAPHIC_MAX_CONFIDENCE = 0.3;
/** A graphic read as letters is at least this many times as tall as the row's other words. */
const GRAPHIC_MIN_HEIGHT_RATIO = 2;

/** The row's words (left to right) without a graphic read as its first word. */
export function withoutLeadingGraphic(row: Word[]): Word[] {
  const [first, ...rest] = row;
  if (!first || rest.length === 0 || first.confidence >= GRAPHIC_MAX_CONFIDENCE || /\d/u.test(first.text)) return row;
  const heights = rest.map(heightOf).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)]!;
  const tall = heightOf(first) >= median * GRAPHIC_MIN_HEIGHT_RATIO;
  return tall || !/\p{L}/u.test(first.text) ? rest : row;
}

function heightOf(word: Word): number {
  return word.bbox.y1 - word.bbox.y0;
}
