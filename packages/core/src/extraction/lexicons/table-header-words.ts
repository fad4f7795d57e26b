import table from './table-header-words.json' with { type: 'json' };

/**
 * The words naming a line-item table's columns, per language in table-header-words.json (folded):
 * one list per column, and `description_proper`, the description column's words that name the
 * description itself and no item number ("ITEM #  DESCRIPTION"). Words other than the four
 * columns' ("VAT", "Rabatt", "Code") name a column of numbers that are no price.
 */
export type Column = 'description' | 'quantity' | 'unit_price' | 'amount' | 'other';

const COLUMNS: readonly Column[] = ['description', 'quantity', 'unit_price', 'amount', 'other'];

export interface HeaderPhrase {
  column: Column;
  /** The phrase's folded words ("unit price" -> unit, price). */
  tokens: string[];
}

export interface TableHeaderWords {
  /** Every column's phrases, those of more words first. */
  phrases: HeaderPhrase[];
  /** The description's own words, as phrases ("artikelbeschreibung"). */
  descriptionProper: ReadonlySet<string>;
}

type Table = Readonly<Record<string, Partial<Record<Column | 'description_proper', readonly string[]>>>>;

export function tableHeaderWords(data: Table): TableHeaderWords {
  const languages = Object.values(data);
  const phrases = COLUMNS.flatMap((column) =>
    [...new Set(languages.flatMap((words) => words[column] ?? []))].map((phrase) => ({
      column,
      tokens: phrase.split(' '),
    })),
  ).sort((a, b) => b.tokens.length - a.tokens.length);
  return { phrases, descriptionProper: new Set(languages.flatMap((words) => words.description_proper ?? [])) };
}

/** Every language's column words. */
export const TABLE_HEADER_WORDS: TableHeaderWords = tableHeaderWords(table);
