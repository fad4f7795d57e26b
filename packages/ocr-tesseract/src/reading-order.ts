/**
 * Reading order shared by the text layer and OCR: lines top to bottom, words left to right within
 * a line. PDF content streams draw text in any order (a footer first, columns interleaved) and
 * tesseract reads block by block, so both are re-sorted the same way; then "Total" and the amount
 * printed to its right on the same row come out next to each other, which is what extraction needs.
 */
import type { Word } from '@intake/core';

interface Line {
  words: Word[];
  /** Running mean of the members' tops and bottoms: the band the next word must overlap. */
  top: number;
  bottom: number;
}

/** Two boxes share a line when their vertical overlap is at least half the smaller one's height. */
const OVERLAP = 0.5;

export function inReadingOrder(words: readonly Word[]): Word[] {
  const byMiddle = [...words].sort((a, b) => middle(a) - middle(b) || a.bbox.x0 - b.bbox.x0);
  const lines: Line[] = [];
  for (const word of byMiddle) {
    const line = lines.find((l) => sharesLine(l, word));
    if (line) {
      line.words.push(word);
      const n = line.words.length;
      line.top += (word.bbox.y0 - line.top) / n;
      line.bottom += (word.bbox.y1 - line.bottom) / n;
    } else {
      lines.push({ words: [word], top: word.bbox.y0, bottom: word.bbox.y1 });
    }
  }
  lines.sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  return lines.flatMap((line) => line.words.sort((a, b) => a.bbox.x0 - b.bbox.x0));
}

const middle = (w: Word): number => (w.bbox.y0 + w.bbox.y1) / 2;

function sharesLine(line: Line, word: Word): boolean {
  const overlap = Math.min(line.bottom, word.bbox.y1) - Math.max(line.top, word.bbox.y0);
  const smaller = Math.min(line.bottom - line.top, word.bbox.y1 - word.bbox.y0);
  return smaller > 0 && overlap >= OVERLAP * smaller;
}
