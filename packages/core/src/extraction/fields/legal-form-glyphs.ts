import { fold, foldedTokens } from '../layout/fold.js';
import table from '../lexicons/legal-forms.json' with { type: 'json' };
import { LEGAL_FORMS, legalFormAtEnd } from '../lexicons/legal-forms.js';

/**
 * OCR reads the small letters of a legal form as their look-alikes: Polish "Sp. z o.o." comes out
 * as "Sp. z 0.0.", Italian "S.r.l." as "S.r.I." or "S.r.1.", Spanish "S.L." as "5.L.", Dutch "B.V."
 * as "8.V.". A form is a word of a closed list, so
 * where a name's last words are no form as read but become exactly one form with such glyphs put
 * back, the name ends in that form. repairLetterDigits (party-lines.ts) leaves these alone: their
 * words have fewer than two letters, or no digit.
 */
const READ_FOR: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'],
  '1': ['l', 'i'],
  I: ['l'],
  l: ['i'],
  // A stroke OCR could not name: Polish "Sp.j." read "Sp.|.".
  '|': ['j', 'l', 'i'],
};
/**
 * Digits read as a capital only where a point follows, as in a form's initials ("5.L.", "8.V.",
 * "5.p.A."): "Bloc 5A" or "Studio 58" keep their numbers.
 */
const READ_BEFORE_POINT: Readonly<Record<string, readonly string[]>> = {
  '5': ['S'],
  '8': ['B'],
};
/** A form has few letters: more glyphs to try than this is no form misread. */
const MOST_GLYPHS = 4;
const MOST_FORM_WORDS = 3;
const FORMS: ReadonlySet<string> = new Set(LEGAL_FORMS.map((f) => f.tokens.join(' ')));

export function repairLegalForm(name: string): string {
  if (legalFormAtEnd(foldedTokens(name)) > 0) return name;
  const words = name.split(' ');
  for (let count = 1; count <= Math.min(MOST_FORM_WORDS, words.length - 1); count++) {
    const tail = words.slice(-count).join(' ');
    const found = formsFrom(tail);
    if (found.size === 1) return [...words.slice(0, -count), [...found.values()][0]!].join(' ');
    if (found.size > 1) return name;
  }
  return name;
}

/** A form's word this long is no word a name ends with by chance ("haftungsbeschränkt"). */
const MIN_LONG_FORM_WORD = 10;

/** A long form word as the table writes it, by its folded letters ("haftungsbeschrankt" -> "haftungsbeschränkt"). */
const AS_WRITTEN: ReadonlyMap<string, string> = new Map(
  Object.values(table as Record<string, { forms: string[] }>)
    .flatMap((language) => language.forms.flatMap((form) => form.split(/\s+/)))
    .map((word) => [fold(word), word.toLowerCase()] as const)
    .filter(([folded, word]) => folded.length >= MIN_LONG_FORM_WORD && [...word].length === folded.length),
);

/**
 * A name whose last words are a legal form but for one letter of the form's long word ("UG
 * (haftungsbeschrinkt)": OCR's English model has no "ä" and read an "i"), where exactly one form
 * is so near, ends in that form, its letter written as the form list writes it. Unlike a
 * look-alike glyph (repairLegalForm) any letter may have been misread, so the caller counts this
 * as a repair that needs a witness.
 */
export function repairLongFormWord(name: string): string {
  const words = name.split(' ');
  if (legalFormAtEnd(foldedTokens(name)) > 0) return name;
  for (let count = 1; count <= Math.min(MOST_FORM_WORDS, words.length - 1); count++) {
    const tail = words.slice(-count);
    const folded = tail.map(fold);
    if (folded.some((w) => w.includes(' '))) continue;
    const fixes = LEGAL_FORMS.flatMap((form) =>
      form.tokens.length === count ? oneLetterOff(folded, form.tokens) : [],
    );
    if (fixes.length > 1) return words.join(' ');
    if (fixes.length === 0) continue;
    const { word, at, letter } = fixes[0]!;
    const printed = withLetter(tail[word]!, at, letter);
    if (printed) return [...words.slice(0, -count), ...tail.with(word, printed)].join(' ');
  }
  return words.join(' ');
}

