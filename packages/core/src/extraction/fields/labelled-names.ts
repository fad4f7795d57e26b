import type { ExtractionContext } from '../context.js';
import { fold, foldedTokens } from '../layout/fold.js';
import { legalFormAtEnd } from '../lexicons/legal-forms.js';
import type { Line, Segment } from '../layout/lines.js';
import { WEAK_STRENGTH, type LabelHit, type LabelKey } from '../labels/label-index.js';
import type { Role } from '../labels/synonyms.js';
import type { Candidate } from './candidates.js';
import { cleanName, hasLegalForm, looksLikeName, looksLikeStreet, NAME_KEYS } from './party-lines.js';
import { isAddressedPerson, isOrganizationShaped, isPersonShaped, startsWithContactWord } from './contact-persons.js';
import { joinContinuation, joinWrappedValue } from './name-continuation.js';
import { isStreetAddress, opensWithUnit } from './address-numbers.js';
import { findTableHeaders } from './table-header.js';
import { isOwnerLine } from './owner-lines.js';
import prepositions from '../lexicons/party-prepositions.json' with { type: 'json' };
import { allWords } from '../lexicons/word-lists.js';

/** The words that end a party's label of several words and lead to its name ("Sold by", "Vendu par"). */
const PARTY_PREPOSITIONS = new Set(allWords(prepositions));

/**
 * A party's name beside or under its label ("Seller:", "Rechnungsersteller", "Ship to"), for
 * parties.ts: the name right of the label, or the first name-like line of the block under it, with
 * a person over an organization giving the organization.
 */

/**
 * The name right of a label ("Vendor Name: Tish Williams") or under it: the first name-like line
 * of the block, where "Name: X" lines give X and other "Key: value" lines are passed over.
 */
export function labelledNames(ctx: ExtractionContext, keys: LabelKey[], role: Role): Candidate[] {
  const found: Candidate[] = [];
  // The item tables' header rows ("Description  Quantité  Montant"), where names under labels end.
  const tables = new Set(findTableHeaders(ctx.lines).map((h) => h.line));
  for (const key of keys) {
    for (const hit of ctx.labels.hitsFor(key)) {
      if (!standsAlone(hit)) continue;
      const after = firstSegmentAfter(hit.line, hit.x1);
      const right = after?.text ?? null;
      const below = nameBelow(ctx, hit.line, hit.x0, hit.x1, tables);
      // "Ship to: Grady Archie" over "Contoso Electronics": the organization under the person.
      const personBeside =
        right !== null && isPersonShaped(cleanName(right)) && below !== null && isOrganizationShaped(below.name);
      // "Factuuradres ... Telefoon:": a word with its colon right of the label is another column's key.
      const key = right !== null && /[:：]\s*$/.test(right);
      if (
        right &&
        !key &&
        !lowerCaseAfterWeak(hit, right) &&
        !(below && after && headsBlockBeside(ctx, hit.line, hit.x1, after.x0)) &&
        looksLikeName(cleanName(right)) &&
        !labelsAt(ctx, hit.line, Math.max(hit.x1, (after?.x0 ?? 0) - 2), role) &&
        !personBeside
      ) {
        found.push({
          value: cleanName(right),
          score: 0.85 * hit.strength,
          line: hit.line,
          source: 'label',
          label: hit,
        });
        // "Seller: X" names X; a label without a colon may head a block ("Rechnungsersteller"
        // over the address, a logo right of it): the name under it is a candidate as well.
        if (/^\s*[:：]/.test(hit.line.text.slice(hit.end))) continue;
      }
      if (below)
        found.push({ value: below.name, score: 0.8 * hit.strength, line: below.line, source: 'label', label: hit });
    }
  }
  return found;
}

/**
 * A weak label ("de", "von", "from") after other words of its segment ends a phrase of them
 * ("Hora de", "Audit de", "Formation de" in an item's cell, a line broken before its object): a
 * word of the phrase, not a key over a party's name.
 */
