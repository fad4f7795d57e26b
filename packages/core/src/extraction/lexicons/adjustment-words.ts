import table from './adjustment-words.json' with { type: 'json' };
import { allWords, wholeWords, wordsOf } from './word-lists.js';

/**
 * Words of the lines that change a sum, per language in adjustment-words.json (folded):
 * `discounts` take an amount off ("Rabatt", "Coupon"), `charges` add one to the goods ("Shipping",
 * "Frais de port"), `early_payment` name a discount for paying early in payment terms ("3%
 * Skonto innerhalb 10 Tagen"), `deposits` name a returnable container's deposit a receipt charges
 * under the item ("Pfand 0,25", "Statiegeld 0,10").
 */
export interface AdjustmentWords {
  discount: RegExp;
  charge: RegExp;
  earlyPayment: RegExp;
  deposit: RegExp;
}

type List = 'discounts' | 'charges' | 'early_payment' | 'deposits';

/** The matchers of a table shaped as adjustment-words.json, each for folded text. */
export function adjustmentWords(
  data: Readonly<Record<string, Partial<Record<List, readonly string[]>>>>,
): AdjustmentWords {
  // A list no language fills matches nothing (an empty alternation would match everywhere).
  const matcher = (list: List) => {
    const words = allWords(wordsOf(data, list));
    return words.length ? wholeWords(words) : /(?!)/;
  };
  return {
    discount: matcher('discounts'),
    charge: matcher('charges'),
    earlyPayment: matcher('early_payment'),
    deposit: matcher('deposits'),
  };
}

/** Every language's adjustment words. */
export const ADJUSTMENT_WORDS: AdjustmentWords = adjustmentWords(table);
