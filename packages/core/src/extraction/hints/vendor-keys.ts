import type { ReadDocument } from '../../ports/document-reader.port.js';
import { fold } from '../layout/fold.js';
import { NAME_KEY_FORMS } from '../lexicons/legal-forms.js';
import { TAX_ID_LABEL } from '../lexicons/tax-id-labels.js';

const VAT_COUNTRIES = 'AT|BE|BG|CH|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|NO|PL|PT|RO|SE|SI|SK';
/**
 * A VAT id: a country prefix and 8 to 12 characters, at least 7 of them digits, on a line that names
 * it (the label words are data per language, lexicons/tax-id-labels.json).
 */
const VAT = new RegExp(`\\b(${VAT_COUNTRIES})[ ]?([0-9A-Z][0-9A-Z ]{6,13}[0-9A-Z])\\b`, 'g');
const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/g;

/**
 * The keys a document's vendor is recognised by, strongest first: VAT ids and IBANs printed on it
 * (an IBAN must pass its mod-97 check), then its normalised name. Buyers' ids may be printed too;
 * they are keys of the same vendor record only if they appear on its documents again.
 */
export function vendorKeys(doc: ReadDocument, vendorName: unknown): string[] {
  const keys = new Set<string>();
  for (const page of doc.pages) {
    const lines = new Map<number, string[]>();
    for (const word of page.words) {
      const row = Math.round(word.bbox.y0 / 4);
      lines.set(row, [...(lines.get(row) ?? []), word.text]);
    }
    for (const text of [...lines.values()].map((w) => w.join(' '))) {
      if (TAX_ID_LABEL.test(text))
        for (const m of text.matchAll(VAT))
          if ((m[2]!.match(/\d/g) ?? []).length >= 7) keys.add(`vat:${m[1]}${m[2]!.replace(/ /g, '')}`);
      for (const m of text.matchAll(IBAN)) {
        const iban = m[1]!.replace(/ /g, '');
        if (iban.length >= 15 && validIban(iban)) keys.add(`iban:${iban}`);
      }
    }
  }
  const name = nameKey(vendorName);
  if (name) keys.add(name);
  return [...keys];
}

export function nameKey(vendorName: unknown): string | null {
  if (typeof vendorName !== 'string') return null;
  const tokens = fold(vendorName)
    .split(' ')
    .filter((t) => t && !NAME_KEY_FORMS.has(t));
  return tokens.length ? `name:${tokens.join(' ')}` : null;
}

/** ISO 13616: the first four characters moved to the end, letters as 10..35, the number mod 97 is 1. */
function validIban(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
