import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { isStreetAddress } from '../fields/address-numbers.js';
import { hasLegalForm, isStreetLine, looksLikeName, SENDER_SEPARATORS } from '../fields/party-lines.js';
import { fold } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';

/**
 * A seller's address no label introduces, read under a seller's name whose own evidence is weak
 * (capped: printed once, no label), on a page that prints another postal address with no name over
 * it: a street at the top of its block (under a logo, a tagline, or nothing), or first on a
 * one-line sender address. Software that prints the seller's name only in its logo prints the
 * seller's address so, and the rules then took the buyer's block, printed under no label, for the
 * seller's, and its address with it. Another address under a name (the buyer's block, labelled or
 * not) says nothing of which block the seller's is: the name the rules chose was there to choose
 * from. The caller judges the name (evidence-caps.ts).
 */
export function namelessAddressPrinted(ctx: DocumentView, address: Candidate): boolean {
  if (address.source === 'label') return false;
  const own = fold(String(address.value));
  return ctx.lines.some((line) =>
    line.segments.some((segment) => {
      // A street with its number and street word starts a block; a date ("03 ene. 2022") is none.
      const parts = segment.text.trim().split(SENDER_SEPARATORS);
      const k = parts.findIndex((p) => isStreetAddress(p) && STREET_NAME.test(p));
      // The seller's own street printed again (a footer's legal line) is no other party's.
      if (k < 0 || own.includes(fold(parts[k]!))) return false;
      return parts.length > 1 ? k === 0 : !nameAbove(ctx, line, segment);
    }),
  );
}

/** A street's name, a word of four letters or more: "2 st" is a quantity of pieces, no street. */
const STREET_NAME = /\p{L}{4,}/u;

/** A line of an address's block: a street, or a postcode and its place ("50667 Köln"). */
const isStreet = (text: string) => isStreetLine(text) || isStreetAddress(text);

/** A name: a legal form, or a line that reads as one, capitalised and without digits ("Transports Moreau et Fils"). */
const isName = (text: string) =>
  hasLegalForm(text) || (/^\p{Lu}/u.test(text) && !/\d/.test(text) && looksLikeName(text));

/**
 * Whether a name stands over the segment's block in its column: the line right over it, or over
 * the block's other address lines ("50667 Köln" under "Hauptstraße 12"). A tagline ("Quality since
 * 1998") is no name.
 */
function nameAbove(ctx: DocumentView, line: Line, segment: Segment, depth = 0): boolean {
  const above = ctx.lines[line.index - 1];
  if (!above || above.page !== line.page || line.y0 - above.y1 > (line.y1 - line.y0) * 1.5) return false;
  const over = above.segments.find((s) => s.x0 < segment.x1 && s.x1 > segment.x0);
  if (!over) return false;
  const text = over.text.trim();
  if (isStreet(text)) return depth < 3 && nameAbove(ctx, above, over, depth + 1);
  return isName(text);
}
