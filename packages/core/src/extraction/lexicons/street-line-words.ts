import table from './address-words.json' with { type: 'json' };
import { allWords, wholeWords, wordsOf } from './word-lists.js';

/**
 * Words that make a name-like line a street instead ("34 Market Road", "boulevard Voltaire 38",
 * "Jalan Ampang"), per language as `street_line_words` in address-words.json (folded), matched
 * whole in any case in the line as printed. The address's own street words (`streets`,
 * fields/address-numbers.ts) are a list of their own.
 */
export function streetLineWords(
  data: Readonly<Record<string, Partial<Record<'street_line_words', readonly string[]>>>>,
): RegExp {
  return wholeWords(allWords(wordsOf(data, 'street_line_words')), 'i');
}

/** Every language's street-line words. */
export const STREET_LINE_WORDS: RegExp = streetLineWords(table);