function endsAPhrase(hit: LabelHit): boolean {
  const segment = hit.line.segments.find((s) => s.x0 <= hit.x0 + 1 && s.x1 >= hit.x0);
  if (!segment) return false;
  const before = segment.words.filter((w) => w.bbox.x1 <= hit.x0 + 1);
  return before.some((w) => /\p{L}{2}/u.test(w.text));
}

/**
 * A weak label without its colon ("de", "van", "von", "from") beside a word in lower case: a
 * preposition in a column heading that wrapped ("Prix de | base", "Taux de | taxe", "Precio de |
 * venta"), never a key over a name, which begins with a capital or a digit.
 */
function lowerCaseAfterWeak(hit: LabelHit, right: string): boolean {
  return hit.strength <= WEAK_STRENGTH && !/^\s*[:：]/.test(hit.line.text.slice(hit.end)) && /^\p{Ll}/u.test(right);
}

/**
 * A label is followed by a colon or ends its segment ("VENDOR", "Seller:"); a label word running
 * on into more words ("Lieferant GmbH", "Seller Company") is part of a name, not a label.
 */
function standsAlone(hit: LabelHit): boolean {
  const after = hit.line.text.slice(hit.end);
  if (/^[^\s:：]*[\p{L}\p{N}]/u.test(after)) return false;
  if (hit.strength <= WEAK_STRENGTH && endsAPhrase(hit)) return false;
  if (/^\s*[:：]/.test(after) || after.trim() === '') return true;
  if (endsWithPreposition(hit)) return true;
  const segment = hit.line.segments.find((s) => s.x0 <= hit.x1 && s.x1 >= hit.x1 - 1);
  return segment !== undefined && segment.x1 <= hit.x1 + 1;
}

/**
 * A label of several words ending in a preposition ("Sold by", "Verkauft von", "Vendu par", "Bill
 * to") at the start of its segment is followed by its object, the party's name, with no colon
 * (marketplace invoices print "Sold by X GmbH"); a name never holds such a label, so the words
 * after it are the name. Inside a sentence ("This invoice is issued by X LLC.") the sentence's rule
 * reads the name (sentence-names.ts).
 */
function endsWithPreposition(hit: LabelHit): boolean {
  const words = foldedTokens(hit.line.text.slice(hit.start, hit.end));
  if (words.length < 2 || !PARTY_PREPOSITIONS.has(words[words.length - 1]!)) return false;
  const segment = hit.line.segments.find((s) => s.x0 <= hit.x0 + 1 && s.x1 >= hit.x0);
  return segment !== undefined && segment.x0 >= hit.x0 - 1;
}

/**
 * The words after x on the line, up to the end of their segment; where the label's own segment
 * ends with its colon alone ("Nom du vendeur :", French spacing, the value in a column of its own),
 * the next segment's.
 */
function firstSegmentAfter(line: Line, x: number): { text: string; x0: number } | null {
  for (const segment of line.segments.filter((s) => s.x1 > x + 1).slice(0, 2)) {
    const text = segment.words
      .filter((w) => w.bbox.x0 >= x - 1)
      .map((w) => w.text)
      .join(' ')
      .replace(/^[\s:;,.]+/, '')
      .trim();
    if (text) return { text, x0: segment.x0 };
  }
  return null;
}

/**
 * Whether the segment at x0, well right of a label that heads a block of its own ("Shipping address:"
 * over a name and its street), tops another block beside it: the next line starts a segment at the
 * same x0. Two addresses side by side, the label over the left one, name two parties.
 */
function headsBlockBeside(ctx: ExtractionContext, line: Line, labelEnd: number, x0: number): boolean {
  const next = ctx.lines[line.index + 1];
  if (!next || next.page !== line.page || x0 - labelEnd < (line.y1 - line.y0) * 4) return false;
  return next.segments.some((s) => Math.abs(s.x0 - x0) <= 3);
}

