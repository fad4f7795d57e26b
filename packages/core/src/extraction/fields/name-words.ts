import lookalikes from '../lexicons/ocr-lookalikes.json' with { type: 'json' };
import nameLookalikes from '../lexicons/ocr-name-lookalikes.json' with { type: 'json' };
import type { DocumentView } from '../document-view.js';
import { foldedTokens } from '../layout/fold.js';
import { isListedWord, pageLanguages } from '../lexicons/language-words.js';
import type { Candidate, NameRepair } from './candidates.js';

/**
 * Words of a name that OCR misread, put right against a word list of the page's language
 * (lexicons/language-words.ts): "Marketina" is "Marketing", "CONF ECT LONERY" is "CONFECTIONERY",
 * "STATIONERYSHOP" is "STATIONERY SHOP". A word is changed only when the list leaves no doubt:
 *
 * - a word of five letters or more that is no word of any list, where exactly one word of the
 *   page's languages is one known confusion away (a letter read as its look-alike,
 *   lexicons/ocr-lookalikes.json and ocr-name-lookalikes.json: "a" for "g", "l" for "i", "rn" for
 *   "m"), becomes that word, the new letter in the case of the glyph it replaces;
 * - two or three words, none of them a word of a list, whose letters run together are a word (or
 *   one confusion from exactly one word), are joined;
 * - a word of twelve letters or more that is two words of the page's languages run together, in
 *   exactly one way, each of three letters or more, is split, except on a German page, whose
 *   compounds are written as one word.
 *
 * A word the page prints twice or more is left as read: two readings agree (a brand printed in
 * the header and the footer). So are short words ("MINL", "3"), words with a capital after a small
 * letter ("PappaRich", a brand's own spelling), words with a digit at an end or two digits (a code,
 * "A1B2", "OLIVE9") and words with punctuation inside ("D.I.Y.", "F&B").
 */

/** What the repair reads from the page: its languages and how often each folded word is printed. */
export interface PageWords {
  languages: readonly string[];
  counts: ReadonlyMap<string, number>;
}

const MIN_LETTERS = 5;
/** A join that also needs a look-alike letter put right is long enough not to meet a word by chance. */
const MIN_JOINED_WITH_LOOKALIKE = 8;
const MIN_SPLIT_PART = 3;
/**
 * A word split in two is this long at least: a name's coined compounds are mostly short
 * ("BROADVIEW", "SUNWAY", "FAMILYMART", two words of a list each), a longer run of two words more
 * often a space OCR lost ("STATIONERYSHOP").
 */
const MIN_SPLIT_LETTERS = 12;
/**
 * Languages that write a compound as one word: on their pages a long word of two listed words is
 * the compound as printed ("Elektrotechnik", "Gebäudereinigung"), not a space OCR lost.
 */
const CLOSED_COMPOUNDS: ReadonlySet<string> = new Set(['de']);

/**
 * Glyph OCR read -> the letters it may stand for, from both look-alike tables. Two letters that
 * look alike are confused both ways ("o" read for "d" and "d" for "o"); a digit or a pair of
 * letters ("rn") stands for a letter, not the other way round.
 */
const READ_AS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  const add = (glyph: string, letter: string) => map.set(glyph, (map.get(glyph) ?? new Set()).add(letter));
  for (const table of [lookalikes, nameLookalikes] as Record<string, string[]>[])
    for (const [letter, glyphs] of Object.entries(table))
      for (const glyph of glyphs) {
        add(glyph, letter);
        if (/^\p{L}$/u.test(glyph)) add(letter, glyph);
      }
  return new Map([...map].map(([glyph, letters]) => [glyph, [...letters]]));
})();

const pages = new WeakMap<DocumentView['lines'], PageWords>();

/** The page's words, counted, and its languages; computed once per document. */
export function pageWords(ctx: DocumentView): PageWords {
  const known = pages.get(ctx.lines);
  if (known) return known;
  const counts = new Map<string, number>();
  const words = ctx.lines.flatMap((line) => foldedTokens(line.text));
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const page = { languages: pageLanguages(words), counts };
  pages.set(ctx.lines, page);
  return page;
}

/** An OCR'd candidate with its name's misread words put right, and what was done when anything was. */
export function withNameWords(ctx: DocumentView, candidate: Candidate): Candidate {
  if (!candidate.line.ocr || typeof candidate.value !== 'string') return candidate;
  const { name, repairs } = repairNameWords(candidate.value, pageWords(ctx));
  return repairs.length === 0
    ? candidate
    : { ...candidate, value: name, repairs: [...(candidate.repairs ?? []), ...repairs] };
}

interface Token {
  before: string;
  core: string;
  after: string;
}

/** A name's words put right against the page's word lists; `repairs` says what was done. */
export function repairNameWords(name: string, page: PageWords): { name: string; repairs: NameRepair[] } {
  if (page.languages.length === 0) return { name, repairs: [] };
  const tokens = name.split(' ');
  const out: string[] = [];
  const repairs: NameRepair[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const joined = joinAt(tokens, i, page);
    if (joined) {
      out.push(joined.text);
      repairs.push(...joined.repairs);
      i += joined.count - 1;
      continue;
    }
    const single = repairToken(tokens[i]!, page);
    out.push(single?.text ?? tokens[i]!);
    if (single) repairs.push(single.repair);
  }
  return { name: out.join(' '), repairs };
}

