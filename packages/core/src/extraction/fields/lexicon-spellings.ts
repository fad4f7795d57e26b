import de from '../lexicons/words/de.json' with { type: 'json' };
import en from '../lexicons/words/en.json' with { type: 'json' };
import fr from '../lexicons/words/fr.json' with { type: 'json' };
import ms from '../lexicons/words/ms.json' with { type: 'json' };
import { isLegalFormWord } from './party-lines.js';

/**
 * A word of an OCR'd name that is no word of the lexicons (lexicons/words/*.json: common words of
 * English, German, French and Malay, data per language) but becomes one by undoing a single
 * character confusion OCR is known for (0/O, 1/I/l, I/l, 5/S, 8/B, rn/m, vv/w) is written back as
 * that word, in the case it was read in: "MINL" is "MINI". Only when exactly one word can be meant;
 * a word of the lexicons, a short word (under four letters) and a word no confusion turns into a
 * word (a proper name: "FUYI", "ZHENG") stay as read. A word OCR split in two or three
 * ("CONF ECT LONERY") is joined when the pieces are no words and the whole is one, also after one
 * confusion.
 */

const WORDS: ReadonlySet<string> = new Set([en, de, fr, ms].flat());

const MIN_LETTERS = 4;

/** [as read, as meant]: undoing one of these at one place is the only repair tried. */
const CONFUSIONS: readonly [string, string][] = [
  ['0', 'o'],
  ['1', 'i'],
  ['1', 'l'],
  ['l', 'i'],
  ['i', 'l'],
  ['5', 's'],
  ['8', 'b'],
  ['rn', 'm'],
  ['m', 'rn'],
  ['vv', 'w'],
];

export function respellByLexicon(name: string): string {
  const words = name.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const joined = joinSplit(words, i);
    if (joined) {
      out.push(joined.word);
      i += joined.taken;
      continue;
    }
    out.push(respellWord(words[i]!));
    i++;
  }
  return out.join(' ');
}

function respellWord(word: string): string {
  const match = /^([^\p{L}\p{N}]*)([\p{L}\p{N}]+)([^\p{L}\p{N}]*)$/u.exec(word);
  if (!match) return word;
  const [, before, core, after] = match as unknown as [string, string, string, string];
  const meant = meaning(core.toLowerCase());
  return meant === null ? word : before + inCaseOf(core, meant) + after;
}

/**
 * The one lexicon word `read` becomes by undoing a confusion; null when none or several, or when it
 * is a word. A shorter word is only repaired from a digit into a legal form, a closed set ("C0." is
 * "CO."): a letter for a letter is too often another short word ("SRI" is no misread "SRL").
 */
function meaning(read: string): string | null {
  if (WORDS.has(read) || isLegalFormWord(read) || /^\d+$/.test(read)) return null;
  const short = read.length < MIN_LETTERS;
  const found = new Set<string>();
  for (const [from, to] of CONFUSIONS) {
    if (short && !/\d/.test(from)) continue;
    for (let at = read.indexOf(from); at >= 0; at = read.indexOf(from, at + 1)) {
      const variant = read.slice(0, at) + to + read.slice(at + from.length);
      if (short ? isLegalFormWord(variant) : WORDS.has(variant)) found.add(variant);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** Two or three pieces of letters, none a word, that together are one (as read or after a confusion). */
function joinSplit(words: readonly string[], i: number): { word: string; taken: number } | null {
  for (const taken of [3, 2]) {
    const pieces = words.slice(i, i + taken);
    if (pieces.length < taken || !pieces.every((p) => /^\p{L}+$/u.test(p))) continue;
    if (pieces.some((p) => WORDS.has(p.toLowerCase()))) continue;
    const whole = pieces.join('');
    const lower = whole.toLowerCase();
    const meant = WORDS.has(lower) ? lower : meaning(lower);
    if (meant !== null && meant.length >= 6) return { word: inCaseOf(whole, meant), taken };
  }
  return null;
}

/** `spelling` in the case of `word`: all capitals, a capital first, or as the lexicon has it. */
function inCaseOf(word: string, spelling: string): string {
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (letters && letters === letters.toUpperCase()) return spelling.toUpperCase();
  if (/^\p{Lu}/u.test(word)) return spelling[0]!.toUpperCase() + spelling.slice(1);
  return spelling;
}
