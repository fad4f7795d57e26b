import table from './key-words.json' with { type: 'json' };
import { allWords, alternation, wordsOf } from './word-lists.js';

/**
 * Keys of "Key: value" lines, per language in key-words.json (folded): `name_keys` are followed by
 * a company's name ("Firma: Handwerker GmbH", "Raison sociale : ..."), `address_keys` by its
 * address ("Anschrift:"). `articles` are no key at all: a speck read as a colon after one ("THE:
 * TOAST F&B") leaves the article in the name. `date_nouns` are the word "date" itself, a generic
 * date label, and `qualifier_joins` the words that join such a label to what it dates ("Date du
 * devis", "Fecha de oferta", "Date of supply"). `citing_words` say that the invoice named after them
 * is another one the document answers ("Bezug: Rechnung Nr. 12 vom ...", "Relates to invoice No.",
 * "Rif. fattura n."), as a credit note or a corrected invoice cites the invoice it corrects.
 */
export interface KeyWords {
  names: ReadonlySet<string>;
  addresses: ReadonlySet<string>;
  /** A printed key that is an article and its colon ("The:"), in any case. */
  articleKey: RegExp;
  articles: ReadonlySet<string>;
  dateNouns: ReadonlySet<string>;
  qualifierJoins: ReadonlySet<string>;
  citing: ReadonlySet<string>;
}

type List = 'name_keys' | 'address_keys' | 'articles' | 'date_nouns' | 'qualifier_joins' | 'citing_words';

export function keyWords(data: Readonly<Record<string, Partial<Record<List, readonly string[]>>>>): KeyWords {
  const words = (list: List) => allWords(wordsOf(data, list));
  return {
    names: new Set(words('name_keys')),
    addresses: new Set(words('address_keys')),
    articleKey: new RegExp(`^${alternation(words('articles'))}\\s*:\\s*$`, 'iu'),
    articles: new Set(words('articles')),
    dateNouns: new Set(words('date_nouns')),
    qualifierJoins: new Set(words('qualifier_joins')),
    citing: new Set(words('citing_words')),
  };
}

/** Every language's key words. */
export const KEY_WORDS: KeyWords = keyWords(table);
