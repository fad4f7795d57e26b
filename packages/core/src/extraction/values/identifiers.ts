/**
 * A document number as OCR read it, its look-alike glyphs put back where the number's own shape
 * says which class they belong to. OCR reads a capital O as 0 and an I as 1 (and the other way
 * round) about as often as it reads them right; a number's letters follow no spelling, but its
 * shape settles these cases:
 *
 * - a letter prefix before the digits ("OC-2021-98660", "OC15345", "INV-2024"): a 0 or 1 that
 *   begins or stands inside that prefix, beside its capitals, is the letter ("0C-2021-98660",
 *   "0C25-11049", "1NV-2024"). The prefix is two to four characters, one of them at most a digit,
 *   and ends in a capital right before the rest, which opens with a digit (a separator between
 *   them allowed) and holds three digits or more; so "10A123" and "0A1F" stay as read;
 * - an order number opening with "P0" and a digit from 1 to 9 or a separator ("P027-28480",
 *   "P0-2021-56313") is the order's own prefix "PO": P and 0 followed by another significant
 *   digit is no zero padding ("P000123" stays), and "P" alone is no order prefix; one opening
 *   "P0O" so followed is that prefix too, its O read twice, as a zero and as the letter
 *   ("P0O-2024-14016", "P0O46-56937");
 * - a run of digits: an O or o between two digits is a 0, an I or l between two digits a 1
 *   ("19O311", "47l102").
 *
 * Which glyph was printed stays a guess from the shape, so the caller keeps the look-alike's cap
 * (confidence/identifier-shape.ts). A text layer's characters are the document's own and are
 * never changed.
 */
const PREFIX = /^([A-Z01]{1,3}[A-Z])(?=[-/._#]?\d)/;
const DIGIT_AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I' };
const LETTER_AS_DIGIT: Record<string, string> = { O: '0', o: '0', I: '1', l: '1' };

/** What kind of number it is: an order's number has "PO" for its usual prefix. */
export type IdentifierKind = 'invoice' | 'order';

const ORDER_PREFIX = /^P0(?=[1-9]|[-/._#]\d)|^P0O(?=[-/._#]?\d)/;

export function repairOcrIdentifier(value: string, kind: IdentifierKind): string {
  const prefixed = kind === 'order' ? value.replace(ORDER_PREFIX, 'PO') : value;
  return digitsRepaired(prefixRepaired(prefixed));
}

function prefixRepaired(value: string): string {
  const prefix = PREFIX.exec(value)?.[1];
  if (!prefix) return value;
  const digits = prefix.replace(/[A-Z]/g, '').length;
  if (digits !== 1) return value;
  const rest = value.slice(prefix.length);
  // The rest is the number: it opens with a digit (after a separator, perhaps) and holds three or more.
  if (!/^[-/._#]?\d/.test(rest) || (rest.match(/\d/g) ?? []).length < 3) return value;
  return prefix.replace(/[01]/, (d) => DIGIT_AS_LETTER[d]!) + rest;
}

function digitsRepaired(value: string): string {
  return value.replace(/(?<=\d)[OoIl](?=\d)/g, (c) => LETTER_AS_DIGIT[c]!);
}
