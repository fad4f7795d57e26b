import { foldedTokens } from '../layout/fold.js';
import business from './business-words.json' with { type: 'json' };
import table from './legal-forms.json' with { type: 'json' };

/**
 * Company legal forms ("GmbH", "SARL", "Sdn Bhd", "B.V.", "S.p.A.", "AB", "Oy") as data, one entry
 * per language in legal-forms.json, so that a country's forms are added without code. A form that
 * is also a common word of some language ("AS" in Norwegian and English, "AB" in Swedish and
 * German) is listed under `last_only`: it counts only as the last word of a name.
 * `name_key` lists the forms a vendor's name key leaves out (hints/vendor-keys.ts).
 * business-words.json holds words that mark a trading name without being a legal form
 * ("Trading", "Restoran"): they make a line name-like, and the evaluation keeps them in the name.
 */

export interface LegalForm {
  /** The form's folded words ("gmbh & co kg" -> gmbh, co, kg). */
  tokens: readonly string[];
  /** Only as a name's last word or words. */
  lastOnly: boolean;
}

type Table = Record<string, { forms: string[]; last_only: string[]; name_key?: string[] }>;

const toTokens = (form: string) => foldedTokens(form.replace(/&/g, ' '));

function loadForms(data: Table): LegalForm[] {
  const byKey = new Map<string, LegalForm>();
  for (const { forms, last_only: lastOnly } of Object.values(data)) {
    for (const form of forms) {
      const tokens = toTokens(form);
      const key = tokens.join(' ');
      const last = lastOnly.includes(form);
      const seen = byKey.get(key);
      // A form listed in two languages is a common word in either only if both say so.
      byKey.set(key, { tokens, lastOnly: seen ? seen.lastOnly && last : last });
    }
  }
  // Longest first, so that "gmbh & co kg" is taken whole before "kg".
  return [...byKey.values()].sort((a, b) => b.tokens.length - a.tokens.length);
}

/** Every language's legal forms, longest first. */
export const LEGAL_FORMS: readonly LegalForm[] = loadForms(table);

/** Words of trading names that are no legal form ("trading", "restoran"), folded. */
export const BUSINESS_WORDS: readonly (readonly string[])[] = Object.values(business as Record<string, string[]>)
  .flat()
  .map(toTokens);

/** The number of words of a legal form that ends the folded words, or 0. */
export function legalFormAtEnd(tokens: readonly string[]): number {
  const form = LEGAL_FORMS.find(
    (f) =>
      f.tokens.length < tokens.length && f.tokens.every((t, k) => tokens[tokens.length - f.tokens.length + k] === t),
  );
  return form ? form.tokens.length : 0;
}

/**
 * Forms a vendor's name key leaves out, so that "ACME GmbH" and "Acme" meet: single folded words,
 * `name_key` of each language. A list apart from `forms`, since vendors are stored by their keys:
 * leaving out more words would change the keys of vendors already known.
 */
export function nameKeyForms(
  data: Readonly<Record<string, Partial<Record<'forms' | 'last_only' | 'name_key', readonly string[]>>>>,
): ReadonlySet<string> {
  return new Set(Object.values(data).flatMap((language) => language.name_key ?? []));
}

/** Every language's forms left out of a name key. */
export const NAME_KEY_FORMS: ReadonlySet<string> = nameKeyForms(table);
