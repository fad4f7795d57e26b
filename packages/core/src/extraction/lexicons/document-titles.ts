import table from './document-titles.json' with { type: 'json' };
import { allWords, alternation, wordsOf } from './word-lists.js';

/**
 * Words of a document's title, per language in document-titles.json (folded). `heading_words`
 * stand first on a line that heads a page and names no one ("INVOICE # 2022/91051", "Bon de
 * commande", "Copy", "Page 2"), after one of the `heading_prefixes` or none ("Tax Invoice");
 * `whole_titles` name the document whole and no company's name ends with them ("Rechnung").
 */
export interface DocumentTitles {
  /** A folded text that starts with a heading word. */
  heading: RegExp;
  /** A folded text that is a whole title and nothing else. */
  whole: RegExp;
}

type List = 'heading_words' | 'heading_prefixes' | 'whole_titles';

/** The matchers of a table shaped as document-titles.json, each for folded text. */
export function documentTitles(
  data: Readonly<Record<string, Partial<Record<List, readonly string[]>>>>,
): DocumentTitles {
  const words = (list: List) => allWords(wordsOf(data, list));
  const prefixes = words('heading_prefixes');
  const prefix = prefixes.length ? `(?:${alternation(prefixes)} )?` : '';
  return {
    heading: new RegExp(`^${prefix}${alternation(words('heading_words'))}\\b`),
    whole: new RegExp(`^${alternation(words('whole_titles'))}$`),
  };
}

/** Every language's title words. */
export const DOCUMENT_TITLES: DocumentTitles = documentTitles(table);
