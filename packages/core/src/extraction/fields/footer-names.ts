import type { Line, Segment } from '../layout/lines.js';
import { isPostBox, isStreetAddress, POSTCODE } from './address-numbers.js';
import type { Candidate } from './candidates.js';
import { cleanName, isStreetLine, looksLikeName, looksLikeStreet, nameBeforeLegalMention } from './party-lines.js';
import { namesInSentence } from './sentence-names.js';

/**
 * The seller named only at the foot of the page, in a column of its own over its street and town
 * ("JEROEN MULDER ADVIES" / "Molenweg 221" / "2511 CV Den Haag" beside columns of bank and contact
 * details, as DIN 5008 letters and e-invoice samples print their footers; street and place may
 * share a line): a name with no legal
 * form, so that no other rule offers it. The street and the place under it in the same column are
 * the witness; a bank or contact column's heading has an IBAN or a phone under it, no street.
 */

/** The foot of a page: the lines below this share of its height. */
const FOOT = 0.85;
/** How far a line under the name may start from the name's left edge and still be its column's. */
const SAME_COLUMN = 4;

export function footerBlockNames(lines: readonly Line[], buyerSegments: ReadonlySet<Segment>): Candidate[] {
  const found: Candidate[] = [];
  for (const line of lines) {
    if (line.y0 < line.pageHeight * FOOT || line.confidence < 0.5) continue;
    for (const segment of line.segments) {
      if (buyerSegments.has(segment)) continue;
      // "LOMBARDA FORNITURE con sede legale in Torino": the name before its seat or capital.
      const name = cleanName(nameBeforeLegalMention(segment.text) ?? segment.text);
      if (!looksLikeName(name) || looksLikeStreet(name) || isStreetLine(name) || isStreetAddress(name)) continue;
      // "X ist eine Marke der Y" over the address: a sentence, whose names the legal-form rule reads.
      if (namesInSentence(name) !== undefined) continue;
      if (!hasAddressBelow(columnBelow(lines, line, segment))) continue;
      found.push({ value: name, score: 0.35, line, source: 'layout' });
    }
  }
  return found;
}

/**
 * A street (or a post-office box, "Postfach 8451") over a postcode and place, or both on the first
 * line after a comma ("Am Marktplatz 7, 50667 Köln", "12 rue des Lilas, 69003 Lyon"), as a narrow
 * footer column prints them.
 */
function hasAddressBelow([street, place]: string[]): boolean {
  if (street === undefined) return false;
  if (place !== undefined && (isStreetAddress(street) || isPostBox(street)) && POSTCODE.test(place)) return true;
  const comma = street.lastIndexOf(',');
  return comma > 0 && isStreetAddress(street.slice(0, comma)) && POSTCODE.test(street.slice(comma + 1));
}

/** The texts of the next two lines' segments that start where the segment starts, each close under the one above. */
function columnBelow(lines: readonly Line[], line: Line, segment: Segment): string[] {
  const texts: string[] = [];
  let above = line;
  for (let i = line.index + 1; i < lines.length && texts.length < 2; i++) {
    const next = lines[i]!;
    if (next.page !== line.page || next.y0 - above.y1 > (above.y1 - above.y0) * 1.5) break;
    const own = next.segments.find((s) => Math.abs(s.x0 - segment.x0) <= SAME_COLUMN);
    if (!own) break;
    texts.push(own.text);
    above = next;
  }
  return texts;
}
