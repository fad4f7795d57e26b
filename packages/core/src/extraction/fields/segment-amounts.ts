import type { Line } from '../layout/lines.js';
import { findAmounts, type FoundAmount } from '../values/amounts.js';

/**
 * The amounts of a line, read within each of its segments: "10" under one column and "260,00"
 * under the next are two numbers, not 10 260,00 grouped by a space. Positions are those in
 * `line.text`. `read` finds the amounts of a segment's text without changing its length.
 */
export function amountsBySegment(line: Line, read: (text: string) => FoundAmount[] = findAmounts): FoundAmount[] {
  // A line's text is its segments' texts joined by single spaces.
  let start = 0;
  return line.segments.flatMap((segment) => {
    const found = read(segment.text).map((a) => ({ ...a, start: a.start + start, end: a.end + start }));
    start += segment.text.length + 1;
    return found;
  });
}
