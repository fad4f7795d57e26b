/**
 * The names printed first at the top of the first page, above its line-item table and beside (never
 * in) the buyer's block: the seller's letterhead where no label or legal form names it, a weak
 * candidate whose score falls with each name found before it.
 */
import type { ExtractionContext } from '../context.js';
import type { Line, Segment } from '../layout/lines.js';
import { findAmounts } from '../values/amounts.js';
import { addressCandidate } from './address.js';
import { isSenderLine } from './addressee-names.js';
import type { Candidate } from './candidates.js';
import { isAddressedPerson } from './contact-persons.js';
import { joinContinuation } from './name-continuation.js';
import {
  cleanName,
  isDocumentTitle,
  isRegistrationKey,
  isStreetLine,
  looksLikeName,
  looksLikeStreet,
  withoutTitleAtEnd,
  withoutTitleAtStart,
} from './party-lines.js';
import { namesInSentence } from './sentence-names.js';
import { findTableHeaders } from './table-header.js';

/** A segment that is one amount with its cents and nothing else ("1,52", "$7.49", "12,47 €"). */
function isPrice(text: string): boolean {
  const amounts = findAmounts(text);
  return amounts.length === 1 && amounts[0]!.hasDecimals && amounts[0]!.end - amounts[0]!.start >= text.trim().length;
}

/**
 * The first name-like lines at the top of the first page, above its line-item table: the table's
 * header ("Beschreibung  Menge  Preis", "Product  Aant.  Prijs") names no one.
 */
export function topNames(
  ctx: ExtractionContext,
  buyerLines: Set<Line>,
  buyerSegments = new Set<Segment>(),
): Candidate[] {
  const found: Candidate[] = [];
  const table = findTableHeaders(ctx.lines).find((h) => h.line.page === 1)?.line;
  for (const line of ctx.lines) {
    if (line.page !== 1 || line.y0 > line.pageHeight * 0.3 || found.length >= 3 || line === table) break;
    // A title beside a letterhead on one line ("Bon de commande No 081152 ‖ Cabinet Nicolas Fabre"):
    // the title's number label starts the line, and the name is the next segment.
    const titled = isDocumentTitle(line.segments[0]?.text ?? '');
    const hits = ctx.labels.hitsOn(line);
    const strong = hits.filter((h) => h.strength === 1);
    const sellerEnd = besideBuyerBlock(line, buyerLines, buyerSegments);
    if (sellerEnd === 0 || line.confidence < 0.6 || (!titled && strong.some((h) => h.start === 0))) continue;
    // "Datum: ‖ 07.12.2024", "Référence : ‖ PO-2165": a key ending in its colon starts a row of a
    // details box, whether or not the lexicon knows its word; the row names no one.
    if (!titled && isKeyOnly(line.segments.find((s) => /[\p{L}\p{N}]/u.test(s.text))?.text ?? '')) continue;
    // The first segment with a letter or digit (a scanned page's border can read as a "|" of its own)
    // that is no title; beside a title, none that starts with a label (another column's "Datum").
    const segment = line.segments.find(
      (s) =>
        s.x1 <= sellerEnd &&
        /[\p{L}\p{N}]/u.test(s.text) &&
        !isDocumentTitle(s.text) &&
        // A label alone in its segment ("From" beside "Bill To") heads a block; it names no one.
        !hits.some((h) => h.x0 <= s.x0 + 1 && h.x1 >= s.x1 - 1) &&
        !(titled && strong.some((h) => h.x0 <= s.x0 + 1 && h.x1 > s.x0)),
    );
    const titleFirst = segment ? undefined : nameAfterTitle(line);
    const named = segment ?? titleFirst?.segment;
    // A one-line sender address over a window address is the sender's (senderLineNames), never the top name.
    if (!named || isSenderLine(named.text, line.ocr)) continue;
    // "Mineralwasser 1,52": a row of items, its price at the right, below a receipt's logo image.
    if (named !== line.segments.at(-1) && isPrice(line.segments.at(-1)!.text)) continue;
    const text = titleFirst?.name ?? withoutTitleAtEnd(cleanName(named.text));
    if (!looksLikeName(text) || looksLikeStreet(text) || isStreetLine(text) || isRegistrationKey(text)) continue;
    // "Herrn" or "M. Louis Martin" at the top of a window address: the reader, never the issuer.
    if (isAddressedPerson(text)) continue;
    // "Operated by Northgate Trading Ltd" under the brand: a sentence that names no shop, only its
    // parent; "Bank: Northgate Bank PLC" names another organization before the key is cleaned off.
    if (namesInSentence(text)?.length === 0 || namesInSentence(named.text)?.length === 0) continue;
    const name = joinContinuation(ctx.lines, line, text, named);
    const withAddress = addressCandidate(ctx, { value: name, score: 1, line, source: 'fallback' }) !== null;
    // A name in lower case only is seldom printed: more often a note written on the page.
    const handwritten = !/\p{Lu}/u.test(name);
    const score = (0.38 - found.length * 0.08 + (withAddress ? 0.08 : 0)) * (handwritten ? 0.5 : 1);
    found.push({ value: name, score, line, source: 'fallback' });
  }
  return found;
}

/**
 * Where a top name may end on a line: anywhere on a line of no buyer's block; on a line of one, only
 * left of the block's segments (the seller's block beside a "Bill to" block, its name on the
 * heading's row, as hosted invoicing services print it), none when the block starts the line. A
 * segment right of the block's is passed over: "Bill to:      Meridian Health" sets its name apart.
 */
function besideBuyerBlock(line: Line, buyerLines: Set<Line>, buyerSegments: Set<Segment>): number {
  if (!buyerLines.has(line)) return Infinity;
  const block = line.segments.filter((s) => buyerSegments.has(s));
  if (!block.length) return 0;
  return Math.min(...block.map((s) => s.x0));
}

/** A segment that is a key and its colon alone ("Datum:", "Référence :"), its value in the next segment. */
function isKeyOnly(text: string): boolean {
  return /^[^:\d]{1,40}:$/u.test(text.trim().replace(/\s+:$/u, ':'));
}

/** The first segment of a line that is a numbered title run into a name, and that name. */
function nameAfterTitle(line: Line): { segment: Segment; name: string } | undefined {
  for (const segment of line.segments) {
    const text = cleanName(segment.text);
    const name = withoutTitleAtStart(text);
    if (name !== text) return { segment, name };
  }
  return undefined;
}
