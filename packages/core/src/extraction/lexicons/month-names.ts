import table from './month-names.json' with { type: 'json' };
import { escapeWord } from './word-lists.js';

/**
 * Month names as data, per language in month-names.json: twelve lists, January's first, each a
 * month's names and abbreviations in lower case ("januar", "jänner", "jan"). Dates are searched in
 * text without diacritics, so each name counts without them too ("février" as "fevrier",
 * "października" as "pazdziernika"): the data lists names as printed.
 */
export interface MonthNames {
  /** The month (1 to 12) of a name as listed, or undefined. */
  month(name: string): number | undefined;
  /**
   * Every name as one regular-expression alternative, longest first. Month names as OCR sets them:
   * a long name with its capital set apart ("J anuary", "S eptember": the capital's wider glyph
   * read as a word of its own) is still the month. Short names are left whole, where a letter and
   * a word ("m ai") could be anything.
   */
  pattern: string;
  /** Every name as listed and without its diacritics, lower case. */
  names: readonly string[];
}

export function monthNames(data: Readonly<Record<string, readonly (readonly string[])[]>>): MonthNames {
  const months = new Map<string, number>();
  for (const names of Object.values(data))
    names.forEach((list, k) =>
      list.forEach((n) => {
        months.set(n, k + 1);
        months.set(withoutDiacritics(n), k + 1);
      }),
    );
  const pattern = [...months.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => (name.length >= 5 ? `${escapeWord(name[0]!)}\\s?${escapeWord(name.slice(1))}` : escapeWord(name)))
    .join('|');
  return { month: (name) => months.get(name), pattern, names: [...months.keys()] };
}

const withoutDiacritics = (name: string): string => name.normalize('NFKD').replace(/\p{M}/gu, '');

/** Every language's month names. */
export const MONTH_NAMES: MonthNames = monthNames(table);
