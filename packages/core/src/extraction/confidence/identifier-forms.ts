import type { DocumentView } from '../document-view.js';

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
