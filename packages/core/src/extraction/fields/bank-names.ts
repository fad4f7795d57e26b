import { fold } from '../layout/fold.js';
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
