import table from './country-names.json' with { type: 'json' };
import { allWords, type WordsByLanguage } from './word-lists.js';

/**
 * Countries' names as an address prints them, per language in country-names.json (folded:
 * "Österreich" is "osterreich"): a line that is one ends an address and is left out of it.
 */
export function countryNames(data: WordsByLanguage): ReadonlySet<string> {
  return new Set(allWords(data));
}

/** Every language's country names. */
export const COUNTRY_NAMES: ReadonlySet<string> = countryNames(table);