/** Whether the text right of x on the line starts with another label (a second column's). */
function labelsAt(ctx: ExtractionContext, line: Line, x: number, role: Role): boolean {
  const next = ctx.labels.hitsOn(line).find((h) => h.x0 > x + 1);
  const segment = line.segments.find((s) => s.x1 > x + 1);
  return Boolean(next && segment && next.x0 <= segment.x0 + 2 && next.key !== role);
}

/**
 * How many of the label's line heights may stand between it and a line under it: eight, and twelve
 * for the very next line when it starts in the label's column. A word processor sizes a heading row
 * of a table to its tallest cell or its padding ("VENDOR" over the supplier's block in a purchase
 * order printed by LibreOffice), and with nothing printed between, the block is still the heading's.
 */
function gapAllowed(label: Line, below: Line, x0: number): number {
  const next = below.index === label.index + 1;
  return next && below.segments.some((s) => Math.abs(s.x0 - x0) <= 6) ? 12 : 8;
}

function nameBelow(
  ctx: ExtractionContext,
  line: Line,
  x0: number,
  x1: number,
  tables: ReadonlySet<Line>,
): { name: string; line: Line } | null {
  for (let i = line.index + 1; i < Math.min(ctx.lines.length, line.index + 5); i++) {
    const below = ctx.lines[i]!;
    if (below.page !== line.page || below.y0 - line.y1 > (line.y1 - line.y0) * gapAllowed(line, below, x0)) return null;
    // The item table's header ("Description  Quantité  Montant") under labelled pairs names no one.
    if (tables.has(below)) return null;
    const segments = below.segments.filter((s) => s.x1 > x0 - 20);
    const first = segments[0];
    if (!first || first.x0 > x1 + 60) continue;
    // Another block's heading ("Klantgegevens" under a logo word a weak label reads): no name here.
    if (isHeading(ctx, below, first)) return null;
    // "Key: value", also with the colon read by OCR as a semicolon ("Nummer; 12345676"), in the
    // segments that start in the label's column ("Globale" + "Nummer:" apart), with the value of a
    // key that ends them; another column's "Order Date: 18 May 2023" beside the name is no key of it.
    const keyValue = /^([^:;]{1,40})[:;]\s*(.*)$/u.exec(
      ownSegments(segments, x1)
        .map((s) => s.text)
        .join(' '),
    );
    if (keyValue) {
      const value = cleanName(keyValue[2]!);
      // "Name:" alone on its line has the name on the next.
      if (NAME_KEYS.has(fold(keyValue[1]!)) && value !== '')
        return { name: joinWrappedValue(ctx.lines, below, value, first), line: below };
      continue;
    }
    // "Identificativo fiscale ai fini IVA:" over "IT64107959748": a long key's value wrapped to a
    // line of its own, a number with no word, names no one; the block's next rows may.
    if (/\d{5}/.test(first.text) && !/\p{Ll}{2}/u.test(first.text)) continue;
    // "Nummer + 549910": a key and, in a segment of its own, a number (the colon misread or lost).
    const rest = segments
      .slice(1)
      .map((s) => s.text)
      .join(' ');
    if (/\d/.test(rest) && !/\p{Ll}{2}/u.test(rest) && !hasLegalForm(first.text)) continue;
    const name = cleanName(beforeLabelAfterForm(ctx, below, first));
    // "Attn: Grace Holloway", "z. Hd. Herr Keller": the reader, not the party.
    if (startsWithContactWord(name)) continue;
    if (!looksLikeName(name)) return null;
    // "Provence Alimentation" over "SARL": the legal form went to the next line; no person over a company.
    const whole = joinContinuation(ctx.lines, below, name, first);
    if (whole !== name) return { name: whole, line: below };
    return organizationUnder(ctx, below, x0, name) ?? { name, line: below };
  }
  return null;
}

/**
 * A block's name run into the next column's label with no gap a segment would keep
 * ("Lefèvre Fournitures SAS Date"): the name ends with its legal form, before the label.
 */