function parse(token: string): Token | null {
  const match = /^([^\p{L}\p{N}]*)([\p{L}\p{N}]+)([^\p{L}\p{N}]*)$/u.exec(token);
  return match ? { before: match[1]!, core: match[2]!, after: match[3]! } : null;
}

/**
 * Lower case without diacritics, one UTF-16 unit for one ("Bäckerei" -> "backerei"), so that a
 * place in it is the same place in the word as printed.
 */
const lower = (text: string) =>
  text
    .split('')
    .map((c) => (c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() || c).slice(0, 1))
    .join('');

const isWord = (word: string) => isListedWord(word);
const printedAgain = (word: string, page: PageWords) => (page.counts.get(word) ?? 0) > 1;

/** Two or three words of letters, no word of any list, whose letters together are a word (or one look-alike from one). */
function joinAt(tokens: string[], i: number, page: PageWords) {
  for (const count of [3, 2]) {
    const parts = tokens.slice(i, i + count).map(parse);
    if (parts.length < count || parts.some((p) => p === null)) continue;
    const ok = parts.every(
      (p, k) =>
        /^\p{L}+$/u.test(p!.core) &&
        (k === 0 || p!.before === '') &&
        (k === count - 1 || p!.after === '') &&
        !isWord(lower(p!.core)) &&
        !printedAgain(lower(p!.core), page),
    );
    if (!ok) continue;
    const core = parts.map((p) => p!.core).join('');
    if (core.length < MIN_LETTERS || camelCased(core)) continue;
    const text = (c: string) => parts[0]!.before + c + parts[count - 1]!.after;
    if (isListedWord(lower(core), page.languages))
      return { text: text(core), count, repairs: ['join'] as NameRepair[] };
    const fixed = core.length >= MIN_JOINED_WITH_LOOKALIKE ? lookalikeWord(core, page) : null;
    if (fixed) return { text: text(fixed), count, repairs: ['join', 'lookalike'] as NameRepair[] };
  }
  return null;
}

/** "PappaRich", "McDONALD": a capital after a small letter is a brand's own spelling. */
const camelCased = (core: string) => /\p{Ll}\p{Lu}/u.test(core);

function repairToken(token: string, page: PageWords): { text: string; repair: NameRepair } | null {
  const parsed = parse(token);
  if (!parsed) return null;
  const { before, core, after } = parsed;
  const digits = (core.match(/\p{N}/gu) ?? []).length;
  const folded = lower(core);
  if (core.length < MIN_LETTERS || camelCased(core) || isWord(folded) || printedAgain(folded, page)) return null;
  // A code or a brand with digits: two digits, or one at either end ("OLIVE9", "A1B2").
  if (digits > 1 || /^\p{N}|\p{N}$/u.test(core)) return null;
  const fixed = lookalikeWord(core, page);
  if (fixed) return { text: before + fixed + after, repair: 'lookalike' };
  const split =
    digits === 0 && core.length >= MIN_SPLIT_LETTERS && !page.languages.some((l) => CLOSED_COMPOUNDS.has(l))
      ? splitWord(core, page)
      : null;
  return split ? { text: before + split + after, repair: 'split' } : null;
}

/**
 * The word with one glyph put back as the letter it stands for, when exactly one word of the
 * page's languages comes out of all the ways to do so; null otherwise.
 */
function lookalikeWord(core: string, page: PageWords): string | null {
  const folded = lower(core);
  const found = new Map<string, string>();
  for (let k = 0; k < folded.length; k++) {
    for (const [glyph, letters] of READ_AS) {
      if (!folded.startsWith(glyph, k)) continue;
      for (const letter of letters) {
        const word = folded.slice(0, k) + letter + folded.slice(k + glyph.length);
        if (found.has(word) || !isListedWord(word, page.languages)) continue;
        found.set(
          word,
          core.slice(0, k) + inCaseOf(core.slice(k, k + glyph.length), letter, core) + core.slice(k + glyph.length),
        );
      }
    }
  }
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** The letter in the case of the glyph it replaces, or of the word's letters when the glyph is a digit. */
function inCaseOf(glyph: string, letter: string, word: string): string {
  const reference = /\p{L}/u.test(glyph) ? glyph : word;
  const letters = [...reference].filter((c) => /\p{L}/u.test(c));
  const upper = letters.filter((c) => c !== c.toLowerCase()).length * 2 > letters.length;
  return upper ? letter.toUpperCase() : letter;
}

/** The word as two words of the page's languages, when exactly one place splits it so. */
function splitWord(core: string, page: PageWords): string | null {
  const folded = lower(core);
  const places: number[] = [];
  for (let k = MIN_SPLIT_PART; k <= folded.length - MIN_SPLIT_PART; k++)
    if (isListedWord(folded.slice(0, k), page.languages) && isListedWord(folded.slice(k), page.languages))
      places.push(k);
  return places.length === 1 ? `${core.slice(0, places[0])} ${core.slice(places[0])}` : null;
}
