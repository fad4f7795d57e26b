import type { Word } from '../../ports/document-reader.port.js';

/**
 * Overprinted text: a producer that has no bold face draws a word twice, the second copy a fraction
 * of a point to the right ("fake bold", a report writer's or printer driver's habit), or a shadow
 * draws it again a little off. A text layer then holds each word twice, almost on the same spot,
 * and the copies touch: "Brennholz" read as "BrennholzBrennholz", a label no lexicon knows. A copy
 * is a word of the same text whose box covers most of an earlier one's across and down: print never
 * puts two words on one spot otherwise, and a repeated word elsewhere on the line stands apart.
 */

/** The share of the narrower box two copies share, across and down. */
const SAME_SPOT = 0.7;

export function withoutOverprints(words: readonly Word[]): Word[] {
  const kept = new Map<string, Word[]>();
  const result: Word[] = [];
  for (const word of words) {
    const same = kept.get(word.text);
    if (same?.some((w) => overprints(w, word))) continue;
    if (same) same.push(word);
    else kept.set(word.text, [word]);
    result.push(word);
  }
  return result;
}

function overprints(a: Word, b: Word): boolean {
  return (
    shared(a.bbox.x0, a.bbox.x1, b.bbox.x0, b.bbox.x1) >= SAME_SPOT &&
    shared(a.bbox.y0, a.bbox.y1, b.bbox.y0, b.bbox.y1) >= SAME_SPOT
  );
}

/** How much of the shorter of two spans they share, 0 to 1. */
function shared(a0: number, a1: number, b0: number, b1: number): number {
  const shorter = Math.min(a1 - a0, b1 - b0);
  if (shorter <= 0) return 0;
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0)) / shorter;
}
