import type { Candidate } from '../fields/candidates.js';
import { looksLikeName, looksLikeStreet } from '../fields/party-lines.js';
import { fold, foldedTokens } from '../layout/fold.js';
import { legalFormAtEnd } from '../lexicons/legal-forms.js';
import { valueSpan } from './value-span.js';

/**
 * Shapes of a company name that say it is another line of the party's block, whatever label or
 * heading stands over it:
 *
 * - a street: a house number first or last, beside a street word ("Calle del Sol 128",
 *   "Molenweg 192", "34 Market Road") or a word in lower case, as French and Spanish streets are
 *   written ("boulevard Voltaire 45", "45 boulevard Voltaire", "place de la Gare 10"), and no legal
 *   form. A name may begin or end with a number ("99 SPEED MART", "PERMAS JAYA 2"), but its words
 *   are not a street's;
 * - a key: the words are followed by a colon on their line ("Telefoon: +31 20 ...", "Contact:"),
 *   the label of a value beside them, which a buyer's heading above it made look like a name;
 * - read by OCR, a word split inside: a capital and at most one more letter, then a word in lower
 *   case ("G lobal Consulting Ltd", "Fernandez Su ministros S.L.U."), two single letters in lower
 *   case in a row ("Delta Gereedsch a p") or a word's capital glued to the word before it
 *   ("FotografieJ ulia Seidel"). The name is right but for a space, and no comparison with the
 *   printed name will find it. Names' words begin with a capital
 *   ("De la Rue": "la" is short, a particle).
 */
const HOUSE_NUMBER = /^\d{1,5}[a-z]?\s|\s\d{1,5}[a-z]?$/i;
const LOWER_CASE_WORD = /(?:^|\s)\p{Ll}{3,}(?:\s|$)/u;
const COMPOUND_STREET = /\p{L}(?:stra(?:ss|ß)e|str\.|weg|laan|plein|straat|gasse|platz)\b/iu;

export function streetShaped(name: string): boolean {
  const text = name.trim();
  if (!HOUSE_NUMBER.test(text) || legalFormAtEnd(foldedTokens(text)) > 0) return false;
  return LOWER_CASE_WORD.test(text) || looksLikeStreet(text) || COMPOUND_STREET.test(text);
}

const SPLIT_WORD = /(?:^|\s)\p{Lu}\p{Ll}?\s\p{Ll}{3,}|(?:^|\s)\p{Ll}\s\p{Ll}(?:\s|$)|\p{Ll}\p{Lu}\s\p{Ll}{2,}/u;

export function splitByOcr(candidate: Candidate): boolean {
  return candidate.line.ocr && SPLIT_WORD.test(String(candidate.value));
}

/** How many of the segment's word heights a name-like word may stand after it to be its rest. */
const NEAR_GAP = 3;
const CAPITALISED_WORD = /^\p{Lu}\p{L}{2,}$/u;

/**
 * Read by OCR, a name that ends where its line parts into segments, with a capitalised word of
 * letters printed just after the gap ("Atlas ‖ Hardware" over "Ltd" gave "Atlas Ltd"): OCR reads
 * word spaces wide, and the value may have taken a name cut short. A column beside the name (a
 * buyer's, a date label's) stands further off.
 */
export function cutAtOcrGap(candidate: Candidate): boolean {
  const line = candidate.line;
  if (!line.ocr) return false;
  const value = fold(String(candidate.value));
  const at = line.segments.findIndex((s) => {
    const text = fold(s.text);
    return text.length > 0 && (text.endsWith(value) || value.startsWith(text));
  });
  const segment = line.segments[at];
  const next = line.segments[at + 1];
  if (!segment || !next || value.includes(fold(next.text))) return false;
  const heights = segment.words.map((w) => w.bbox.y1 - w.bbox.y0);
  const near = next.x0 - segment.x1 <= NEAR_GAP * Math.max(...heights);
  return near && CAPITALISED_WORD.test(next.words[0]!.text) && looksLikeName(next.text);
}

export function keyShaped(candidate: Candidate): boolean {
  const value = String(candidate.value).trim();
  if (value.endsWith(':')) return true;
  const span = valueSpan(candidate);
  return span !== null && /^\s?:/.test(candidate.line.text.slice(span.end));
}
