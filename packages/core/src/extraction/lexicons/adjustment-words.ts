import table from './adjustment-words.json' with { type: 'json' };
import { allWords, wholeWords, wordsOf } from './word-lists.js';

/**
 * Words of the lines that change a sum, per language in adjustment-words.json (folded):
 * `discounts` take an amount off ("Rabatt", "Coupon"), `charges` add one to the goods ("Shipping",
 * "Frais de port"), `early_payment` name a discount for paying early in payment terms ("3%
 * Skonto innerhalb 10 Tagen").
 */
export interface AdjustmentWords {
  discount: RegExp;
  charge: RegExp;
  earlyPayment: RegExp;
}

type List = 'discounts' | 'charges' | 'early_payment';

/** The matchers of a table shaped as adjustment-words.json, each for folded text. */
export function adjustmentWords(
  data: Readonly<Record<string, Partial<Record<List, readonly string[]>>>>,
): AdjustmentWords {
  const matcher = (list: List) => wholeWords(allWords(wordsOf(data, list)));
  return { discount: matcher('discounts'), charge: matcher('charges'), earlyPayment: matcher('early_payment') };
}

/** Every language's adjustment words. */
export const ADJUSTMENT_WORDS: AdjustmentWords = adjustmentWords(table);
