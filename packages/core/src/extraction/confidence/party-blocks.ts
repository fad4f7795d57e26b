import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { isOrganizationShaped, isPersonShaped, startsWithContactWord } from '../fields/contact-persons.js';
import { isDepartmentLine } from '../fields/department-lines.js';
import { isDocumentTitle } from '../fields/party-lines.js';
import { LEGAL_FORMS, legalFormAtEnd } from '../lexicons/legal-forms.js';
import { REGISTRATION_WORDS } from '../lexicons/registration-words.js';
import { fold, foldedTokens } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';

/**
 * Where a party's block says the value chosen from it may be another line of the block, or of
 * another party's block, whatever the ranker and the rules' scores say (caps, see evidence-caps.ts):
 *
 * - a name shaped as a person's ("Sophie Laurent") with a second name line right under it in the
 *   same block ("Lumière Équipements"): "Ship to" blocks and buyer blocks print the recipient over
 *   the organization, and where the organization carries no legal form or organization word the
 *   rules cannot tell which of the two names the party (fields/contact-persons.ts); the order alone
 *   decided;
 * - an address with a part that begins with a contact word ("Molenweg 85, 3511 BK Utrecht, t.a.v.
 *   Mevr. Sanne Jansen", "z.Hd. Frau Anna Vogt"): the block's end was not found, and a contact
 *   person under an address is how buyers' blocks are printed, not sellers'; and one with a part
 *   that is a company's name (or its legal form alone, "KG"), a department or a registration: the
 *   block's edges were not found; and one of a single part, a street without its town or a town
 *   without its street or box;
 * - a seller's name, or the address read under it, whose block stands under a heading no seller
 *   label matches and no lexicon lists (a key with its value set apart is no heading; "An" and
 *   "Aan" alone over a block are buyer headings, `buyer_heading` in lexicons/field-labels.json).
 */

/** A name line of a block: words of letters only, each capitalised, no more than five. */
const NAME_LINE = /^\p{Lu}[\p{L}'’.&-]*(?:\s+[\p{Lu}&][\p{L}'’.&-]*){0,4}$/u;

export function personOverName(ctx: DocumentView, candidate: Candidate): boolean {
  const value = String(candidate.value).trim();
  if (!isPersonShaped(value) || isOrganizationShaped(value)) return false;
  const below = nextInColumn(ctx, candidate.line, value);
  if (!below || !NAME_LINE.test(below.segment.text.trim())) return false;
  // A label there ("Telefoon", "Kunde") makes the line no name.
  return !ctx.labels.hitsOn(below.line).some((h) => h.x1 > below.segment.x0 && h.x0 < below.segment.x1);
}

/** The next line's segment under the value's, when it follows without a gap. */
function nextInColumn(ctx: DocumentView, line: Line, value: string): { line: Line; segment: Segment } | null {
  const own = line.segments.find((s) => fold(s.text).includes(fold(value))) ?? line.segments[0];
  const next = ctx.lines[line.index + 1];
  if (!own || !next || next.page !== line.page) return null;
  if (next.y0 - line.y1 > (line.y1 - line.y0) * 1.5) return null;
  const segment = next.segments.find((s) => s.x0 < own.x1 && s.x1 > own.x0);
  return segment ? { line: next, segment } : null;
}

export function addressHoldsContact(address: string): boolean {
  return address.split(',').some((part) => startsWithContactWord(part.trim()));
}

/**
 * An address with a part that is another line of a block: a company's name (ending with a legal form:
 * "Paseo de Gracia 216, Martínez Servicios S.L.U., 28013 Madrid"), a department ("Buchhaltung,
 * Hauptstraße 200") or a registration ("..., RCS Lyon B 532 418 907"). Where the block's address
 * starts or ends was not found, and the name may be the other party's.
 */
export function addressHoldsOtherLine(address: string): boolean {
  return address.split(',').some((raw) => {
    const part = raw.trim();
    const tokens = foldedTokens(part);
    return (
      legalFormAtEnd(tokens) > 0 ||
      isLegalForm(tokens) ||
      isDepartmentLine(part, false) ||
      REGISTRATION_WORDS.test(fold(part))
    );
  });
}

/** A part that is a legal form alone ("KG"): the last line of a name printed over two lines. */
function isLegalForm(tokens: readonly string[]): boolean {
  return LEGAL_FORMS.some((f) => f.tokens.length === tokens.length && f.tokens.every((t, k) => tokens[k] === t));
}

/**
 * An address of one part: a street with no town under it ("86 High Street"), or a town with no
 * street or box over it ("Manchester M1 1AA"). The block's other line was not found, and a postal
 * address that a document prints is never one line short of both.
 */
export function addressOfOnePart(address: string): boolean {
  return !address.includes(',');
}

/** A heading: one or two words of letters, a colon allowed after them ("An", "Aan", "Ship to:"). */
const HEADING = /^\p{L}[\p{L}.'’-]*(?:\s\p{L}[\p{L}.'’-]*)?:?$/u;

/**
 * A seller's name, or the address read under it, whose block stands under a heading that no seller
 * label matches ("Geadresseerde" over the buyer's block): the block belongs to the party the heading
 * names, and the rules took it for the seller's because they do not know the heading.
 */
export function sellerUnderOtherHeading(ctx: DocumentView, candidate: Candidate, address: boolean): boolean {
  const column = address ? addressColumn(ctx, candidate) : segmentWith(candidate.line, String(candidate.value));
  if (!column) return false;
  const line = candidate.line;
  const above = ctx.lines[line.index - 1];
  if (!above || above.page !== line.page || line.y0 - above.y1 > (line.y1 - line.y0) * 1.5) return false;
  const segment = above.segments.find((s) => s.x0 < column.x1 && s.x1 > column.x0);
  if (!segment) return false;
  const text = segment.text.trim();
  if (!HEADING.test(text) || text.length > 20 || isDocumentTitle(text)) return false;
  // A key with its value set apart ("Nummer    : 12345676") is no heading.
  const next = above.segments[above.segments.indexOf(segment) + 1];
  if (next && /^[:#\d]/.test(next.text.trim())) return false;
  return !ctx.labels.hitsOn(above).some((h) => h.key === 'vendor_name' && h.x1 > segment.x0 && h.x0 < segment.x1);
}

function segmentWith(line: Line, text: string): Segment | undefined {
  const folded = fold(text);
  return line.segments.find((s) => fold(s.text).includes(folded));
}

/** Lines under the name the address was read under, where its first part is looked for. */
const WINDOW = 8;

/** The segment the address's first part is printed in, on the lines under the name. */
function addressColumn(ctx: DocumentView, candidate: Candidate): Segment | undefined {
  const first = String(candidate.value).split(',')[0]?.trim() ?? '';
  if (first.length < 3) return undefined;
  const end = Math.min(ctx.lines.length, candidate.line.index + WINDOW);
  for (let i = candidate.line.index + 1; i < end; i++) {
    const segment = segmentWith(ctx.lines[i]!, first);
    if (segment) return segment;
  }
  return undefined;
}
