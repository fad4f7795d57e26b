import { distance } from 'fastest-levenshtein';
import type { DocumentView } from '../document-view.js';
import { stripLegalForm } from '../evaluation/names.js';
import type { Candidate } from '../fields/candidates.js';
import { foldedTokens } from '../layout/fold.js';

/**
 * Whether an OCR'd page prints the value a second time with one glyph otherwise: the two printings
 * of one thing contradict each other, and the reader cannot tell which it misread. A document
 * number read "REG3040" beside a title's "RE63040", a seller read "Bergmann IT-Service UG
 * (haftungsbeschrinkt)" over a footer's "(haftungsbeschränkt)". The ranker sees a label and a
 * place that are right either way, so the misread printing looks as sure as the other.
 *
 * For a document number the differing glyph must be a digit against a letter or a sign ("6" and
 * "G", "0" and "O"): two numbers one digit apart are a document's and its order's, printed so on
 * purpose. A name is compared with as many words on another line, folded (accents, case and
 * punctuation are no reader's evidence: "Gebaudetechnik" is "Gebäudetechnik"), and may differ in
 * one letter (two in a long name): a second company on the page is no near twin of the first. Its
 * legal form is left out where the lexicon knows it, spelt right: a misread one elsewhere ("5.L."
 * for "S.L.") contradicts nothing.
 */
export function printedOtherwise(ctx: DocumentView, candidate: Candidate, kind: 'identifier' | 'name'): boolean {
  const value = String(candidate.value);
  const others = ctx.lines.filter((line) => line.ocr && line.index !== candidate.line.index);
  if (kind === 'identifier') {
    const printed = value.replace(/\s+/g, '');
    if (printed.length < 4 || !/\d/.test(printed)) return false;
    return others.some((line) => line.text.split(/\s+/).some((word) => lookalikeDigit(trimSigns(word), printed)));
  }
  const words = foldedTokens(stripLegalForm(value));
  const letters = words.join('');
  if (letters.length < 8) return false;
  const allowed = letters.length >= 20 ? 2 : 1;
  return others.some((line) => {
    const lineWords = foldedTokens(line.text);
    for (let start = 0; start + words.length <= lineWords.length; start++) {
      const other = lineWords.slice(start, start + words.length).join('');
      const apart = distance(other, letters);
      if (apart > 0 && apart <= allowed && Math.abs(other.length - letters.length) <= 1) return true;
    }
    return false;
  });
}

/** The word without the punctuation a sentence or a list puts after or before it. */
function trimSigns(word: string): string {
  return word.replace(/^[([{"'„“]+|[)\]}"'“”,;:.]+$/g, '');
}

/** Same length, and exactly one place where a digit stands against a letter or a sign. */
function lookalikeDigit(word: string, value: string): boolean {
  if (word.length !== value.length || word === value) return false;
  let differing = 0;
  for (let k = 0; k < word.length; k++) {
    if (word[k] === value[k]) continue;
    const digits = Number(/\d/.test(word[k]!)) + Number(/\d/.test(value[k]!));
    if (digits !== 1 || ++differing > 1) return false;
  }
  return differing === 1;
}
