import type { Word } from '../../ports/document-reader.port.js';

/** Slopes tried around the neighbours' estimate, as rise per unit of x. */
const REFINE_SPAN = 0.01;
const REFINE_STEP = 0.001;
/**
 * Steeper than this (about 5.7 degrees) is no small turn but a layout (a stamp, a margin note
 * printed across): left alone. Phone photos of receipts are often turned 3 to 5 degrees.
 */
const MAX_SLOPE = 0.1;

/**
 * Which way a scanned or photographed page's text runs, from its words alone (no pixels): rows are
 * built along it, since a page turned a little puts a label and its amount at the right edge on
 * different heights. Neighbouring words of one phrase give local slopes, whose median is the
 * estimate: local, so that a table's regular rows cannot alias one row's label onto the next row's
 * value. It is then refined to the slope under which the word centres bunch into the sharpest rows
 * (the projection-profile method of deskewing, on word boxes). A page stays straight unless the
 * slope makes its rows clearly sharper, so noise never tilts it.
 */
export function estimateSlope(words: Word[], width: number): number {
  const local = neighbourSlopes(words).sort((a, b) => a - b);
  if (local.length < 8) return 0;
  const median = local[Math.floor(local.length / 2)]!;
  if (Math.abs(median) > MAX_SLOPE) return 0;
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const bin = Math.max(1, heights[Math.floor(heights.length / 2)]! / 3);
  const sharpness = (slope: number) => {
    const counts = new Map<number, number>();
    for (const w of words) {
      const key = Math.round((centreY(w) - slope * (centreX(w) - width / 2)) / bin);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let sum = 0;
    for (const c of counts.values()) sum += c * c;
    return sum;
  };
  const flat = sharpness(0);
  let best = { slope: 0, score: flat };
  for (let step = -REFINE_SPAN; step <= REFINE_SPAN + 1e-9; step += REFINE_STEP) {
    const slope = median + step;
    const score = sharpness(slope);
    if (score > best.score) best = { slope, score };
  }
  return best.score > flat * 1.1 ? best.slope : 0;
}

/** For each word, the slope to the nearest word right of it on its line (a gap under two heights). */
function neighbourSlopes(words: Word[]): number[] {
  const slopes: number[] = [];
  for (const word of words) {
    const height = word.bbox.y1 - word.bbox.y0;
    let nearest: Word | null = null;
    for (const other of words) {
      const gap = other.bbox.x0 - word.bbox.x1;
      if (gap < 0 || gap > 2 * height || Math.abs(centreY(other) - centreY(word)) > height * 0.6) continue;
      if (!nearest || other.bbox.x0 < nearest.bbox.x0) nearest = other;
    }
    if (nearest) slopes.push((centreY(nearest) - centreY(word)) / (centreX(nearest) - centreX(word)));
  }
  return slopes;
}

/**
 * Whether a page's turned words (Word.turn) are read apart from its rows (turned-lines.ts): unless
 * most of its words run a quarter or half turn from straight, as on a page printed sideways (a
 * wide table), which is read as its reader gave it, all in rows. A diagonal stamp, however large
 * on a page of few words, never makes a page sideways.
 */
export function readApart(words: readonly Word[]): boolean {
  const sideways = words.filter((w) => w.turn && quarterTurn(w.turn.degrees)).length;
  return sideways * 2 < words.length;
}

/** Within 2 degrees of 90, 180 or 270. */
const quarterTurn = (degrees: number): boolean => {
  const off = ((degrees % 90) + 90) % 90;
  return off <= 2 || off >= 88;
};

export const centreX = (word: Word): number => (word.bbox.x0 + word.bbox.x1) / 2;
export const centreY = (word: Word): number => (word.bbox.y0 + word.bbox.y1) / 2;
