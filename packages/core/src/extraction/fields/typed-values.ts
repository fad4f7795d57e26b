import type { FieldType } from '../../extractors/index.js';
import { findAmounts } from '../values/amounts.js';
import { findBoolean, findEmails, findPhones } from '../values/contacts.js';
import { findDates, type DateConvention } from '../values/dates.js';
import { cleanText } from '../layout/fold.js';
import prefixes from '../lexicons/number-prefixes.json' with { type: 'json' };
import { allWords } from '../lexicons/word-lists.js';

/** A value of a field's type found in a piece of text. */
export interface TypedValue {
  value: string | number | boolean;
  start: number;
  end: number;
  /** How well the text fits the type, 0 to 1 (an amount without decimals fits a price less well). */
  fit: number;
}

export interface ValueContext {
  dates: DateConvention;
  /** The field holds an identifier (invoice number, PO number): one token with a digit in it. */
  identifier: boolean;
}

export function findTypedValues(text: string, type: FieldType, context: ValueContext): TypedValue[] {
  switch (type) {
    case 'date':
      return findDates(text, context.dates).map((d) => ({
        value: d.iso,
        start: d.start,
        end: d.end,
        fit: d.ambiguous ? 0.85 : 1,
      }));
    case 'currency':
    case 'number':
      return findAmounts(text).map((a) => ({
        value: a.value,
        start: a.start,
        end: a.end,
        fit: type === 'number' || a.hasDecimals ? 1 : a.currency ? 0.9 : 0.75,
      }));
    case 'email':
      return findEmails(text).map((e) => ({ ...e, fit: 1 }));
    case 'phone':
      return findPhones(text).map((p) => ({ ...p, fit: 1 }));
    case 'boolean': {
      const found = findBoolean(text);
      return found ? [{ ...found, fit: 1 }] : [];
    }
    default:
      return context.identifier ? identifiers(text, context.dates) : plainText(text);
  }
}

/** How well a token shaped as a date or a small decimal amount fits an identifier. */
export const DATE_SHAPED_FIT = 0.2;

const ID_TOKEN = /[A-Za-z0-9][A-Za-z0-9\-/._#]*[A-Za-z0-9]|\d/g;

/**
 * Identifier-like tokens: at least one digit, not a date or a decimal amount. A piece of a date
 * written with its month's name ("2024" and "18" of "18 Sep 2024", of "September 18, 2024") fits
 * as little as a numeric date does: a title's or a label's row often runs on into the date beside it.
 */
function identifiers(text: string, dates: DateConvention): TypedValue[] {
  const grouped = digitGroups(text);
  if (grouped) return [grouped];
  const found: TypedValue[] = [];
  const inDates = findDates(text, dates);
  for (const m of text.matchAll(ID_TOKEN)) {
    const token = m[0];
    if (!/\d/.test(token) || insideParentheses(text, m.index, token.length)) continue;
    const inDate = inDates.some((d) => d.start <= m.index && m.index + token.length <= d.end);
    const fit =
      inDate || /^\d{1,3}([.,]\d{2})$/.test(token) || mayBeDate(token) ? DATE_SHAPED_FIT : token.length < 3 ? 0.5 : 1;
    const series = seriesCode(text, m.index);
    const start = series ? m.index - series.length - 1 : m.index;
    found.push({ value: series ? `${series} ${token}` : token, start, end: m.index + token.length, fit });
  }
  return found;
}

/**
 * A number printed in groups of two to four digits, one space between, filling the value's place
 * alone ("Rechnungsnummer 907 697 3754", as telecom and energy bills print their invoice and
 * account numbers): one identifier, not its first group. Groups of three after the first are a
 * count grouped by thousands ("1 250 000"), and stay apart.
 */
function digitGroups(text: string): TypedValue | undefined {
  const m = /^(\s*)(\d{2,4}(?: \d{2,4}){2,5})\s*$/.exec(text);
  if (!m || /^\d{1,3}(?: \d{3})+$/.test(m[2]!)) return undefined;
  const start = m[1]!.length;
  return { value: m[2]!, start, end: start + m[2]!.length, fit: 1 };
}

/**
 * Document-type codes that a country's invoicing software prints before the series and number,
 * one space between ("FT 2025/689" in Portugal, "FV 15/2025" in Poland): data per language in
 * lexicons/number-prefixes.json, in capitals as printed.
 */
const SERIES_CODES: ReadonlySet<string> = new Set(allWords(prefixes));

/** The document-type code printed right before the token at `start` ("FT " of "FT 2025/689"), if any. */
function seriesCode(text: string, start: number): string | undefined {
  const code = /(?:^|[\s:#])(\p{Lu}{2,4}) $/u.exec(text.slice(0, start))?.[1];
  return code && SERIES_CODES.has(code) ? code : undefined;
}

/**
 * A token shaped as a numeric date that some order of day and month reads as one: a date in another
 * convention than the page's. "54/09/2025" is none in any order: a number counted per month, as
 * Polish invoicing software numbers its invoices ("54/09/2025" the 54th of September).
 */
function mayBeDate(token: string): boolean {
  const parts = /^(\d{1,2})[./-](\d{1,2})[./-]\d{2,4}$/.exec(token);
  if (!parts) return false;
  const [a, b] = [Number(parts[1]), Number(parts[2])];
  return (a >= 1 && a <= 31 && b >= 1 && b <= 12) || (a >= 1 && a <= 12 && b >= 1 && b <= 31);
}

/** "(380)" after "Rechnung" is a type code, not the number. */
function insideParentheses(text: string, start: number, length: number): boolean {
  return text[start - 1] === '(' && text[start + length] === ')';
}

/** Free text: the region itself, without the label's trailing punctuation. */
function plainText(text: string): TypedValue[] {
  const m = /[\p{L}\p{N}(]/u.exec(text);
  if (!m) return [];
  const value = cleanText(text.slice(m.index)).replace(/[\s,;:]+$/, '');
  return value ? [{ value, start: m.index, end: text.length, fit: 1 }] : [];
}
