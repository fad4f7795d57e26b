import type { ExtractionContext } from '../context.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import type { LabelHit } from '../labels/label-index.js';
import { isOrganizationShaped, isPersonShaped, startsWithAttentionWord } from './contact-persons.js';
import { POSTCODE } from './address-numbers.js';
import { cleanName, isStreetLine, looksLikeName, looksLikeStreet, SENDER_SEPARATORS } from './party-lines.js';

/**
 * The separators as OCR reads a middle dot or bullet of a sender line: a spaced "+", ":" or "-"
 * ("Acme GmbH + Hauptstr. 1 : 12345 Ort"), an asterisk, an equals sign or a guillemet, a bar with
 * the dot's specks after it ("Sp. |.. ul. Polna 9"), or a "+" or "-" run into the word before it
 * and set apart from a capital or a number after it ("MULDER- Marktplein 198", "SARL+ 12 rue des
 * Lilas"; a lowercase word after a hyphen is a compound's: "Bau- und Möbeltischlerei").
 */
const OCR_SENDER_SEPARATORS = /\s*(?:[●•·|▪◦∙*=«»]\.*|\s[-+:]\s|(?<=[\p{L}.])[-+](?=\s+[\p{Lu}\d]))\s*/u;

/**
 * The parts of a name, a street and a place run together on one line by separators ("Bei Spiel
 * GmbH ● Ecke 12 ● 12345 Stadthausen"), or null for no such line. On an OCR line the separators
 * may be read otherwise (`OCR_SENDER_SEPARATORS`), one of them as a comma ("Serwis Sp. | ul.
 * Polna 9, 61-001 Poznań"); such a line counts only when its shape is a sender line's: a name first,
 * a street or a postcode after it and a number in its last part. A spaced colon also follows a key
 * ("Téléphone : 01 45 67 89 10"), which names no one and holds no street.
 */
export function senderParts(text: string, ocr = false): string[] | null {
  const parts = text.split(SENDER_SEPARATORS);
  if (parts.length >= 3) return parts;
  const commas = commaParts(text);
  if (commas) return commas;
  return ocr ? ocrSenderParts(text) : null;
}

function ocrSenderParts(text: string): string[] | null {
  const [first, ...rest] = text.split(OCR_SENDER_SEPARATORS);
  if (first === undefined || rest.length === 0 || !looksLikeName(cleanName(first))) return null;
  const after = rest.length >= 2 ? rest : rest[0]!.split(/,\s+/u);
  // The second separator lost: a street's number, then a postcode and its place.
  if (after.length < 2) return STREET_THEN_PLACE.test(after[0]!) ? [first, ...after] : null;
  if (!/\d/.test(after.at(-1)!)) return null;
  return after.some((part) => POSTCODE.test(part) || isStreetLine(part)) ? [first, ...after] : null;
}

