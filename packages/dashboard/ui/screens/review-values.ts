/** What a person types or clicks on the review screen, as the value the API takes. */
import { findAmounts, findDates, parseNumber } from '@intake/core/values';

const NUMBER_TYPES = new Set(['number', 'currency']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The kind of value a field holds: the extractor's type, else what the extraction returned. */
export function kindOf(original: unknown, type?: string): 'number' | 'date' | 'boolean' | 'text' {
  if (NUMBER_TYPES.has(type ?? '') || (type === undefined && typeof original === 'number')) return 'number';
  if (type === 'date' || (type === undefined && typeof original === 'string' && ISO_DATE.test(original))) return 'date';
  if (type === 'boolean' || (type === undefined && typeof original === 'boolean')) return 'boolean';
  return 'text';
}

/** A number written either way ("1.190,00", "1,190.00", "EUR 12"), as extraction reads it; null when none. */
function numberIn(text: string): number | null {
  const amount = findAmounts(text)[0];
  if (amount) return amount.value;
  const plain = parseNumber(text.trim());
  return plain && Number.isFinite(plain.value) && /\d/.test(text) ? plain.value : null;
}

/**
 * Words clicked on the page, as the text a field of this kind takes: "August 3 , 2014" into a date
 * field is 2014-08-03, "EUR 1.190,00" into an amount 1190, the way extraction reads them (its own
 * functions, from `@intake/core/values`). Numeric dates are read day first unless `monthFirst`.
 * Words that are no such value stay as they are, for the person to fix.
 */
export function fromWords(words: string, kind: ReturnType<typeof kindOf>, monthFirst = false): string {
  if (kind === 'date') return findDates(words, { dayFirst: !monthFirst })[0]?.iso ?? words;
  if (kind === 'number') {
    const n = numberIn(words);
    return n === null ? words : String(n);
  }
  return words;
}

/**
 * The text a person typed, as the value of the field's type: the original value's type says which,
 * or, for a field the extraction did not find, the extractor's type of it.
 */
export function parse(text: string, original: unknown, type?: string): unknown {
  if (text.trim() === '') return null;
  const kind = typeof original === 'number' ? 'number' : kindOf(original, type);
  if (kind === 'number') return numberIn(text) ?? text;
  if (kind === 'date') return findDates(text)[0]?.iso ?? text;
  if (kind === 'boolean') return text.trim().toLowerCase() === 'true';
  return text;
}
