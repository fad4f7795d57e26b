import type { Word } from '../../ports/document-reader.port.js';

/** A word that is an EN 16931 business term's or group's id alone: "BT-1", "(BG-4)", "BT-X-162", "[BT-27]". */
const TERM_ID_WORD = /^[([]?(B[TG]-(?:X-)?\d{1,3})[)\]:]?$/iu;
/** An id broken at its hyphen, as a browser wraps it in a narrow cell: "BT-" ending a row, its number below. */
const TERM_ID_HEAD = /^[([]?B[TG]-(?:X-)?$/iu;
const TERM_ID_NUMBER = /^\d{1,3}[)\]:]?$/u;

/**
 * A page's words without the business term ids printed as words of their own. The KoSIT
 * visualisation of an XRechnung, Factur-X and Peppol viewers and ERP prints of an EN 16931 invoice
 * set the id small beside a label or a section's heading ("Rechnungsnummer BT-1  RE-2024-17",
 * "Verkäufer BG-4"): left in, it stands between a label and its value and is read as the value
 * ("BT-1" for the invoice number), or hides the amount after a label. A page that prints ids
 * prints several, so ids are left out only where the page holds two different ones: a lone
 * "BT-12" may be a reference. Ids inside a label's text are labels/business-terms.ts.
 */
export function withoutTermIdWords(words: Word[]): Word[] {
  const ids = new Set(words.map((w) => TERM_ID_WORD.exec(w.text)?.[1]?.toUpperCase()).filter(Boolean));
  if (ids.size < 2) return words;
  const heads = words.filter((w) => TERM_ID_HEAD.test(w.text));
  const numbers = new Set(heads.map((head) => wrappedNumber(words, head)).filter((w) => w !== undefined));
  return words.filter((w) => !TERM_ID_WORD.test(w.text) && !TERM_ID_HEAD.test(w.text) && !numbers.has(w));
}

/**
 * The number of an id wrapped after its hyphen: on the row right under the "BT-", in its small
 * print, and no further right than it (a wrapped line starts again at its cell's left edge). Left
 * in, the "1" of "Numéro de facture BT-" / "1" was read as the invoice number.
 */
function wrappedNumber(words: Word[], head: Word): Word | undefined {
  const height = head.bbox.y1 - head.bbox.y0;
  return words.find((w) => {
    const h = w.bbox.y1 - w.bbox.y0;
    const below = w.bbox.y0 - head.bbox.y0;
    return (
      TERM_ID_NUMBER.test(w.text) &&
      Math.abs(h - height) <= height * 0.15 &&
      below > height * 0.6 &&
      below < height * 2 &&
      w.bbox.x1 <= head.bbox.x1
    );
  });
}
