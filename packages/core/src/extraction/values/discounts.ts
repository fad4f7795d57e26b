import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { findAmounts } from './amounts.js';

/** Words of a line that takes an amount off: a discount, coupon or voucher, in the five languages. */
const DISCOUNT =
  /\b(discount|disc|diskaun|coupon|voucher|rabatt|nachlass|remise|rabais|escompte|korting|descuento|sconto)\b/;

/**
 * The amounts (as positive numbers) that a line naming a discount, coupon or voucher takes off:
 * a receipt's sum before them is more than what it charged ("Sub-Total 45.70, Coupon Discount
 * 14.80, Grand Total 30.90").
 */
export function discountsOn(line: Line): number[] {
  if (!DISCOUNT.test(fold(line.text))) return [];
  return findAmounts(line.text)
    .filter((a) => a.hasDecimals && a.value !== 0)
    .map((a) => Math.abs(a.value));
}
