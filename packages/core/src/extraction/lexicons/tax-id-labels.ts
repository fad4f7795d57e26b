import table from './tax-id-labels.json' with { type: 'json' };
import { allWords, alternation, type WordsByLanguage } from './word-lists.js';

/**
 * Words of the labels of VAT and tax ids, per language in tax-id-labels.json ("VAT", "USt-IdNr.",
 * "TVA", "BTW"): a line that starts a word with one may print the id. Matched in any case as the
 * start of a word ("USt-IdNr.", "VATNo"), since an id's label runs into its number's words.
 */
export function taxIdLabels(data: WordsByLanguage): RegExp {
  return new RegExp(`\\b${alternation(allWords(data))}`, 'i');
}

/** Every language's tax-id label words. */
export const TAX_ID_LABEL: RegExp = taxIdLabels(table);
