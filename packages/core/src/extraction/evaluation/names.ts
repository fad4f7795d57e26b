import { foldedTokens } from '../layout/fold.js';

/**
 * Company names as the evaluation compares them: "Amazon Web Services, Inc." and "Amazon Web
 * Services" name one company, so a trailing legal form (and the "(M)" Malaysian names put before
 * it) is dropped, and case, punctuation and diacritics are folded. What a reader enters in an ERP is
 * the name; whether the form came with it is not what the field is for.
 */

const LEGAL_FORMS = [
  'gmbh & co kg',
  'gmbh & co',
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'e k',
  'e v',
  'se',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'plc',
  'corp',
  'corporation',
  'co',
  'bv',
  'b v',
  'nv',
  'n v',
  'sarl',
  'sas',
  'sa',
  'srl',
  'spa',
  'sl',
  'sdn bhd',
  'bhd',
  'pty ltd',
  'pte ltd',
  'pty',
  'pte',
].map((form) => foldedTokens(form.replace('&', ' ')));

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
    const form = LEGAL_FORMS.find(
      (f) => f.length < tokens.length && f.every((t, k) => tokens[tokens.length - f.length + k] === t),
    );
    if (form) {
      tokens.splice(tokens.length - form.length);
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
