import table from './registration-words.json' with { type: 'json' };
import { allWords, wholeWords, type WordsByLanguage } from './word-lists.js';

/**
 * Words of the lines that print a company's registration, tax or bank numbers, per language in
 * registration-words.json (folded): "USt-IdNr.", "HRB", "SIRET", "KvK", "NIF", "Company No.",
 * "IBAN". The ranker learns how near such a line a name stands (ranking/features.ts).
 */
export function registrationWords(data: WordsByLanguage): RegExp {
  return wholeWords(allWords(data));
}

/** Every language's registration words, for folded text. */
export const REGISTRATION_WORDS: RegExp = registrationWords(table);
