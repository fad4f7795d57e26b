import type { Line, Segment } from '../layout/lines.js';
import { segmentStarts, xRange, type LabelHit, type LabelKey } from './label-hit.js';

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
type Label = { key: LabelKey; strength: number };
export type WholeLabel = (text: string) => Label[];

export function joinWrappedHeadings(lines: Line[], hits: LabelHit[], wholeLabel: WholeLabel): LabelHit[] {
  let result = hits;
  for (let i = 0; i + 1 < lines.length; i++) {
    const upper = lines[i]!;
    const lower = lines[i + 1]!;
    if (!continuesHeadings(upper, lower)) continue;
    for (const [k, part] of lower.segments.entries()) {
      const found = headAbove(upper, part, wholeLabel);
      if (!found) continue;
      const { head, labels } = found;
      const start = segmentStarts(lower)[k]!;
      const end = start + part.text.length;
      const inside = (h: LabelHit, box: Box) => h.x0 >= box.x0 - 0.5 && h.x1 <= box.x1 + 0.5;
      result = result.filter((h) => !(h.line === upper && inside(h, head)) && !(h.line === lower && inside(h, part)));
      const x = xRange(lower, start, end);
      for (const label of labels)
        result.push({ ...label, line: lower, start, end, x0: Math.min(x.x0, head.x0), x1: Math.max(x.x1, head.x1) });
    }
  }
  return result;
}

type Box = { x0: number; x1: number };

/**
 * The upper part of the heading whose second line is `part`, with the labels the two make: the
 * whole cell above, or, where the row's cells stand closer than a segment's gap and so run together
 * in one segment ("Leverdatum Verval-" over "datum"), the words of it right above `part`.
 */
function headAbove(upper: Line, part: Segment, wholeLabel: WholeLabel): { head: Box; labels: Label[] } | null {
  const cell = upper.segments.find((s) => overlaps(s, part));
  if (!cell) return null;
  const whole = wholeLabel(joined(cell.text, part.text));
  if (whole.length) return { head: cell, labels: whole };
  const words = cell.words.filter((w) => overlaps(w.bbox, part));
  if (!words.length || words.length === cell.words.length) return null;
  const labels = wholeLabel(joined(words.map((w) => w.text).join(' '), part.text));
  const head = { x0: words[0]!.bbox.x0, x1: words.at(-1)!.bbox.x1 };
  return labels.length ? { head, labels } : null;
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

function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1;
}
