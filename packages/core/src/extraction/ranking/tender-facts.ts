import type { DocumentView } from '../document-view.js';
import type { LabelKey } from '../labels/label-index.js';
import type { Line } from '../layout/lines.js';
import { findAmounts } from '../values/amounts.js';
import { discountsOn } from '../values/discounts.js';

/**
 * What a receipt says about the money that changed hands besides its total: the lines labelled as
 * cash tendered (or paid by card), change given and rounding, in any of the synonym lists'
 * languages, and the arithmetic between them. A total plus the change is what was tendered; the
 * amount tendered less the change is the total. These let the ranker tell the total from the
 * other amounts of a receipt's foot by what the lines mean, not by where a layout puts them.
 */

export type TenderClass = 'total' | 'paid' | 'change' | 'rounding';

const CLASS_OF: Partial<Record<LabelKey, TenderClass>> = {
  total_amount: 'total',
  paid_amount: 'paid',
  change: 'change',
  rounding: 'rounding',
};

export interface TenderFacts {
  /** Per line index, the classes of the outright (strength 1) labels on it. */
  classes: Map<number, Set<TenderClass>>;
  /** Amounts printed on lines labelled as paid or tendered (and not as a total). */
  paid: number[];
  /** Positive amounts printed on lines labelled as change. */
  change: number[];
  /** Every positive amount with decimals. */
  amounts: number[];
  /** Amounts (as positive numbers) printed on lines that name a discount, coupon or voucher. */
  discounts: number[];
}

const EPSILON = 0.005;

export function tenderFacts(ctx: DocumentView): TenderFacts {
  const classes = new Map<number, Set<TenderClass>>();
  for (const hit of ctx.labels.hits) {
    const found = CLASS_OF[hit.key];
    if (!found || hit.strength < 1) continue;
    const set = classes.get(hit.line.index) ?? new Set<TenderClass>();
    set.add(found);
    classes.set(hit.line.index, set);
  }
  const paid: number[] = [];
  const change: number[] = [];
  const amounts: number[] = [];
  const discounts: number[] = [];
  for (const line of ctx.lines) {
    const values = decimalAmounts(line);
    amounts.push(...values);
    const set = classes.get(line.index);
    if (set?.has('paid') && !set.has('total')) paid.push(...values);
    if (set?.has('change')) change.push(...values);
    discounts.push(...discountsOn(line));
  }
  return { classes, paid, change, amounts, discounts };
}

/**
 * Features of a total candidate on `line`: whether its line is labelled only as tendered, as
 * change or as rounding; whether the value plus a printed change is a printed tendered amount
 * (the value is the total), or any other printed amount (the tendered one's label may say "total",
 * as in "Accepted total", or be misread); whether the value less a printed change is another
 * printed amount (the value is what was tendered); whether the value less a printed discount is
 * another printed amount (the value is the sum before the discount, not what was charged).
 */
export function tenderFeatures(facts: TenderFacts, line: Line, value: number): number[] {
  const set = facts.classes.get(line.index);
  // Whether x is printed on the document as another amount than the value itself.
  const printedOther = (x: number): boolean =>
    facts.amounts.some((a) => Math.abs(x - a) < EPSILON && Math.abs(a - value) > EPSILON);
  const lessIsPrinted = (taken: readonly number[]): boolean => taken.some((c) => printedOther(value - c));
  const plusChange = facts.change.some((c) => c > 0 && printedOther(value + c));
  return [
    set?.has('paid') && !set.has('total') ? 1 : 0,
    set?.has('change') ? 1 : 0,
    set?.has('rounding') ? 1 : 0,
    lessIsPrinted(facts.change) ? 1 : 0,
    plusChange ? 1 : 0,
    lessIsPrinted(facts.discounts) ? 1 : 0,
  ];
}

export const TENDER_FEATURES = [
  'line_tendered',
  'line_change',
  'line_rounding',
  'less_change_is_printed',
  'plus_change_is_printed',
  'less_discount_is_printed',
] as const;

function decimalAmounts(line: Line): number[] {
  return findAmounts(line.text)
    .filter((a) => a.hasDecimals && a.value > 0)
    .map((a) => a.value);
}
