import { fold, foldedTokens } from '../layout/fold.js';
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

/** The ways `tail` becomes a legal form with some of its look-alike glyphs put back, by folded form. */
function formsFrom(tail: string): Map<string, string> {
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
