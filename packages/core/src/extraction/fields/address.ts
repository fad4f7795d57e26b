import type { ExtractionContext } from '../context.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { COUNTRY_NAMES } from '../lexicons/country-names.js';
import { withoutTermIds } from '../labels/business-terms.js';
import type { LabelHit } from '../labels/label-index.js';
import { KEY_WORDS } from '../lexicons/key-words.js';
import type { Candidate } from './candidates.js';
import { senderParts } from './addressee-names.js';
import { isDocumentTitle, isStreetLine, SENDER_SEPARATORS } from './party-lines.js';
import { isSentence, namesInSentence } from './sentence-names.js';
import { findPhones } from '../values/contacts.js';
import { isOwnerLine } from './owner-lines.js';
import { isStreetAddress } from './address-numbers.js';

/**
 * A company's address: the lines under its name in the same column, up to the first line that is
 * no address (phone, e-mail, a label, a wide gap). A country name ends it and is left out, as are
 * leading country codes ("DE 75645 Frankfurt"): the street and the place are what identify it.
 * Country names are data per language (lexicons/country-names.json).
 */

const MAX_LINES = 3;
/** A name this many times as tall as its address lines is a letterhead's, set apart in size. */
const LETTERHEAD_SCALE = 1.5;

export function addressCandidate(ctx: ExtractionContext, name: Candidate | null): Candidate | null {
  if (!name) return null;
  const fromSender = senderAddress(name);
  if (fromSender) return fromSender;
  const folded = fold(String(name.value));
  const own = addressLines(ctx, name.line, columnOf(name.line, String(name.value)), folded);
  const parts = own.length ? own : besideName(ctx, name.line, String(name.value), folded);
  if (parts.length === 0) return null;
  return { value: parts.join(', '), score: name.score * 0.9, line: name.line, source: 'layout' };
}

/**
 * The address of a party's name, or where the name stands alone (a letterhead beside a logo, a
 * heading), the address printed with the same name on another line: a footer's legal line or a
 * block further down the page.
 */
export function partyAddress(ctx: ExtractionContext, name: Candidate | null): Candidate | null {
  const own = addressCandidate(ctx, name);
  if (own || !name) return own;
  const folded = fold(String(name.value));
  if (folded.length < 4) return null;
  for (const line of ctx.lines) {
    if (line === name.line || !fold(line.text).includes(folded)) continue;
    const found = addressCandidate(ctx, { ...name, line });
    if (found) return { ...found, score: found.score * 0.9 };
  }
  return null;
}

/**
 * A header that sets the company's details and its address side by side: the name at the top of
 * one column over its contact lines (web, e-mail, phone, ids), the street at the top of the next
 * column on the name's line, the place under it, as invoicing programs print their headers
 * (Invoice Ninja's designs, Akaunting's modern template). Taken only when the name's own column
 * gives no address.
 */
function besideName(ctx: ExtractionContext, nameLine: Line, value: string, folded: string): string[] {
  const column = columnOf(nameLine, value);
  const street = nameLine.segments.find((s) => s.x0 > column.x1 && (isStreetLine(s.text) || isStreetAddress(s.text)));
  if (!street) return [];
  const rest = addressLines(ctx, nameLine, { x0: street.x0 - 5, x1: street.x1 + 5 }, folded, true);
  return [street.text.trim(), ...rest].slice(0, MAX_LINES);
}

/**
 * Lines under the name: "Anschrift:" / "Address:" lines give their value; other "Key: value"
 * lines (a customer number, a contact person) are passed over before the address starts and end
 * it afterwards.
 */
