import type { Word } from '../../ports/document-reader.port.js';

/** A word that is an EN 16931 business term's or group's id alone: "BT-1", "(BG-4)", "BT-X-162", "[BT-27]". */
const TERM_ID_WORD = /^[([]?(B[TG]-(?:X-)?\d{1,3})[)\]:]?$/iu;

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
  return ids.size < 2 ? words : words.filter((w) => !TERM_ID_WORD.test(w.text));
}
