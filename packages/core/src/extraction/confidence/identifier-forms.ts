import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { valueSpan } from './value-span.js';

/**
 * Whether the page prints the document number again with capital letters before it
 * ("E2018092011804" beside "2018092011804", "INV-20417" beside "20417", "PO 190311" read as
 * "PO190311"): the letters may be the number's own prefix, lost where the number was taken (a
 * reference line that quotes it without them, OCR setting the prefix apart at its hyphen), and the
 * label does not tell which form is the number. "No", "Nr" and "N" are number labels, not prefixes,
 * and so is a word before "#" ("PO#"); a space alone parts a label from its number ("PO 4471").
 */
const PREFIX = '[A-Z]{1,4}(?:[-/] ?)?';
const LABEL_WORDS = /^(?:NO|NR|N)$/;

export function printedWithPrefix(ctx: DocumentView, value: string): boolean {
  if (!/^\d[\d\-/.]{3,}$/.test(value)) return false;
  const pattern = new RegExp(`(?<![A-Za-z0-9])(${PREFIX})${escape(value)}(?![A-Za-z0-9])`, 'g');
  return ctx.lines.some((line) =>
    [...line.text.matchAll(pattern)].some((m) => !LABEL_WORDS.test(m[1]!.replace(/[-/ ]/g, ''))),
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** One to four capital letters alone, then one space, ending the text before the value. */
const SET_APART = /(?:^|\s)([A-Z]{1,4}) $/;

/**
 * A number read by OCR right after one to four capital letters that a space sets apart from it
 * ("INV 20-5943" read for "INV20-5943", "IN V-2022-10822" for "INV-2022-10822"): OCR splits words
 * at wide glyph gaps, and the letters may be the number's prefix, cut off where it was taken. On
 * a text layer the space is printed and the letters are a label ("PO 4471"); "No", "Nr" and "N"
 * are number labels on either.
 */
export function prefixSetApart(candidate: Candidate): boolean {
  const span = valueSpan(candidate);
  if (!candidate.line.ocr || !span) return false;
  const letters = SET_APART.exec(candidate.line.text.slice(0, span.start))?.[1];
  return letters !== undefined && !LABEL_WORDS.test(letters);
}