function addressLines(
  ctx: ExtractionContext,
  nameLine: Line,
  column: { x0: number; x1: number },
  name: string,
  beside = false,
): string[] {
  const parts: string[] = [];
  let previous = nameLine;
  const nameHeight = nameLine.y1 - nameLine.y0;
  let addressTallest = 0;
  for (
    let i = nameLine.index + 1;
    i < Math.min(ctx.lines.length, nameLine.index + 8) && parts.length < MAX_LINES;
    i++
  ) {
    const line = ctx.lines[i]!;
    if (line.page !== previous.page || line.y0 - previous.y1 > gapUnit(nameHeight, addressTallest) * 2) break;
    const segment = line.segments.find((s) => s.x1 > column.x0 && s.x0 < column.x1 + line.pageWidth * 0.25);
    if (!segment) continue;
    previous = line;
    addressTallest = Math.max(addressTallest, line.y1 - line.y0);
    // The rest of a name over two lines ("Polder Groothandel" / "V.O.F."): not yet the address.
    const rest = fold(segment.text);
    if (!parts.length && rest.length >= 2 && name.endsWith(rest) && !fold(nameLine.text).includes(name)) continue;
    // The owner under a sole trader's name ("Inh. Maria Schmidt e.K."): not yet the address.
    if (!parts.length && isOwnerLine(segment.text)) continue;
    const label = startingLabel(ctx, line, segment, beside ? column : null);
    // Under the buyer's heading the lines are the buyer's: a name with no address of its own (a logo) ends here.
    if (label?.key === 'buyer_name') break;
    const keyValue = /^([^:]{1,30}):\s*(.*)$/u.exec(beside ? fromColumn(line, column) : pairInColumn(line, column));
    if (label?.key === 'vendor_address' || (keyValue && KEY_WORDS.addresses.has(fold(withoutTermIds(keyValue[1]!))))) {
      const value = keyValue ? keyValue[2]!.trim() : afterLabel(ctx, line, label!);
      if (value) parts.push(value);
      continue;
    }
    if (label || keyValue) {
      if (parts.length) break;
      continue;
    }
    const text = withPlace(line, segment);
    // The name's contact lines before its address (a tax id, web, e-mail, phone), as invoicing
    // programs print a company's details over its address in one column: passed over.
    if (!parts.length && isContactLine(text)) continue;
    if (COUNTRY_NAMES.has(fold(text)) || !looksLikeAddress(text) || isDocumentTitle(text)) break;
    parts.push(text.replace(/^[A-Z]{2}[ -](?=\d{4,5}\b)/, ''));
  }
  // The lines are all on the name's page: OCR'd or not alike.
  if (!nameLine.ocr) return parts;
  const german = ctx.lines.some((l) => GERMAN_LETTERS.test(l.text));
  return parts.map((p) => {
    const street = p.replace(STREET_MISREAD, '$1traße');
    return german ? street.replace(U_AS_II, 'ü') : street;
  });
}

/**
 * A strong label that starts the line, or the segment taken: the document's details beside a name
 * centred over the seller's block ("Rechnungsnummer" under the name's column) are no address. For
 * a column beside the name's (`beside`), only the labels that reach into it: the name's own column
 * at its left holds contact lines ("www.", "Steuernummer:") that are not this column's.
 */
function startingLabel(ctx: ExtractionContext, line: Line, segment: Segment, beside: Column | null) {
  return ctx.labels
    .hitsOn(line)
    .find(
      (h) =>
        h.strength === 1 && (h.start === 0 || Math.abs(h.x0 - segment.x0) < 1) && (beside === null || h.x1 > beside.x0),
    );
}

/**
 * The text right of an address label up to a strong label of another field that starts a segment
 * further on ("Address ‖ Unit 4, Marlow Business Park ‖ Payment Due Date ‖ 2024-09-28"): the pair
 * of the next column is no part of the address.
 */
function afterLabel(ctx: ExtractionContext, line: Line, label: LabelHit): string {
  const next = ctx.labels
    .hitsOn(line)
    .find(
      (h) =>
        h.x0 > label.x1 &&
        h.key !== label.key &&
        h.strength === 1 &&
        line.segments.some((s) => Math.abs(s.x0 - h.x0) < 1),
    );
  return line.text
    .slice(label.end, next?.start)
    .replace(/^[\s:]+/, '')
    .trim();
}

