import table from './detail-line-words.json' with { type: 'json' };
import { allWords, wholeWords, type WordsByLanguage } from './word-lists.js';

/**
 * Words of a letterhead's detail lines, per language in detail-line-words.json (folded): a phone or
 * fax number, an e-mail or web address, a tax or registration number, a street ("Tel", "E-Mail",
 * "GST ID", "USt", "Jalan", "Rue"). The ranker learns that a seller's name stands above them
 * (ranking/name-features.ts).
 */
export function detailLineWords(data: WordsByLanguage): RegExp {
  return wholeWords(allWords(data));
}

/** Every language's detail-line words, for folded text. */
export const DETAIL_LINE_WORDS: RegExp = detailLineWords(table);
