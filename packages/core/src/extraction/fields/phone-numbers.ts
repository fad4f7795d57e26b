import { foldedTokens } from '../layout/fold.js';
import phoneLabels from '../lexicons/phone-labels.json' with { type: 'json' };
import { findPhones } from '../values/contacts.js';
import type { Candidate } from './candidates.js';

/**
 * A document or order number is never a telephone number. A label lost in reading ("PO #" read as
 * "00 #") leaves the nearest value to a weaker label, and the phone printed beside it
 * ("Phone: 1 (800) 555-7676") is an identifier's shape to the value finder. A candidate is a phone
 * number when a phone or fax label stands before it on its line with no other label between
 * ("Tel.: 089 / 2345 678"), or when it is part of a number shaped as phones are printed: a
 * bracketed area code or a leading + ("(312) 555-0148", "+49 30 1234567"). The labels are data
 * per language (lexicons/phone-labels.json).
 */

const PHONE_LABELS = Object.values(phoneLabels as Record<string, string[]>)
  .flat()
  .map((label) => label.split(' '));

export function isPhoneNumber(candidate: Candidate): boolean {
  const span = candidate.span;
  if (!span || typeof candidate.value !== 'string') return false;
  const text = candidate.line.text;
  return phoneLabelled(text.slice(0, span.start), candidate) || insidePhoneShape(text, span);
}

/** A phone label is the last label before the value: "Phone: 1 (800) 555-7676", "Fax 0221 98". */
function phoneLabelled(before: string, candidate: Candidate): boolean {
  const tokens = foldedTokens(before);
  const phoneAt = Math.max(
    ...PHONE_LABELS.map((label) => tokens.findLastIndex((_, i) => label.every((t, k) => tokens[i + k] === t))),
  );
  if (phoneAt < 0) return false;
  // The field's own label after the phone's ("Tel: 0221 98 · PO No. 4471") names the value.
  const label = candidate.label;
  const labelStart = label && label.line === candidate.line ? label.start : -1;
  return labelStart < 0 || foldedTokens(before.slice(0, labelStart)).length <= phoneAt;
}

function insidePhoneShape(text: string, span: { start: number; end: number }): boolean {
  return findPhones(text).some(
    (phone) =>
      phone.start <= span.start &&
      phone.end >= span.end &&
      /^(\+|00|\d?\s*\(\d)|\(\d+\)/.test(text.slice(phone.start, phone.end)),
  );
}