/** A line's text from its first segment that reaches the column. */
function fromColumn(line: Line, column: Column): string {
  return line.segments
    .filter((s) => s.x1 > column.x0)
    .map((s) => s.text)
    .join(' ');
}

type Column = { x0: number; x1: number };
type Segment = Line['segments'][number];

/**
 * The height a gap in the block is judged by: its tallest line so far, since OCR boxes hug the
 * glyphs and a line without ascenders or descenders reads shorter than the pitch it was set on. A
 * name printed much larger than its address lines (a letterhead's, half as tall again or more)
 * judges only the gap under it: it would otherwise let the block run across the gap to the
 * recipient's lines below.
 */
function gapUnit(nameHeight: number, addressTallest: number): number {
  if (addressTallest === 0) return nameHeight;
  return nameHeight < addressTallest * LETTERHEAD_SCALE ? Math.max(nameHeight, addressTallest) : addressTallest;
}

/**
 * OCR splits the ü of a German word into "ii" ("80333 Miinchen", "Miiller"). A word of German
 * (or of any language written with these letters) does not hold "ii" inside it, so on a page
 * whose text has ä, ö, ü or ß elsewhere, "ii" between letters is read as the ü it was.
 */
const GERMAN_LETTERS = /[äöüßÄÖÜ]/;
const U_AS_II = /(?<=\p{L})ii(?=\p{Ll})/gu;

/**
 * A postcode is followed by its place: when a wide gap (a scan's, or a tab in the layout) puts the
 * place in a segment of its own, it is taken with the postcode ("DE 75645" + "Frankfurt"); so is
 * a street's house number.
 */
function withPlace(line: Line, segment: Line['segments'][number]): string {
  const text = segment.text.trim();
  const next = line.segments[line.segments.indexOf(segment) + 1];
  // A country code set apart from its postcode ("DE" + "80333 München") starts the same line.
  if (next && /^[A-Z]{2}$/.test(text) && /^\d{4,5}\b/.test(next.text.trim()))
    return withPlace(line, joined(segment, next));
  // A house number set apart from its street ("Musterstraße" + "3").
  if (next && /\p{L}{3,}\.?$/u.test(text) && /^\d{1,4}[a-z]?$/i.test(next.text.trim()))
    return `${text} ${next.text.trim()}`;
  if (!next || !/\b\d{4,6}$/.test(text) || !/^\p{L}/u.test(next.text.trim())) return text;
  return `${text} ${next.text.trim()}`;
}

function joined(a: Line['segments'][number], b: Line['segments'][number]): Line['segments'][number] {
  return { ...b, words: [...a.words, ...b.words], text: `${a.text.trim()} ${b.text.trim()}`, x0: a.x0 };
}

/**
 * OCR reads the ß of "Straße" as B, R, fi, l, lR and the like ("LieferantenstralBe 20"): before a
 * house number, on OCR lines only, the street word is written back.
 */
const STREET_MISREAD = /(\p{L}*[Ss])tra(?:B|b|8|6|R|fi|fs|ff|f|l|ll|lB|fB|lR|li|Ii)e(?=\s+\d)/gu;

function senderAddress(name: Candidate): Candidate | null {
  for (const segment of name.line.segments) {
    // A sender line as OCR read it, its middle dots as "+" or ":" (addressee-names.ts).
    const parts = senderParts(segment.text, name.line.ocr) ?? segment.text.split(SENDER_SEPARATORS);
    const first = parts[0]!;
    // "Acme is a trading name of Acme Holdings Ltd · street · place" gives Acme's address too.
    const names = [first, ...(namesInSentence(first) ?? [])].map(fold);
    if (parts.length < 3 || !names.includes(fold(String(name.value)))) continue;
    // The address parts up to the first that is none: a web address, a phone, a "Contact: ..." part.
    const after = parts.slice(1).map((p) => p.trim());
    const end = after.findIndex((p) => !looksLikeAddress(p) || p.includes(':'));
    const address = after.slice(0, end < 0 ? after.length : end).filter((p) => !COUNTRY_NAMES.has(fold(p)));
    if (address.length)
      return { value: address.join(', '), score: name.score * 0.9, line: name.line, source: 'layout' };
  }
  return null;
}

