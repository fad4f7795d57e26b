/**
 * Word lists kept as data, one list per language ({ "en": [...], "de": [...] }), and the matchers
 * built from them. The words of the lists that match folded text (layout/fold.ts) are written
 * folded: lower case, no diacritics, one space between words. A matcher escapes every word, so a
 * "." or "(" in a list is the character itself.
 */

/** One list of words per language, keyed by the language's ISO 639-1 code. */
export type WordsByLanguage = Readonly<Record<string, readonly string[]>>;

/** Every language's words, each once, in the order the table lists them. */
export function allWords(table: WordsByLanguage): string[] {
  return [...new Set(Object.values(table).flat())];
}

/** The words of one list of each language, from a table whose languages hold several lists. */
export function wordsOf<K extends string>(
  table: Readonly<Record<string, Partial<Record<K, readonly string[]>>>>,
  list: K,
): WordsByLanguage {
  const picked: Record<string, readonly string[]> = {};
  for (const [language, lists] of Object.entries(table)) picked[language] = lists[list] ?? [];
  return picked;
}

/** The word with every regular-expression metacharacter escaped. */
export const escapeWord = (word: string) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The words as one regular-expression alternative, longest first, each escaped: `(?:versandkosten|versand)`. */
export function alternation(words: readonly string[]): string {
  return `(?:${[...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeWord)
    .join('|')})`;
}

/** A matcher for any of the words standing whole (`\b` on either side). */
export function wholeWords(words: readonly string[], flags = ''): RegExp {
  return new RegExp(`\\b${alternation(words)}\\b`, flags);
}
