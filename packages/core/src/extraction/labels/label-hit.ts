import type { Line } from '../layout/lines.js';
import type { Role } from './synonyms.js';

/**
 * What a label found on a line is, and where: the types and the two measures of a line's text
 * that the label index and the rules beside it (wrapped headings, deadline sentences) share.
 */

/** A role of the recommended sets, or `field:<path>` for labels taken from a custom definition. */
export type LabelKey = Role | `field:${string}`;

export interface LabelHit {
  key: LabelKey;
  /** 1 for a label that names the field outright, less for generic ones ("Date", "No."). */
  strength: number;
  line: Line;
  /** Character range of the label in line.text. */
  start: number;
  end: number;
  x0: number;
  x1: number;
}

/** Horizontal extent of a character range of line.text, from its words' boxes. */
export function xRange(line: Line, start: number, end: number): { x0: number; x1: number } {
  let offset = 0;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const word of line.words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < end) {
      x0 = Math.min(x0, word.bbox.x0);
      x1 = Math.max(x1, word.bbox.x1);
    }
    offset = wordEnd + 1;
  }
  return Number.isFinite(x0) ? { x0, x1 } : { x0: line.x0, x1: line.x0 };
}

/** Where each segment's text begins in the line's text (the line's words joined by spaces). */
export function segmentStarts(line: Line): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const segment of line.segments) {
    starts.push(offset);
    offset += segment.words.reduce((sum, w) => sum + w.text.length + 1, 0);
  }
  return starts;
}
