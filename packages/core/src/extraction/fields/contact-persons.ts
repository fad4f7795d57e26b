import { foldedTokens } from '../layout/fold.js';
import contacts from '../lexicons/contact-words.json' with { type: 'json' };
import organizations from '../lexicons/organization-words.json' with { type: 'json' };
import { hasLegalForm } from './party-lines.js';

/**
 * A buyer's block often names a person as well as the organization: "Ship to" over the recipient
 * and then the company, "Attn: Grace Holloway" or "z. Hd. Herr Keller" under the address. The
 * person is who reads the document, not the party: where the block also holds a line shaped like
 * an organization (a legal form, or a word organizations are named with: "Electronics",
 * "Logistik", "Servicios"), the organization is the name. The words are data per language in
 * lexicons/contact-words.json and lexicons/organization-words.json.
 */

type ContactTable = Record<string, { labels: string[]; titles: string[]; attention?: string[]; addressing?: string[] }>;

const table = contacts as ContactTable;
const CONTACT_LABELS = Object.values(table).flatMap((l) => l.labels.map((w) => w.split(' ')));
/** The contact words that name the document's reader ("Attn", "z. Hd.", "T.a.v."), not a seller's contact. */
const ATTENTION_LABELS = Object.values(table).flatMap((l) => (l.attention ?? []).map((w) => w.split(' ')));
const TITLES: ReadonlySet<string> = new Set(Object.values(table).flatMap((l) => l.titles));
/** The titles a letter addresses its reader with ("Herrn", "M.", "Mrs"); no academic ones ("Dr"). */
const ADDRESSING: ReadonlySet<string> = new Set(Object.values(table).flatMap((l) => l.addressing ?? []));
const ORGANIZATION_WORDS: ReadonlySet<string> = new Set(
  Object.values(organizations as Record<string, string[]>).flat(),
);

/** The text begins with a contact word: "Attn:", "z. Hd.", "T.a.v.", "À l'attention de". */
export function startsWithContactWord(text: string): boolean {
  return startsWithOneOf(CONTACT_LABELS, text);
}

/**
 * The text begins with a word that sends the document to a person's attention ("Attn:", "z. Hd.",
 * "À l'attention de", "Alla c.a."): a line of the addressee's block. "Contact" or "Ansprechpartner"
 * are not such words: a seller's block names its own contact with them.
 */
export function startsWithAttentionWord(text: string): boolean {
  return startsWithOneOf(ATTENTION_LABELS, text);
}

function startsWithOneOf(labels: string[][], text: string): boolean {
  const tokens = foldedTokens(text);
  return labels.some((label) => label.every((t, k) => tokens[k] === t) && tokens.length > label.length);
}

/**
 * A person's name as blocks print it: after a contact word or a title ("Herr", "Mme", "Dhr."), or
 * two or three capitalised words of letters (an initial allowed) with no legal form and no
 * organization word.
 */
export function isPersonShaped(text: string): boolean {
  if (startsWithContactWord(text)) return true;
  if (isOrganizationShaped(text)) return false;
  const tokens = foldedTokens(text);
  if (tokens.length >= 2 && TITLES.has(tokens[0]!)) return true;
  const words = text.trim().split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 3 &&
    words.every((w) => /^\p{Lu}(\p{Ll}+(-\p{Lu}\p{Ll}+)?|\.)$/u.test(w)) &&
    /\p{Ll}/u.test(words.at(-1)!)
  );
}

/**
 * A person addressed by a courtesy title ("Herrn" over the name, "M. Louis Martin", "Mrs Jane
 * Doe"): the first line of a window address, the reader's; an issuer's letterhead prints no such
 * title before its own name (a doctor's "Dr" is no courtesy title and does not count).
 */
export function isAddressedPerson(text: string): boolean {
  const tokens = foldedTokens(text);
  if (tokens.length === 0 || !ADDRESSING.has(tokens[0]!) || isOrganizationShaped(text)) return false;
  const rest = text.trim().split(/\s+/).slice(1).join(' ');
  return tokens.length === 1 || isPersonShaped(rest);
}

/** A line that names an organization: a legal form or an organization word in it. */
export function isOrganizationShaped(text: string): boolean {
  return hasLegalForm(text) || foldedTokens(text).some((t) => ORGANIZATION_WORDS.has(t));
}
