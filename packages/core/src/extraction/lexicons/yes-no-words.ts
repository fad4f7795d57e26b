import table from './yes-no-words.json' with { type: 'json' };
import { allWords, wordsOf } from './word-lists.js';

/**
 * The words of a yes/no field's value, per language in yes-no-words.json, in lower case as printed
 * ("Ja", "Payé", "Onbetaald"): `yes` ones are true, `no` ones false. Check marks are no language's
 * and stay in values/contacts.ts.
 */
export interface YesNoWords {
  yes: ReadonlySet<string>;
  no: ReadonlySet<string>;
}

export function yesNoWords(
  data: Readonly<Record<string, Partial<Record<'yes' | 'no', readonly string[]>>>>,
): YesNoWords {
  return { yes: new Set(allWords(wordsOf(data, 'yes'))), no: new Set(allWords(wordsOf(data, 'no'))) };
}

/** Every language's yes/no words. */
export const YES_NO_WORDS: YesNoWords = yesNoWords(table);
