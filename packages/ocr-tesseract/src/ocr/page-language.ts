/**
 * Which language a page's words are in, by franc's trigram statistics (franc-min), among the
 * languages the page was read in and the others it may be read again in (languages.ts).
 */
import { francAll } from 'franc-min';
import type { Word } from '@intake/core';

/**
 * Languages also guessed among, though no page is read again in them: other languages of the Latin
 * script with many writers, so that a Dutch, Swedish, Czech or Malay page is taken for its own
 * language rather than for the nearest one of those a page is read again in.
 */
const ALSO_GUESSED = ['nld', 'swe', 'ces', 'hun', 'ron', 'tur', 'hrv', 'ind', 'zlm'];

/**
 * Letters a page needs before its language is guessed (about two lines of an invoice's prose):
 * below it trigrams say little, and English receipts of 106 and 115 letters ("Office chair",
 * "Cash", "VISA") were taken for French.
 */
const MIN_LETTERS = 150;

/**
 * The language of `words` when it is one of `others` and none of `readIn`, the languages they were
 * read in: the page is then worth reading again in it. Null otherwise (too few letters to tell,
 * or a language the page was read in already). Codes are ISO 639-3, as both tesseract and franc
 * name these languages.
 */
export function otherLanguageOf(
  words: readonly Pick<Word, 'text'>[],
  readIn: readonly string[],
  others: readonly string[],
): string | null {
  if (others.length === 0) return null;
  // Words of letters only: amounts, dates and codes carry no language.
  const text = words
    .map((w) => w.text)
    .filter((t) => /\p{L}{2}/u.test(t))
    .join(' ');
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_LETTERS) return null;
  const [best] = francAll(text, {
    only: [...new Set([...readIn, ...others, ...ALSO_GUESSED])],
    minLength: MIN_LETTERS,
  });
  const code = best?.[0];
  return code !== undefined && others.includes(code) && !readIn.includes(code) ? code : null;
}
