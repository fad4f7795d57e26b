import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { ADJUSTMENT_WORDS } from '../lexicons/adjustment-words.js';
import { findAmounts } from './amounts.js';

/**
 * The amounts (as positive numbers) that a line naming a discount, coupon or voucher takes off:
 * a receipt's sum before them is more than what it charged ("Sub-Total 45.70, Coupon Discount
 * 14.80, Grand Total 30.90"). The words are data per language (lexicons/adjustment-words.json).
 */
export function discountsOn(line: Line): number[] {
  if (!ADJUSTMENT_WORDS.discount.test(fold(line.text))) return [];
  return findAmounts(line.text)
    .filter((a) => a.hasDecimals && a.value !== 0)
    .map((a) => Math.abs(a.value));
}
