import table from './address-words.json' with { type: 'json' };
import { alternation, allWords, wholeWords, wordsOf } from './word-lists.js';

type AddressTable = Readonly<Record<string, Partial<Record<'street_line_words' | 'saint_words', readonly string[]>>>>;

/**
 * Words that make a name-like line a street instead ("34 Market Road", "boulevard Voltaire 38",
 * "Jalan Ampang"), per language as `street_line_words` in address-words.json (folded), matched
 * whole in any case in the line as printed. The address's own street words (`streets`,
 * fields/address-numbers.ts) are a list of their own.
 */
export function streetLineWords(data: AddressTable): RegExp {
  return wholeWords(allWords(wordsOf(data, 'street_line_words')), 'i');
}

/**
 * A saint's abbreviation before the saint's capitalised name ("St Mary's", "St. Johannis",
 * "St-Étienne", "Ste-Foy"), per language as `saint_words` in address-words.json: printed with a
 * capital, it starts the name of a church, a hospital, a school or a town, where the same letters
 * after a street's name ("High St") end a street.
 */
export function saintNames(data: AddressTable): RegExp {
  const words = allWords(wordsOf(data, 'saint_words')).flatMap((w) => [
    w[0]!.toUpperCase() + w.slice(1),
    w.toUpperCase(),
  ]);
  return new RegExp(`\\b${alternation(words)}(?:\\.\\s?|\\s|-)(?=\\p{Lu}\\p{L})`, 'gu');
}

/** Every language's street-line words. */
export const STREET_LINE_WORDS: RegExp = streetLineWords(table);

/** Every language's saints' abbreviations before a name. */
export const SAINT_NAMES: RegExp = saintNames(table);
