import table from './self-billing-words.json' with { type: 'json' };
import { allWords, wholeWords, type WordsByLanguage } from './word-lists.js';

/**
 * Words by which a page says it is a self-billed invoice (UNTDID 1001 code 389), issued by the
 * customer for its supplier, per language in self-billing-words.json (folded): "self-billing",
 * "Gutschriftsverfahren", "autofacturation", "facturación por el destinatario", "autofattura". A
 * bare "Gutschrift" is none: German prints it over credit notes as well.
 */
export function selfBillingWords(data: WordsByLanguage): RegExp {
  return wholeWords(allWords(data));
}

/** Every language's self-billing words, for folded text. */
export const SELF_BILLING_WORDS: RegExp = selfBillingWords(table);
