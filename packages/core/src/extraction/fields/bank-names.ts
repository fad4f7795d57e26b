import { fold } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';
import { BANK_WORDS } from '../lexicons/bank-words.js';

/**
 * A bank's name printed beside the account it keeps, in the payment block or a footer ("Zeeuwse
 * Handelsbank N.V. · IBAN NL20 INGB 0001 2345 67 · BIC INGBNL2A", "Sparkasse KölnBonn · IBAN
 * …"): a part of a one-line address with a bank's word in it (inside a compound too:
 * "Handelsbank", "Bankhaus"; lexicons/bank-words.json, `bank_names`) whose line carries an IBAN,
 * a BIC or a SWIFT code is the bank, not the seller, whose own footer line names it with no bank word.
 */
const ACCOUNT = /\b(?:IBAN|BIC|SWIFT)\b|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,}/;

export function isBankBesideAccount(part: string, lineText: string): boolean {
  return BANK_WORDS.bankNames.test(fold(part)) && ACCOUNT.test(lineText.replace(part, ''));
}

/**
 * A bank's name printed over the account it keeps, in a column of its own: a footer's or payment
 * block's bank column stacks "ING Bank N.V." over "IBAN NL20 INGB …" (or "Commerzbank AG" over
 * "IBAN DE…", "Barclays Bank plc" over "Sort code …"), so the account is on the next line or the
 * one after, in a segment under the name's. Such a name is the bank, not the seller, as it is
 * beside the account on one line.
 */
export function isBankOverAccount(lines: readonly Line[], line: Line, segment: Segment, part: string): boolean {
  if (isBankBesideAccount(part, line.text)) return true;
  if (!BANK_WORDS.bankNames.test(fold(part))) return false;
  const height = line.y1 - line.y0;
  return lines
    .slice(line.index + 1, line.index + 3)
    .some(
      (next) =>
        next.page === line.page &&
        next.y0 - line.y1 < height * 2.5 &&
        next.segments.some((s) => s.x0 < segment.x1 && s.x1 > segment.x0 && ACCOUNT.test(s.text)),
    );
}