/** A street with its number run into a postcode and its place ("Marktplein 198 5611 EM Eindhoven"). */
const STREET_THEN_PLACE = /\d.*\s(?:\d{2}-\d{3}|\d{4,5}\s?[A-Z]{0,2})\s+\p{Lu}[\p{L}' -]*$/u;

/**
 * A sender line set with commas, as ERP letters print it over the window ("Hessler Maschinenbau
 * GmbH & Co. KG, Am Gewerbepark 3, 74523 Schwäbisch Hall", "Northwind Utilities Inc., 1200 Harbor
 * Blvd, Oakland, CA 94607"): a name without digits first, a street or a part with its number after
 * it, and a place with its postcode last. A street and its town alone are an address line.
 */
function commaParts(text: string): string[] | null {
  const parts = text.split(/,\s+/u);
  if (parts.length < 3) return null;
  const name = cleanName(parts[0]!);
  const middle = parts.slice(1, -1);
  if (/\d/.test(name) || !looksLikeName(name) || isStreetLine(name)) return null;
  return middle.some((p) => /\d/.test(p) || isStreetLine(p)) && looksLikeStreet(parts.at(-1)!) ? parts : null;
}

/** Whether a segment is a one-line sender address (`senderParts`). */
export const isSenderLine = (text: string, ocr = false) => senderParts(text, ocr) !== null;

/** How many lines under a heading or a sender line its block may run. */
const BLOCK_LINES = 6;

/**
 * The names the page prints where the buyer stands, folded: the first name-like line in the column
 * of a buyer's heading ("Ship To", "Lieferanschrift", "Livrer à"), and the first under a one-line
 * sender address (a window envelope's addressee). A name printed there is the buyer's wherever else
 * it stands: an order's buyer prints its own name on its letterhead and again under "Ship To", a
 * window invoice prints the addressee bigger than the seller's own name. The seller's candidates
 * leave such a name out unless a seller's label names it. `window: false` leaves the window's
 * addressee out: a purchase order is sent to its supplier (`windowAddressees`).
 */
export function addresseeNames(ctx: ExtractionContext, window = true): Set<string> {
  const names = new Set<string>();
  for (const hit of ctx.labels.hitsFor('buyer_name')) {
    if (hit.strength < 1) continue;
    for (const { text } of namesUnder(ctx, hit.line, hit.x0 - 20, hit.x1 + 40)) names.add(fold(text));
    const beside = nameBeside(hit);
    if (beside) names.add(fold(beside));
  }
  if (window) for (const { text } of windowAddressees(ctx)) names.add(fold(text));
  for (const name of attentionNames(ctx)) names.add(fold(name));
  names.delete('');
  return names;
}

/** The share of a page's height above which a window envelope's sender line stands (DIN 5008's at a third). */
const WINDOW_ABOVE = 0.5;

/**
 * The names of a window envelope's addressee: the first name-like line under a one-line sender
 * address, with its line and the sender line over it. Its address and contact lines are no
 * competitor; a person first ("Samuel Okafor" over "Atlas Hardware Ltd") brings the organization
 * under the person too.
 */
export function windowAddressees(ctx: ExtractionContext): { text: string; line: Line; sender: Line }[] {
  const found: { text: string; line: Line; sender: Line }[] = [];
  for (const line of ctx.lines) {
    // A window is in the top of the page: a one-line address in the lower half is a footer's, and
    // what is printed under it no addressee ("DUPONT SARL · CS 2534 · 69002 Lyon" over a note).
    if (line.y0 > line.pageHeight * WINDOW_ABOVE) continue;
    const sender = line.segments.find((s) => isSenderLine(s.text, line.ocr));
    if (!sender) continue;
    const [first, second] = namesUnder(ctx, line, sender.x0 - 20, sender.x0 + 60);
    // A sender writes to someone else: its own name under the line ("Acme GmbH · Rechnung 4711 ·
    // 26.03.2025" as a running page header over the letterhead) is its letterhead, no window.
    if (!first || sendsToItself(sender.text, first.text, line.ocr)) continue;
    found.push({ ...first, sender: line });
    if (second !== undefined && isPersonShaped(first.text) && isOrganizationShaped(second.text))
      found.push({ ...second, sender: line });
  }
  return found;
}

function sendsToItself(sender: string, name: string, ocr: boolean): boolean {
  const own = senderParts(sender, ocr)?.[0];
  return own !== undefined && fold(cleanName(own)) === fold(name);
}

/**
 * The names right over a line that sends the document to someone's attention ("z. Hd. Frau
 * Schneider", "Attn: Accounts Payable", "À l'attention de M. Favre"): such a line is the addressee's,
 * so the organization printed on the line above it, in the same column, is the buyer, whether or
 * not a heading or a sender line marks the block. Only a line set flush with it and close above
 * counts: a letterhead above a block that begins with the attention line stands apart.
 */
function attentionNames(ctx: ExtractionContext): string[] {
  const names: string[] = [];
  for (const line of ctx.lines) {
    const above = ctx.lines[line.index - 1];
    if (!above || above.page !== line.page || line.y0 - above.y1 > 0.8 * (line.y1 - line.y0)) continue;
    for (const segment of line.segments) {
      if (!startsWithAttentionWord(segment.text)) continue;
      const name = above.segments.find((s) => Math.abs(s.x0 - segment.x0) <= 3);
      const text = name ? cleanName(name.text) : '';
      if (text && looksLikeName(text) && !isSenderLine(name!.text, line.ocr)) names.push(text);
    }
  }
  return names;
}

/**
 * The name a buyer's label gives on its own row, as a key gives its value ("Customer   Redwood
 * Property Group LLC" in a payment advice's table, "Bill to: Atlas Freight Ltd"): the rest of the
 * label's segment, or the next segment where the label ends its own; none past another label.
 */
function nameBeside(hit: LabelHit): string | undefined {
  const line = hit.line;
  const own = line.segments.findIndex((s) => s.x0 <= hit.x0 + 1 && hit.x0 < s.x1);
  if (own < 0) return undefined;
  const rest = line.segments[own]!.words.filter((w) => w.bbox.x0 >= hit.x1 - 1);
  const words = rest.length ? rest : (line.segments[own + 1]?.words ?? []);
  const text = cleanName(words.map((w) => w.text).join(' '));
  return text && looksLikeName(text) ? text : undefined;
}

/**
 * The name-like segments under a line that overlap [x0, x1], as printed: the block's lines, until a
 * gap of two lines (of the taller), a line with a label in that column, or the block's reach.
 */
function namesUnder(ctx: ExtractionContext, top: Line, x0: number, x1: number): { text: string; line: Line }[] {
  const found: { text: string; line: Line }[] = [];
  let last = top;
  for (let i = top.index + 1; i < Math.min(ctx.lines.length, top.index + 1 + BLOCK_LINES); i++) {
    const line = ctx.lines[i]!;
    // Two heights of the taller line: a window's sender line is set far smaller than the address under it.
    const height = Math.max(last.y1 - last.y0, line.y1 - line.y0);
    if (line.page !== top.page || line.y0 - last.y1 > 2 * height) break;
    const segment = line.segments.find((s) => s.x0 < x1 && s.x1 > x0);
    if (!segment) continue;
    if (ctx.labels.hitsOn(line).some((h) => h.strength >= 1 && h.x0 < x1 && h.x1 > x0)) break;
    last = line;
    const text = cleanName(segment.text);
    if (looksLikeName(text)) found.push({ text, line });
  }
  return found;
}
