import type { DocumentView } from '../document-view.js';
import type { Line } from '../layout/lines.js';
import { wordsInSpan } from '../locations/locate.js';
import { findAmounts } from '../values/amounts.js';

/**
 * Amounts in right-aligned columns and the sums a column prints under them. A column of money is
 * summed downwards: the rows' amounts add up to the net printed under them, the net and the tax to
 * the total under those. An amount that a later amount of its column completes to a sum (the
 * amount plus the amounts between them is that later amount) is a summand, not the sum: a row
 * under a "Total" column heading, or the net of a totals block printed without labels. The total
 * is the column's last sum, completed by nothing under it. Nothing here reads a word, so it holds
 * in every language and layout that sets money right-aligned.
 */

export interface PlacedAmount {
  value: number;
  page: number;
  line: number;
  /** The amount's characters in its line's text. */
  start: number;
  end: number;
  /** Right edge of the amount's words. */
  x1: number;
  /** The height of the amount's line, the unit of the alignment tolerance. */
  height: number;
}

/** Two amounts are in one column when their right edges are within this many line heights. */
const ALIGN = 1;
/** How many later amounts of the column are looked at for a sum. */
const REACH = 40;
/** The most lines a totals block spans from its net to its sum. */
const GAP = 6;
const EPSILON = 0.011;

/**
 * Every amount printed with decimals, placed (in the document's line order); with `wholes`, the
 * amounts printed without them too.
 */
export function placedAmounts(ctx: DocumentView, wholes = false): PlacedAmount[] {
  return ctx.lines.flatMap((line) =>
    findAmounts(line.text)
      .filter((a) => wholes || a.hasDecimals)
      .map((a) => ({
        value: a.value,
        page: line.page,
        line: line.index,
        start: a.start,
        end: a.end,
        x1: rightEdge(line, a.start, a.end),
        height: height(line),
      })),
  );
}

/** The placed amount of a value at a right edge on a page (half a line height either way). */
export function placedAt(
  placed: readonly PlacedAmount[],
  where: { value: number; page: number; x1: number },
): PlacedAmount | undefined {
  return placed.find(
    (p) =>
      p.page === where.page && Math.abs(p.value - where.value) < 0.005 && Math.abs(p.x1 - where.x1) <= p.height / 2,
  );
}

/**
 * The later amount of the column that is `own` plus the column's amounts between them (at least
 * one), or null: `own` is a summand of that sum.
 */
export function sumBelow(placed: readonly PlacedAmount[], own: PlacedAmount): PlacedAmount | null {
  const below = inColumn(placed, own)
    .filter((p) => p.line > own.line)
    .slice(0, REACH);
  let between = 0;
  for (const [i, p] of below.entries()) {
    if (i > 0 && Math.abs(own.value + between - p.value) < EPSILON) return p;
    between += p.value;
  }
  return null;
}

/**
 * The last sum `own` is a summand of, sum after sum down its column (`own` when none). The same
 * value right under `own` in its column is `own` printed again (a table of one row, its amount
 * repeated as the net), and the sums are looked for from there.
 */
export function lastSum(placed: readonly PlacedAmount[], own: PlacedAmount): PlacedAmount {
  const next = inColumn(placed, own).find((p) => p.line > own.line);
  let sum = next && Math.abs(next.value - own.value) < 0.005 ? next : own;
  for (let found = sumBelow(placed, sum); found; found = sumBelow(placed, sum)) sum = found;
  return sum;
}

/**
 * The two amounts printed right above a sum in its column that add up to it, the upper the larger:
 * the net and the tax of a totals block, read by their arithmetic where no label names them. The
 * tax must stay within `maxTaxShare` of the sum (VAT reaches 21% of the gross); the two are the
 * column's nearest amounts above the sum, on two lines, the upper at most `GAP` lines above it.
 */
export function partsAbove(
  placed: readonly PlacedAmount[],
  own: PlacedAmount,
  maxTaxShare: number,
): { net: PlacedAmount; tax: PlacedAmount } | null {
  const [net, tax] = inColumn(placed, own)
    .filter((p) => p.line < own.line)
    .slice(-2);
  if (!net || !tax || net.line === tax.line || own.line - net.line > GAP) return null;
  const agrees = Math.abs(net.value + tax.value - own.value) < EPSILON;
  return agrees && tax.value > 0 && tax.value < net.value && tax.value <= own.value * maxTaxShare ? { net, tax } : null;
}

/** The other amounts of `own`'s column on its page. */
export function inColumn(placed: readonly PlacedAmount[], own: PlacedAmount): PlacedAmount[] {
  const tolerance = ALIGN * Math.max(own.height, 1e-6);
  return placed.filter((p) => p.page === own.page && p !== own && Math.abs(p.x1 - own.x1) <= tolerance);
}

function rightEdge(line: Line, start: number, end: number): number {
  const words = wordsInSpan(line, start, end);
  return words.length ? Math.max(...words.map((w) => w.bbox.x1)) : line.x1;
}

function height(line: Line): number {
  return Math.max(0, line.y1 - line.y0);
}
