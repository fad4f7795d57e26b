import { fold } from '../layout/fold.js';
import { REGISTRATION_WORDS } from '../lexicons/registration-words.js';
import type { Line, Segment } from '../layout/lines.js';
import { isStreetAddress, POSTCODE } from './address-numbers.js';
import type { Candidate } from './candidates.js';
import { cleanName, isStreetLine, looksLikeName, looksLikeStreet } from './party-lines.js';
import { namesInSentence } from './sentence-names.js';

/**
 * The seller's block in the upper half of the first page: a name over its street and town and,
 * in the same column, its phone, e-mail or web address ("Isabel Navarro" / "Oudegracht 118" /
 * "3511 AX Utrecht" / "+31 20 555 0192" / "info@isabelnavarro.nl"), as
 * invoicing programs print the company's details beside an unlabelled client block. A name with
 * no legal form and not first on its line is offered by no other rule. The contact lines are the
 * witness: a buyer's block prints a name and an address, seldom the buyer's phone or e-mail. A
 * name over an address with no contact lines on the same line as one such block is the client's.
 * The column is the name's left edge or its right edge (a block set flush right). A block set
 * flush right is a witness as well: a postal address is set flush left whichever side its window
 * is on, and invoicing programs set the company's block flush right in the top right corner beside
 * the client's or beside a logo.
 */

/** The top of a page where a seller's block stands: the lines above this share of its height. */
const HEAD = 0.5;
/** How far a line under the name may start (or end) from the name's edge and still be its column's. */
const SAME_EDGE = 4;
/** How many lines of the column under the name are read for its address and contact lines. */
const BLOCK_LINES = 8;

export interface ContactBlocks {
  /** The names over an address and contact lines, or heading a block set flush right: the seller's, as the rule sees it. */
  sellers: Candidate[];
  /**
   * Names, folded, over an address with no such witness that share a line with a seller's block
   * ("Oliver Bennett" left of "Isabel Navarro" and her phone): the client's block, the addressee.
   */
  addressees: Set<string>;
}

export function contactBlocks(lines: readonly Line[], buyerSegments: ReadonlySet<Segment>): ContactBlocks {
  const sellers: Candidate[] = [];
  const addressees = new Set<string>();
  for (const line of lines) {
    if (line.page !== 1 || line.y0 > line.pageHeight * HEAD || line.confidence < 0.5) continue;
    const blocks = line.segments.filter((s) => !buyerSegments.has(s)).flatMap((s) => blockOf(lines, line, s) ?? []);
    const own = blocks.filter((b) => b.own);
    for (const block of own) sellers.push({ value: block.name, score: 0.45, line, source: 'layout' });
    if (own.length === 1) for (const block of blocks) if (!block.own) addressees.add(fold(block.name));
  }
  return { sellers, addressees };
}

/**
 * The name a segment starts, when its column goes on with a street and a town; and whether the
 * block is the seller's own: contact lines follow, or it is set flush right (headsFlushRightBlock).
 */
function blockOf(lines: readonly Line[], line: Line, segment: Segment): { name: string; own: boolean } | null {
  const name = cleanName(segment.text);
  if (!looksLikeName(name) || looksLikeStreet(name) || isStreetLine(name) || isStreetAddress(name)) return null;
  if (namesInSentence(name) !== undefined) return null;
  const below = columnBelow(lines, line, segment);
  // A tax number may stand between the name and its street ("N° TVA: FR…", either party's block).
  const first = below[0] !== undefined && REGISTRATION_WORDS.test(fold(below[0])) ? 1 : 0;
  const [street, place] = below.slice(first);
  if (street === undefined || place === undefined || !isStreetAddress(street) || !POSTCODE.test(place)) return null;
  return { name, own: below.slice(first + 2).some(isContactLine) || headsFlushRightBlock(lines, line, segment) };
}

/**
 * A phone number, or an e-mail or web address. A tax or register number is no witness: invoices
 * print the buyer's VAT number in the buyer's block as well.
 */
function isContactLine(text: string): boolean {
  return /@|www\.|https?:/i.test(text) || /^\+?[\d\s()/.-]{8,}$/.test(text.trim());
}

/** The texts of the next lines' segments that share the segment's left or right edge, each close under the one above. */
function columnBelow(lines: readonly Line[], line: Line, segment: Segment): string[] {
  return columnSegments(lines, line, segment).map((s) => s.text);
}

/**
 * Whether the segment heads a block set flush right: two lines or more under it end where it ends
 * and do not all start where it starts. A postal address is set flush left, whichever side its
 * window is on; a seller's letterhead block is often set flush right at the top right corner.
 */
export function headsFlushRightBlock(lines: readonly Line[], line: Line, segment: Segment): boolean {
  const below = columnSegments(lines, line, segment);
  return (
    below.length >= 2 &&
    below.every((s) => Math.abs(s.x1 - segment.x1) <= SAME_EDGE) &&
    below.some((s) => Math.abs(s.x0 - segment.x0) > SAME_EDGE)
  );
}

/** The next lines' segments that share the segment's left or right edge, each close under the one above. */
function columnSegments(lines: readonly Line[], line: Line, segment: Segment): Segment[] {
  const found: Segment[] = [];
  const left = (s: Segment) => Math.abs(s.x0 - segment.x0) <= SAME_EDGE;
  const right = (s: Segment) => Math.abs(s.x1 - segment.x1) <= SAME_EDGE;
  let above = line;
  for (let i = line.index + 1; i < lines.length && found.length < BLOCK_LINES; i++) {
    const next = lines[i]!;
    if (next.page !== line.page || next.y0 - above.y1 > (above.y1 - above.y0) * 1.5) break;
    const own = next.segments.find((s) => left(s) || right(s));
    // A line of another column only (a details box's row set between two of the block's lines at
    // another pitch) is passed over; a line that prints across the column ends the block.
    if (!own && next.segments.every((s) => s.x1 < segment.x0 || s.x0 > segment.x1)) continue;
    if (!own) break;
    found.push(own);
    above = next;
  }
  return found;
}
