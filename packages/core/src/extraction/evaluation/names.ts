import { foldedTokens } from '../layout/fold.js';
import { legalFormAtEnd } from '../lexicons/legal-forms.js';

/**
 * Company names as the evaluation compares them: "Amazon Web Services, Inc." and "Amazon Web
 * Services" name one company, so a trailing legal form (and the "(M)" Malaysian names put before
 * it) is dropped, and case, punctuation and diacritics are folded. What a reader enters in an ERP is
 * the name; whether the form came with it is not what the field is for. The forms are data, per
 * language (lexicons/legal-forms.json).
 */

/** The name's folded words without the legal forms that end it ("Bei Spiel GmbH" -> "bei spiel"). */
export function stripLegalForm(name: string): string {
  const tokens = foldedTokens(name.replace(/\(\s*m\s*\)/gi, ' '));
  for (let changed = true; changed && tokens.length > 1;) {
    changed = false;
    if (tokens.at(-1) === 'm' || tokens.at(-1) === 'and') {
      tokens.pop();
      changed = true;
      continue;
    }
    const form = legalFormAtEnd(tokens);
    if (form > 0) {
      tokens.splice(tokens.length - form);
      changed = true;
    }
  }
  return tokens.join(' ');
}

/** Whether two company names are the same with or without their legal forms. */
export function sameCompanyName(a: string, b: string): boolean {
  const [x, y] = [stripLegalForm(a), stripLegalForm(b)];
  return x.length > 0 && x === y;
}