function beforeLabelAfterForm(ctx: ExtractionContext, line: Line, segment: Segment): string {
  const label = ctx.labels.hitsOn(line).find((h) => h.x0 > segment.x0 + 1 && h.x0 < segment.x1);
  if (!label) return segment.text;
  const before = segment.words
    .filter((w) => w.bbox.x1 <= label.x0 + 1)
    .map((w) => w.text)
    .join(' ');
  return legalFormAtEnd(foldedTokens(before)) > 0 ? before : segment.text;
}

/**
 * The segments of a line under a label that start in its column, and the value after a key that ends
 * them. A first segment that holds a key and its value is the row whole: a segment beside it is the
 * next block's ("Denominazione: Giuseppe Colombo" beside the buyer's wrapped "S.n.c.").
 */
function ownSegments(segments: Segment[], x1: number): Segment[] {
  if (/^[^:;]{1,40}[:;]\s*\S/u.test(segments[0]!.text)) return segments.slice(0, 1);
  const count = Math.max(1, segments.filter((s) => s.x0 <= x1 + 60).length);
  return segments.slice(0, /[:;]\s*$/.test(segments[count - 1]!.text) ? count + 1 : count);
}

/** A segment that is one label and nothing else: a block's heading, never a name. */
function isHeading(ctx: ExtractionContext, line: Line, segment: Segment): boolean {
  return ctx.labels
    .hitsOn(line)
    .some((h) => h.strength === 1 && h.x0 <= segment.x0 + 1 && h.x1 >= segment.x1 - 1 && standsAlone(h));
}

/**
 * A person first ("Ship to" over "Grady Archie" and then "Contoso Electronics"): when one of the
 * next two lines of the block is shaped like an organization, or is a name the page prints again,
 * or any name but a person's under a person addressed by a courtesy title, that line is the
 * party's name; a street line first ends the search.
 */
function organizationUnder(
  ctx: ExtractionContext,
  line: Line,
  x0: number,
  name: string,
): { name: string; line: Line } | null {
  if (!isPersonShaped(name)) return null;
  for (const next of ctx.lines.slice(line.index + 1, line.index + 3)) {
    if (next.page !== line.page || next.y0 - line.y1 > (line.y1 - line.y0) * 2.5) return null;
    const first = next.segments.find((s) => s.x1 > x0 - 20);
    if (!first) continue;
    // "Diego Navarro Diseño" over "Titular: Diego Navarro": a sole trader's business over its owner.
    if (isOwnerLine(first.text)) return null;
    const text = cleanName(first.text);
    // The person's own address ("Olivia Bennett Photography" / "PO Box 6327" / "Manchester"): the
    // block's name was the person's, and the place line under the street is no organization. So is
    // a unit's line ("Blue Heron Catering" / "Unit 9, Riverside Park"), though a footer repeats it.
    if (looksLikeStreet(text) || isStreetAddress(text) || opensWithUnit(text)) return null;
    // A person addressed by a courtesy title ("Sig.ra Giulia Marchetti", "Sra. Ana Rodrigues", "Mr
    // Tom Hale") is the reader at the party: the name under it ("Padana Consulenze", two
    // capitalised words as a person's), unless addressed or keyed too, is the party's.
    const organization =
      isOrganizationShaped(text) ||
      printedAgain(ctx, next, text) ||
      (isAddressedPerson(name) && !isAddressedPerson(text) && !startsWithContactWord(text));
    if (looksLikeName(text) && organization) return { name: text, line: next };
  }
  return null;
}

/**
 * Whether a name is printed on another line as well (a letterhead, a footer): a company that names
 * itself on the page, where a contact person over it is printed once ("Leveren aan" / "Dhr. Pieter
 * de Vries" / "Smit Kantoorartikelen", the buyer's own letterhead on top).
 */
function printedAgain(ctx: ExtractionContext, line: Line, name: string): boolean {
  const folded = fold(name);
  return folded.includes(' ') && ctx.lines.some((l) => l !== line && fold(l.text).includes(folded));
}
