import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { namesASite, siteNames } from '../fields/site-names.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { DETAIL_LINE_WORDS } from '../lexicons/detail-line-words.js';

/**
 * What the ranker knows about a name candidate beyond the common features: where it stands among
 * the text lines from the top and against the lines that carry an address, a phone number or a
 * registration (a letterhead prints the name first), its glyph width per character against the
 * document's (a font size that holds when OCR boxes are all line-tall, as PaddleOCR's are), a
 * registration number on or just under its line, being a fragment of a longer candidate
 * ("ELECTRICAL" of "HOME MASTER HARDWARE & ELECTRICAL"), and a line that ends as a key does
 * ("Nummer;" read under a seller's label), the name spelled by the page's own web or e-mail
 * address run together (site-names.ts: a seller printed only in a footer beside its address), and
 * words in lower case (a sentence under a label, not a name). Zero for every other field.
 * Nothing here names a document, vendor or layout.
 */

export const NAME_FEATURES = [
  'name_text_line_rank',
  'name_contact_lines_above',
  'name_glyph_width',
  'name_registration_below',
  'name_part_of_longer',
  'name_line_ends_as_key',
  'name_spelled_by_site',
  'name_lowercase_words',
] as const;

export interface NameFacts {
  /** Per line: how many lines with letters stand above it on its page. */
  textRank: number[];
  /** Per line: how many address, phone or registration lines stand above it. */
  contactAbove: number[];
  medianGlyphWidth: number;
  registrationLines: Set<number>;
  /** The names the page's web and e-mail addresses spell run together (site-names.ts). */
  sites: Set<string>;
}

/**
 * A letterhead's detail line: a phone, e-mail, tax or registration number or a street (the words are
 * data per language, lexicons/detail-line-words.json), or a five-digit postcode.
 */
const CONTACT = new RegExp(`${DETAIL_LINE_WORDS.source}|\\b\\d{5}\\b`);
const REGISTRATION_NUMBER = /\(\s*[\p{L}\d]*\d{3,}[\p{L}\d-]*\s*\)|\b\d{4,}-[a-z]\b/iu;

export function nameFacts(ctx: DocumentView, registrationLines: Set<number>): NameFacts {
  const textRank: number[] = [];
  const contactAbove: number[] = [];
  let page = 0;
  let rank = 0;
  let contacts = 0;
  for (const line of ctx.lines) {
    if (line.page !== page) [page, rank, contacts] = [line.page, 0, 0];
    textRank.push(rank);
    contactAbove.push(contacts);
    if ((line.text.match(/\p{L}/gu) ?? []).length >= 3) rank++;
    if (CONTACT.test(fold(line.text)) || REGISTRATION_NUMBER.test(line.text)) contacts++;
  }
  const widths = ctx.lines
    .map(glyphWidth)
    .filter((w) => w > 0)
    .sort((a, b) => a - b);
  const withRegistration = new Set(registrationLines);
  ctx.lines.forEach((l, i) => {
    if (REGISTRATION_NUMBER.test(l.text)) withRegistration.add(i);
  });
  return {
    textRank,
    contactAbove,
    medianGlyphWidth: widths[Math.floor(widths.length / 2)] ?? 1,
    registrationLines: withRegistration,
    sites: siteNames(ctx.lines),
  };
}

export function nameFeatures(facts: NameFacts, c: Candidate, candidates: readonly Candidate[]): number[] {
  const line = c.line;
  const folded = fold(String(c.value));
  return [
    Math.min(facts.textRank[line.index] ?? 0, 10) / 10,
    Math.min(facts.contactAbove[line.index] ?? 0, 5) / 5,
    clamp(Math.log(glyphWidth(line) / Math.max(1e-6, facts.medianGlyphWidth)), -2, 2),
    facts.registrationLines.has(line.index) || facts.registrationLines.has(line.index + 1) ? 1 : 0,
    folded.length > 0 &&
    candidates.some(
      (o) => o !== c && fold(String(o.value)).length > folded.length && fold(String(o.value)).includes(folded),
    )
      ? 1
      : 0,
    /[:;]\s*$/.test(line.text) ? 1 : 0,
    namesASite(String(c.value), facts.sites) ? 1 : 0,
    Math.min(lowercaseWords(String(c.value)), 5) / 5,
  ];
}

/** Words of three letters or more that begin in lower case: a name has few ("de", "van", "&"). */
function lowercaseWords(value: string): number {
  return value.split(/\s+/).filter((w) => /^\p{Ll}\p{L}{2,}/u.test(w)).length;
}

/** Width per character of a line's text: a font size that line-tall OCR boxes do not blunt. */
function glyphWidth(line: Line): number {
  const chars = line.text.replace(/\s/g, '').length;
  return chars ? (line.x1 - line.x0) / chars : 0;
}

function clamp(x: number, lo: number, hi: number): number {
  return Number.isFinite(x) ? Math.max(lo, Math.min(hi, x)) : 0;
}
