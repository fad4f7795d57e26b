import type { Line, Segment } from '../layout/lines.js';
import { segmentStarts, xRange, type LabelHit, type LabelKey } from './label-index.js';

/**
 * Column headings that wrap inside their cells: a spreadsheet's or a word processor's table prints
 * "DUE DATE", "P.O. NUMBER" or "LINE TOTAL" over two lines when its column is narrow ("DUE" over
 * "DATE"), and the value stands under the second line. Read line by line, the first word is a
 * label whose value is cut off by the second, and the second is a label of its own ("Date" reads
 * as the invoice's date, "Total" as the document's total, "Number" as the invoice's number) over
 * the value of another field. A heading's two lines make one label, placed on its second line,
 * right over the values of its column. German and Dutch headings break at a hyphen ("Rechnungs-"
 * over "datum"), English, French and Spanish ones at a space ("Fecha de" over "vencimiento").
 */

/** The labels a whole text is (every word of it), or none. */
export type WholeLabel = (text: string) => { key: LabelKey; strength: number }[];

export function joinWrappedHeadings(lines: Line[], hits: LabelHit[], wholeLabel: WholeLabel): LabelHit[] {
  let result = hits;
  for (let i = 0; i + 1 < lines.length; i++) {
    const upper = lines[i]!;
    const lower = lines[i + 1]!;
    if (!continuesHeadings(upper, lower)) continue;
    for (const [k, part] of lower.segments.entries()) {
      const head = upper.segments.find((s) => overlaps(s, part));
      const labels = head ? wholeLabel(joined(head.text, part.text)) : [];
      if (!head || !labels.length) continue;
      const start = segmentStarts(lower)[k]!;
      const end = start + part.text.length;
      const inside = (h: LabelHit, seg: Segment) => h.x0 >= seg.x0 - 0.5 && h.x1 <= seg.x1 + 0.5;
      result = result.filter((h) => !(h.line === upper && inside(h, head)) && !(h.line === lower && inside(h, part)));
      const x = xRange(lower, start, end);
      for (const label of labels)
        result.push({ ...label, line: lower, start, end, x0: Math.min(x.x0, head.x0), x1: Math.max(x.x1, head.x1) });
    }
  }
  return result;
}

/**
 * Whether `lower` can only be the second lines of `upper`'s cells: right under it, on the same page,
 * without a digit (a value), each of its segments under one of `upper`'s, and `upper` a row of
 * three cells or more (a table's heading row, not two labels of a block over each other).
 */
function continuesHeadings(upper: Line, lower: Line): boolean {
  if (lower.page !== upper.page || upper.segments.length < 3 || /\d/.test(lower.text)) return false;
  const height = Math.max(upper.y1 - upper.y0, lower.y1 - lower.y0);
  if (lower.y0 - upper.y1 > height * 0.6) return false;
  return lower.segments.every((part) => upper.segments.filter((s) => overlaps(s, part)).length === 1);
}

/**
 * A heading's two lines as one text: a word broken at its hyphen ("Rechnungs-" over "datum",
 * "Factuur-" over "datum") is one word again, whichever hyphen the producer drew (a soft hyphen
 * prints as U+2010); a hyphen before a capital joins two words ("Kunden-" over "Nr.") and stays.
 */
function joined(upper: string, lower: string): string {
  return /\p{L}[-\u00ad\u2010\u2011]$/u.test(upper) && /^\p{Ll}/u.test(lower)
    ? `${upper.slice(0, -1)}${lower}`
    : `${upper} ${lower}`;
}

function overlaps(a: { x0: number; x1: number }, b: { x0: number; x1: number }): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1;
}
