import { fold, foldedTokens } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';
import closings from '../lexicons/closing-words.json' with { type: 'json' };
import { allWords, alternation, wordsOf } from '../lexicons/word-lists.js';
import type { Candidate } from './candidates.js';
import { isOrganizationShaped, isPersonShaped } from './contact-persons.js';
import { cleanName, looksLikeName, looksLikeStreet } from './party-lines.js';

/**
 * The seller named only in the signature under a letter's closing ("Met vriendelijke groet," /
 * "Sanne Bakker" / "Hoveniersbedrijf Peters"; "Mit freundlichen Grüßen", "Kind regards",
 * "Cordialement", "Atentamente", "Cordiali saluti"), as invoices written as letters print it when
 * the letterhead is a logo image. The company's line stands under the closing, after the person
 * who signs and their role: a line with a legal form or an organization word, or, after the
 * person, a line of capitalised words. The closings and roles are data per language
 * (lexicons/closing-words.json). A signature is the weakest evidence of the seller: the caller
 * offers it only where the page names no seller otherwise.
 */

const CLOSING = new RegExp(`^${alternation(allWords(wordsOf(closings, 'closings')))}$`);
const ROLES: ReadonlySet<string> = new Set(allWords(wordsOf(closings, 'roles')));
/** "i. A.", "i. V.", "ppa.", "p.p.", "p.o.": the person signs on the company's behalf. */
const AUTHORITY = new RegExp(`^${alternation(allWords(wordsOf(closings, 'authority')))} \\p{L}`, 'u');
/** How far a signature's line may start from the closing's left edge and still be the signature's. */
const SAME_COLUMN = 6;
/** The lines of a signature read under its closing: the person, a role, the company. */
const SIGNATURE_LINES = 4;
/** The most room, in line heights, left between a signature's lines for the handwritten one. */
const SIGNATURE_SPACE = 6;

/**
 * A line of the person signing on a company's behalf ("i. A. Sabine Keller", "p.p. John Smith"):
 * never the seller's name. Where the prefix is followed by the company itself ("p.p. Fernández
 * Logística S.L.", "i. A. der Becker Technik e.K."), the line names the seller and is kept.
 */
export function signsOnBehalf(text: string): boolean {
  return AUTHORITY.test(fold(text)) && !isOrganizationShaped(cleanName(text));
}

export function signatureNames(lines: readonly Line[], buyerSegments: ReadonlySet<Segment>): Candidate[] {
  const found: Candidate[] = [];
  for (const line of lines)
    for (const segment of line.segments) {
      if (buyerSegments.has(segment) || !CLOSING.test(fold(segment.text))) continue;
      const company = companyUnder(signatureLines(lines, line, segment));
      if (company) found.push({ value: company.name, score: 0.3, line: company.line, source: 'layout' });
    }
  return found;
}

/**
 * The company's line of a signature: the first organization-shaped line, or the name-shaped one
 * after the person; or, as DIN 5008 letters sign ("Mit freundlichen Grüßen" / "Gebäudereinigung
 * Lorenz" / "i. A. Sabine Keller"), a line of capitalised words over the person signing on its behalf.
 */
function companyUnder(signature: { text: string; line: Line }[]): { name: string; line: Line } | undefined {
  const first = signature[0];
  if (first && signature.slice(1).some((s) => signsOnBehalf(s.text))) {
    const name = cleanName(first.text);
    return looksLikeName(name) && !looksLikeStreet(name) && isCapitalised(name)
      ? { name, line: first.line }
      : undefined;
  }
  let person = false;
  for (const { text, line } of signature) {
    const name = cleanName(text);
    if (!looksLikeName(name) || looksLikeStreet(name)) return undefined;
    if (isOrganizationShaped(name)) return { name, line };
    if (isRole(name)) continue;
    if (person) return isCapitalised(name) ? { name, line } : undefined;
    if (!isPersonShaped(name)) return undefined;
    person = true;
  }
  return undefined;
}

/** "Geschäftsführer", "Managing Director", "Amministratore unico": who the person signing is. */
function isRole(text: string): boolean {
  const folded = fold(text);
  return ROLES.has(folded) || foldedTokens(text).every((t) => ROLES.has(t));
}

/** Words that each begin with a capital, short joining words aside ("Van der Berg Tuinen", "Harrow & Vale"). */
function isCapitalised(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return /^\p{Lu}/u.test(words[0] ?? '') && words.every((w) => /^\p{Lu}/u.test(w) || w.length <= 3);
}

/**
 * The texts under the closing in its column, each close under the one above; the space left for a
 * handwritten signature may stand under the closing, or over the person signing on the company's
 * behalf ("i. A. Sabine Keller").
 */
function signatureLines(lines: readonly Line[], closing: Line, segment: Segment): { text: string; line: Line }[] {
  const found: { text: string; line: Line }[] = [];
  const height = closing.y1 - closing.y0;
  let above = closing;
  for (let i = closing.index + 1; i < lines.length && found.length < SIGNATURE_LINES; i++) {
    const next = lines[i]!;
    const own = next.segments.find((s) => Math.abs(s.x0 - segment.x0) <= SAME_COLUMN);
    if (!own || next.page !== closing.page) break;
    const room = found.length === 0 || signsOnBehalf(own.text) ? SIGNATURE_SPACE : 1.5;
    if (next.y0 - above.y1 > height * room) break;
    found.push({ text: own.text, line: next });
    above = next;
  }
  return found;
}
