import type { Word } from '../../ports/document-reader.port.js';

/**
 * OCR reads a line printed up or down a page's margin word by word (tesseract turns the line to
 * read it), each word in a tall, narrow box, and tells no direction; among the page's rows each
 * such word joins a row beside it ("ZUGFeRD" at the end of an item row). A word of three letters
 * or digits or more whose box is over twice as tall as wide is no straight word: three straight
 * characters are wider than tall. Where two such words stand in one column they are a turned line,
 * and the short words that continue that column ("10", "€") are of it too. Its direction is
 * guessed from its side of the page, since margin text faces the body (its letters' feet towards
 * the middle): 90 degrees (read bottom to top) in the left half, -90 in the right.
 */
export function withOcrTurns(words: readonly Word[], pageWidth: number): Word[] {
  const upright = words.filter(standsUpright);
  const turned = new Set(upright.filter((w) => upright.some((o) => o !== w && sameColumn(o, w))));
  if (turned.size === 0) return [...words];
  // The line's short words (numbers, a currency sign, a separator) continue its column: within its
  // width, and less than a width from one of its words along it.
  for (let grown = true; grown;) {
    grown = false;
    for (const word of words) {
      if (turned.has(word) || ![...turned].some((t) => sameColumn(t, word) && gapAlong(t, word) < width(t))) continue;
      turned.add(word);
      grown = true;
    }
  }
  return words.map((word) => {
    if (!turned.has(word)) return word;
    const degrees = (word.bbox.x0 + word.bbox.x1) / 2 < pageWidth / 2 ? 90 : -90;
    return { ...word, turn: { degrees, height: width(word) } };
  });
}

const width = (word: Word): number => word.bbox.x1 - word.bbox.x0;

function standsUpright(word: Word): boolean {
  const characters = word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return characters >= 3 && word.bbox.y1 - word.bbox.y0 > 2 * width(word);
}

/** Whether `word` stands in the column of `upright`: its centre across within it, and no wider than half as much again. */
function sameColumn(upright: Word, word: Word): boolean {
  const centre = (word.bbox.x0 + word.bbox.x1) / 2;
  return centre > upright.bbox.x0 && centre < upright.bbox.x1 && width(word) < 1.5 * width(upright);
}

/** The gap between two words down the page (negative where they overlap). */
const gapAlong = (a: Word, b: Word): number => Math.max(a.bbox.y0 - b.bbox.y1, b.bbox.y0 - a.bbox.y1);
