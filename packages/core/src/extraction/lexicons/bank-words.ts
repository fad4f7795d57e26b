import table from './bank-words.json' with { type: 'json' };
import { allWords, escapeWord, wordsOf } from './word-lists.js';

/**
 * Words around a printed account number, per language in bank-words.json (folded), matched in any
 * case in the line as printed. `bank_details` put a line among bank details ("Bankverbindung",
 * "Sort code", "SWIFT"), each as the start of a word; a space in one stands for a space, a hyphen
 * or nothing ("Sort-Code", "sortcode"). `account_keys` begin a payment form's account row
 * ("IBAN", "Konto", "Account number"), as whole words at a folded text's start. `others_account`
 * end the text before an account label that names someone else's account ("Customer account no.",
 * "Ihre Kontonummer"). `bank_names` are the words of banks' names, matched inside a word of folded
 * text too ("handelsbank").
 */
export interface BankWords {
  bankDetails: RegExp;
  accountKey: RegExp;
  othersAccount: RegExp;
  bankNames: RegExp;
}

type List = 'bank_details' | 'account_keys' | 'others_account' | 'bank_names';

const alternative = (words: readonly string[]) =>
  `(?:${[...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeWord(w).replace(/ /g, '[\\s-]?'))
    .join('|')})`;

export function bankWords(data: Readonly<Record<string, Partial<Record<List, readonly string[]>>>>): BankWords {
  const words = (list: List) => allWords(wordsOf(data, list));
  return {
    bankDetails: new RegExp(`\\b${alternative(words('bank_details'))}`, 'i'),
    accountKey: new RegExp(`^${alternative(words('account_keys'))}\\b`, 'i'),
    othersAccount: new RegExp(`\\b${alternative(words('others_account'))}\\s*$`, 'i'),
    bankNames: new RegExp(alternative(words('bank_names')), 'i'),
  };
}

/** Every language's bank words. */
export const BANK_WORDS: BankWords = bankWords(table);