/** Where `read` is `form` but for one letter of one long word: that word, the letter's place and the form's letter. */
function oneLetterOff(read: readonly string[], form: readonly string[]) {
  const differing = form.flatMap((token, k) => (token === read[k] ? [] : [k]));
  if (differing.length !== 1) return [];
  const k = differing[0]!;
  const token = form[k]!;
  const word = read[k]!;
  if (token.length < MIN_LONG_FORM_WORD || word.length !== token.length) return [];
  const places = [...token].flatMap((c, i) => (c === word[i] ? [] : [i]));
  const written = [...(AS_WRITTEN.get(token) ?? token)];
  return places.length === 1 ? [{ word: k, at: places[0]!, letter: written[places[0]!]! }] : [];
}

/** The printed word with its `at`th letter (counted as folded) written as `letter`; null where folding moves letters. */
function withLetter(printed: string, at: number, letter: string): string | null {
  const chars = [...printed];
  let seen = 0;
  for (let i = 0; i < chars.length; i++) {
    const folded = fold(chars[i]!);
    if (folded.length > 1) return null;
    if (folded.length === 0) continue;
    if (seen === at)
      return chars.with(i, chars[i] === chars[i]!.toUpperCase() ? letter.toUpperCase() : letter).join('');
    seen++;
  }
  return null;
}

/** Letters OCR read twice in one form at most: "zZ 0.0." has one, a form has few letters. */
const MOST_DOUBLED = 2;

/**
 * `tail` with letters OCR read twice read once: a letter of a form doubled in another case or the
 * same ("Sp. zZ 0.0.", "Sp. Kk.", "V.OO.F."). A one-letter word read as two keeps its small letter
 * (Polish forms write "z", "k" and "j" small); otherwise the first stays, a word's capital with it
 * ("Ooy" is "Oy"). Only an exact form of the list counts afterwards (formsFrom), so a name's own
 * double letters stay.
 */
function undoubled(tail: string): string[] {
  const chars = [...tail];
  const isLetter = (k: number) => /\p{L}/u.test(chars[k] ?? '');
  const drops = chars.flatMap((c, k) => {
    if (k === 0 || !isLetter(k) || c.toLowerCase() !== chars[k - 1]!.toLowerCase()) return [];
    const alone = !isLetter(k - 2) && !isLetter(k + 1);
    return [alone && c === c.toLowerCase() ? k - 1 : k];
  });
  if (drops.length === 0 || drops.length > MOST_DOUBLED) return [];
  const subsets = drops.reduce<number[][]>((all, k) => all.flatMap((set) => [set, [...set, k]]), [[]]).slice(1);
  return subsets.map((drop) => chars.filter((_, k) => !drop.includes(k)).join(''));
}

/**
 * The ways `tail` becomes a legal form with some of its look-alike glyphs put back, and with letters
 * OCR read twice read once (undoubled), by folded form.
 */
function formsFrom(tail: string): Map<string, string> {
  const found = glyphForms(tail);
  for (const once of undoubled(tail)) {
    const form = fold(once);
    if (FORMS.has(form) && !found.has(form)) found.set(form, once);
    for (const [key, text] of glyphForms(once)) if (!found.has(key)) found.set(key, text);
  }
  return found;
}

/** The ways `tail` becomes a legal form with some of its look-alike glyphs put back, by folded form. */
function glyphForms(tail: string): Map<string, string> {
  const chars = [...tail];
  const readFor = (k: number) =>
    READ_FOR[chars[k]!] ?? (chars[k + 1] === '.' ? READ_BEFORE_POINT[chars[k]!] : undefined);
  const places = chars.flatMap((_, k) => (readFor(k) ? [k] : []));
  const found = new Map<string, string>();
  if (places.length === 0 || places.length > MOST_GLYPHS) return found;
  // A form printed in capitals takes its letters back in capitals ("S.R.1." is "S.R.L.").
  const upper = !/\p{Ll}/u.test(tail.replace(/[Il]/g, ''));
  const variants = places.reduce<string[][]>(
    (all, k) => all.flatMap((read) => [read, ...readFor(k)!.map((c) => read.with(k, upper ? c.toUpperCase() : c))]),
    [chars],
  );
  for (const variant of variants.slice(1)) {
    const text = variant.join('');
    const form = fold(text);
    if (FORMS.has(form) && !found.has(form)) found.set(form, text);
  }
  return found;
}
