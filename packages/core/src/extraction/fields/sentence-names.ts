import courtesy from '../lexicons/courtesy-words.json' with { type: 'json' };
import { foldedTokens } from '../layout/fold.js';
import { hasLegalForm } from './party-lines.js';

/**
 * A line that reads as a sentence ("THANK YOU AND DO VISIT US AGAIN.", "Please come again!") is a
 * courtesy line or a slogan, never a company's name: name candidates leave it out, and plausibility
 * doubts a name given as one (a buyer's block may still hold it). The courtesy words are data, per
 * language, in lexicons/courtesy-words.json.
 */

/** A name of at least this many words with a sentence's words in it is a sentence. */
export const SENTENCE_MIN_WORDS = 3;

/** Words of courtesy lines and slogans that company names do not use (folded), all languages. */
const SENTENCE_WORDS: ReadonlySet<string> = new Set(Object.values(courtesy).flat());

export function isSentence(name: string): boolean {
  const words = foldedTokens(name);
  if (words.length < SENTENCE_MIN_WORDS || hasLegalForm(name)) return false;
  return /[!?]\s*$/.test(name) || words.some((w) => SENTENCE_WORDS.has(w));
}
