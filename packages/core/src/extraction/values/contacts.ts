import { YES_NO_WORDS } from '../lexicons/yes-no-words.js';

/** Emails, phone numbers and yes/no values found in text. */

export interface FoundText {
  value: string;
  start: number;
  end: number;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// A phone number: optional +country, then digit groups with spaces, dots, dashes or brackets; at
// least 7 digits in all so that amounts and dates do not qualify.
const PHONE = /(?<![\w.,])(?:\+|00)?\(?\d[\d\s()./-]{5,}\d(?![\w.,]*\d)/g;

export function findEmails(text: string): FoundText[] {
  return [...text.matchAll(EMAIL)].map((m) => ({
    value: m[0].replace(/\.$/, ''),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

export function findPhones(text: string): FoundText[] {
  const found: FoundText[] = [];
  for (const m of text.matchAll(PHONE)) {
    const raw = m[0].trim();
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(raw)) continue;
    found.push({ value: raw.replace(/\s+/g, ' '), start: m.index, end: m.index + raw.length });
  }
  return found;
}

/** Check marks: a ticked box or a cross is yes, an empty box no. The words are data per language (lexicons/yes-no-words.json). */
const TRUE_WORDS: ReadonlySet<string> = new Set([...YES_NO_WORDS.yes, 'x', '☑', '☒', '✓', '✔']);
const FALSE_WORDS: ReadonlySet<string> = new Set([...YES_NO_WORDS.no, '☐']);

/** A yes/no word at the start of the text, or null. */
export function findBoolean(text: string): { value: boolean; start: number; end: number } | null {
  const m = /^[\s:;,.-]*([^\s:;,]+)/u.exec(text);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  const start = m.index + m[0].length - m[1]!.length;
  if (TRUE_WORDS.has(word)) return { value: true, start, end: start + word.length };
  if (FALSE_WORDS.has(word)) return { value: false, start, end: start + word.length };
  return null;
}
