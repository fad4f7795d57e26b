import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { ADJUSTMENT_WORDS } from '../lexicons/adjustment-words.js';
import { findAmounts } from './amounts.js';
import { discountsOn } from './discounts.js';

/**
 * Summary lines that change the sum between the subtotal and the total: a discount taken off (discounts.ts)
 * or a charge added (shipping, freight, delivery, handling, postage), so that subtotal + tax = total
 * holds only with them: "Subtotal 100.00, Shipping 12.50, VAT 22.50, Total 135.00"; "Base imponible
 * 12.457,57, Descuento -622,88, IVA 2.485,28, Total 14.319,97". Printed as positive numbers either
 * way: the line's words say which way the amount goes.
 */
export interface Adjustments {
  discounts: readonly number[];
  charges: readonly number[];
}

/** A line that adds a charge to the goods names it (lexicons/adjustment-words.json). */
function chargesOn(line: Line): number[] {
  if (!ADJUSTMENT_WORDS.charge.test(fold(line.text))) return [];
  return findAmounts(line.text)
    .filter((a) => a.hasDecimals && a.value > 0)
    .map((a) => a.value);
}

/**
 * The summary's discount and charge lines: a label and one amount. An item row that names a charge
 * ("Frais de port 10 x 1,69 16,90") prints its price beside its amount, and a price is no charge
 * (at 10% on ten of them, a row's price is even its tax).
 */
export function adjustmentsOf(lines: readonly Line[]): Adjustments {
  const summary = lines.filter((line) => findAmounts(line.text).filter((a) => a.hasDecimals).length === 1);
  return { discounts: summary.flatMap(discountsOn), charges: summary.flatMap(chargesOn) };
}

/**
 * Whether net + tax is the total, as printed or with one printed discount taken off, one printed
 * charge added, or both: no more, so that amounts seldom add up by chance.
 */
export function addsUp(net: number, tax: number, total: number, adjustments: Adjustments, epsilon: number): boolean {
  const near = (sum: number) => Math.abs(sum - total) < epsilon;
  // 0 first in each: the sum as printed, then with a discount alone, a charge alone, or both.
  return [0, ...adjustments.discounts].some((d) => [0, ...adjustments.charges].some((c) => near(net + tax - d + c)));
}
