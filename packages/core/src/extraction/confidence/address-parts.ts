import { hasStreetWord, isStreetAddress } from '../fields/address-numbers.js';
import { foldedTokens } from '../layout/fold.js';
import table from '../lexicons/address-words.json' with { type: 'json' };

/**
 * What the parts of a seller's address say about where its block was cut (caps, see
 * evidence-caps.ts). A postal address a document prints has a street (or a box) and a town with its
 * postcode, in that order; an address read as
 *
 * - streets and units alone ("Building 24, 15 High Street"): the town's line under them was missed;
 * - a town alone, its postcode the only number ("Austin, TX 78701"): the street's or box's line over
 *   it was missed;
 * - a street after its town ("boulevard Voltaire 159, 13001 Marseille, boulevard Voltaire 218"): the
 *   block ran on into the next block's street (the buyer's, printed beside or under it).
 *
 * An address of one part is addressOfOnePart's (party-blocks.ts).
 */

interface AddressWords {
  units?: string[];
  boxes?: string[];
  street_line_words?: string[];
}
const languages: Record<string, AddressWords> = table;
/** Unit and box words as folded tokens ("p o box"), each standing right before its number. */
const UNIT_OR_BOX = Object.values(languages)
  .flatMap((w) => [...(w.units ?? []), ...(w.boxes ?? [])])
  .map((w) => w.split(' '));

/** A postcode's shapes: four or five digits, the Dutch "2511 CV", the British "M1 1AA", a state's ZIP "TX 78701". */
const POSTCODE = /\b\d{4,5}\b|\b\d{4}\s?[A-Z]{2}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\b[A-Z]{2}\s\d{5}\b/g;

/** A street with its number, or a unit or box word before a number ("Building 24", "PO Box 9268", "Bât. 7"). */
function streetPart(part: string): boolean {
  if (isStreetAddress(part.replace(POSTCODE, ' '))) return true;
  const tokens = foldedTokens(part);
  return tokens.some(
    (t, i) => /^\d/.test(t) && UNIT_OR_BOX.some((w) => w.every((u, k) => tokens[i - w.length + k] === u)),
  );
}

const hasPostcode = (part: string) => new RegExp(POSTCODE.source).test(part);

export function addressCutShort(address: string): boolean {
  const parts = address.split(',').map((p) => p.trim());
  if (parts.length < 2) return false;
  const streets = parts.map(streetPart);
  // Streets and units alone, no postcode anywhere: the town's line was missed.
  if (streets.every(Boolean) && !parts.some(hasPostcode)) return true;
  // A town alone: no street word, unit or box, and no number but one postcode.
  const numbers = address.match(POSTCODE)?.length ?? 0;
  if (
    !parts.some((p, i) => streets[i] || hasStreetWord(p)) &&
    numbers === 1 &&
    !/\d/.test(address.replace(POSTCODE, ' '))
  )
    return true;
  // A street after the town's postcode: the next block's street.
  const town = parts.findIndex(hasPostcode);
  return town >= 0 && streets.some((s, i) => s && i > town && !hasPostcode(parts[i]!));
}