/**
 * Two parties' pairs side by side on one line ("Postal address: Marktplatz 50   Address:
 * Industriestraße 99", as e-invoice views print seller and buyer): the pair whose words stand in
 * the name's column. A line of one pair or none is read up to another column's words.
 */
function pairInColumn(line: Line, column: { x0: number; x1: number }): string {
  const starts = line.segments.flatMap((s, i) => (/^[^:]{1,30}:/u.test(s.text) ? [i] : []));
  if (starts.length < 2) return upToNextColumn(line, column);
  for (let k = 0; k < starts.length; k++) {
    const pair = line.segments.slice(starts[k], starts[k + 1] ?? line.segments.length);
    if (pair.some((s) => s.x1 > column.x0 && s.x0 < column.x1)) return pair.map((s) => s.text).join(' ');
  }
  return line.text;
}

/**
 * A line's words up to a segment that stands wholly right of the name's column, the document's
 * details beside the seller's pairs ("CAP e città: 50122 Firenze   Data consegna   2 febbraio
 * 2025"); a value a tab sets apart from its key ("Anschrift:   Hauptstraße 5") stays.
 */
function upToNextColumn(line: Line, column: { x0: number; x1: number }): string {
  const segments = line.segments;
  const end = segments.findIndex((s, i) => i > 0 && s.x0 > column.x1 && !/:\s*$/u.test(segments[i - 1]!.text));
  return end < 0
    ? line.text
    : segments
        .slice(0, end)
        .map((s) => s.text)
        .join(' ');
}

function columnOf(line: Line, name: string): { x0: number; x1: number } {
  const folded = fold(name);
  const segment = line.segments.find((s) => fold(s.text).includes(folded.split(' ')[0] ?? '')) ?? line.segments[0]!;
  return { x0: segment.x0 - 5, x1: segment.x1 + 5 };
}

const IDENTIFIER_LINE = /^[A-Z]{2,3}[ -]?\d[\dA-Z ]{5,14}$/;

/** A web or e-mail address, a phone, a keyed id (VAT, IBAN), or a bare tax id. */
function isContactLine(text: string): boolean {
  if (/@|www\.|https?:|\b(tel|fax|fon|phone|telefon|e-?mail|gst|vat|ust|reg|kvk|btw|iban|bic)\b/i.test(text))
    return true;
  if (findPhones(text).some((p) => p.value.length >= text.length * 0.6)) return true;
  // A tax id printed bare under a company's name ("ESB12345678", "DE 811 234 567"): letters in
  // capitals and seven digits or more, where an address line's postcode has four to six.
  return IDENTIFIER_LINE.test(text.trim()) && (text.match(/\d/g) ?? []).length >= 7;
}

/** A street with a number, a postcode with a place, or a short line of words (building, suite). */
function looksLikeAddress(text: string): boolean {
  if (isContactLine(text)) return false;
  const digits = (text.match(/\d/g) ?? []).length;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  // A sentence is no address: a courtesy line ("Thank you and come again", sentence-names.ts), or
  // a long line ending as a sentence ends ("Gelieve €6,59 te betalen vóór 24 oktober 2025.").
  const words = text.trim().split(/\s+/u).length;
  if (isSentence(text) || (words >= 6 && /[.!]$/u.test(text.trim()))) return false;
  return letters >= 2 && digits <= 12 && text.length <= 80;
}
