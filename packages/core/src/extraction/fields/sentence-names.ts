import courtesy from '../lexicons/courtesy-words.json' with { type: 'json' };
import phrases from '../lexicons/name-phrases.json' with { type: 'json' };
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

/** A phrase's words with or without the space between them: OCR runs a short word into the next ("afavore di"). */
const phrasePattern = (phrases: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s*'))
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
/**
 * Phrases that stand next to a company's name in a sentence, per language
 * (lexicons/name-phrases.json): at a signature line's start ("for X"), before it ("Please make cheques payable to X", "Account name: X",
 * "Chèques à l'ordre de X", "t.n.v. X"), or between a trading name and its parent company, in
 * either order ("X is a trading name of Y", "X ist eine Marke der Y"; "Y trading as X"). Phrases
 * that introduce an organization other than the two parties (`other_after`: a bank "Bank: Y", a
 * service "Erstellt mit Y", a carrier "Shipped via Y", a partner "Membre du groupe Y", an insurer
 * "Berufshaftpflicht: Y") are read as a parent's: only the text before them may name the seller.
 */
const BEFORE_NAME = phrasePattern(Object.values(phrases.before_name).flat());
const PARENT_AFTER = phrasePattern(
  [...Object.values(phrases.parent_after), ...Object.values(phrases.other_after)].flat(),
);
const TRADING_AFTER = phrasePattern(Object.values(phrases.trading_after).flat());
/**
 * Words that open a signature's company line, only at the start of a line ("for Harbor Foods Ltd"
 * under "Yours faithfully, / Tom Becker"; "i. A. der Becker Technik e.K.", "Pour la société X",
 * "p.p. X", "Namens X"): anywhere else "for" and "por" are a sentence's words.
 */
const SIGNATURE_START = new RegExp(
  `^\\s*${phrasePattern(Object.values(phrases.signature_before_name).flat()).source}`,
  'iu',
);

/**
 * The name a sentence holds, without its other words: the trading name beside a parent company's
 * phrase, the text after the last phrase that introduces a name, or the text after the last comma
 * of a courtesy sentence ("Thank you for your business, X"). Undefined when the text is no such
 * sentence: its name, if any, is the text itself. Empty when the sentence holds no name-shaped part.
 */
export function namesInSentence(text: string): string[] | undefined {
  const names = sentenceParts(text);
  return names && names.map((name) => trimPunctuation(beforeSentenceGoesOn(name))).filter(isNamePart);
}

/** A name up to a comma the sentence goes on after in small letters ("X Ltd, account 12-3456"). */
const beforeSentenceGoesOn = (text: string) => text.split(/,\s+(?=\p{Ll})/u)[0]!;

function sentenceParts(text: string): string[] | undefined {
  // The name the seller trades under is the one it presents itself by: the parent company is
  // another, and so are a bank, service, carrier, partner or insurer named after their phrase.
  const parent = text.split(PARENT_AFTER);
  if (parent.length > 1) return sentenceParts(parent[0]!) ?? [parent[0]!];
  const trading = text.split(TRADING_AFTER);
  if (trading.length > 1) return [trading.at(-1)!];
  const before = [...text.matchAll(BEFORE_NAME)].at(-1);
  if (before) return [text.slice(before.index + before[0].length)];
  const signature = SIGNATURE_START.exec(text);
  if (signature) return [text.slice(signature[0].length)];
  const comma = text.lastIndexOf(',');
  if (comma > 0 && foldedTokens(text.slice(0, comma)).some((w) => SENTENCE_WORDS.has(w)))
    return [text.slice(comma + 1)];
  return undefined;
}

/** A name starts with a capital or a digit and holds no courtesy word ("please contact" is the sentence going on). */
const isNamePart = (part: string) =>
  /^[\p{Lu}\p{N}]/u.test(part) && !foldedTokens(part).some((w) => SENTENCE_WORDS.has(w));

const trimPunctuation = (text: string) => text.replace(/^[\s:,;.!—–-]+|[\s:,;!—–-]+$/gu, '');
