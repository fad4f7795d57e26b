import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { hasLegalForm } from '../fields/party-lines.js';
import type { Role } from '../labels/synonyms.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { REGISTRATION_WORDS } from '../lexicons/registration-words.js';
import { wordsInSpan } from '../locations/locate.js';
import { findAmounts } from '../values/amounts.js';
import { NAME_FEATURES, nameFacts, nameFeatures, type NameFacts } from './name-features.js';
import { TENDER_FEATURES, tenderFacts, tenderFeatures, type TenderFacts } from './tender-facts.js';

/**
 * What the ranker knows about a candidate: the rule-based evidence and where it stands in its
 * list, the label (strength, same line or how many lines away), the position on the page and the
 * line's height against the document's (the font size a text layer or OCR box implies), the read
 * confidence, the value's shape, how often it is printed, arithmetic and order against the
 * document's other amounts and dates, and for totals what a receipt's foot says (tendered, change,
 * rounding: tender-facts.ts). Nothing here names a document, vendor or layout.
 */

export const FEATURE_NAMES = [
  'rule_score',
  'list_rank',
  'gap_to_best',
  'source_label',
  'source_layout',
  'source_fallback',
  'label_strength',
  'label_same_line',
  'label_lines_away',
  'page_y',
  'first_page',
  'page_x',
  'line_index_share',
  'height_vs_median',
  'height_vs_tallest',
  'read_confidence',
  'text_layer',
  'value_length',
  'digit_share',
  'upper_share',
  'legal_form',
  'times_printed',
  'candidate_count',
  'largest_amount',
  'sum_of_two_amounts',
  'chronological_rank',
  'time_on_line',
  'registration_nearby',
  'value_starts_line',
  'label_gap',
  ...TENDER_FEATURES,
  ...NAME_FEATURES,
] as const;

/** Per-document facts the features compare against, computed once. */
export interface DocumentFacts {
  medianHeight: number;
  tallestOnPage: Map<number, number>;
  amounts: number[];
  foldedLines: string[];
  registrationLines: Set<number>;
  textLayer: boolean;
  tender: TenderFacts;
  names: NameFacts;
}

export function documentFacts(ctx: DocumentView): DocumentFacts {
  const heights = ctx.lines.map(height).sort((a, b) => a - b);
  const tallestOnPage = new Map<number, number>();
  for (const line of ctx.lines) tallestOnPage.set(line.page, Math.max(tallestOnPage.get(line.page) ?? 0, height(line)));
  const foldedLines = ctx.lines.map((l) => fold(l.text));
  // Lines that print a registration, tax or bank number (lexicons/registration-words.json).
  const registrationLines = new Set<number>();
  foldedLines.forEach((text, i) => {
    if (REGISTRATION_WORDS.test(text)) registrationLines.add(i);
  });
  return {
    medianHeight: heights[Math.floor(heights.length / 2)] ?? 1,
    tallestOnPage,
    amounts: ctx.lines.flatMap((l) =>
      findAmounts(l.text)
        .filter((a) => a.hasDecimals)
        .map((a) => a.value),
    ),
    foldedLines,
    registrationLines,
    textLayer: ctx.doc.pages.every((p) => p.source === 'text_layer'),
    tender: tenderFacts(ctx),
    names: nameFacts(ctx, registrationLines),
  };
}

export function describeCandidates(
  ctx: DocumentView,
  facts: DocumentFacts,
  role: Role,
  candidates: readonly Candidate[],
): number[][] {
  const best = candidates[0]?.score ?? 0;
  const dates = candidates.map((c) => String(c.value)).sort();
  const largest = Math.max(...candidates.map((c) => Number(c.value)).filter(Number.isFinite));
  return candidates.map((c, rank) => {
    const line = c.line;
    const value = String(c.value);
    const letters = value.replace(/[^\p{L}]/gu, '');
    const folded = fold(value);
    return [
      c.score,
      Math.min(rank, 5) / 5,
      best - c.score,
      c.source === 'label' ? 1 : 0,
      c.source === 'layout' ? 1 : 0,
      c.source === 'fallback' ? 1 : 0,
      c.label?.strength ?? 0,
      c.label && c.label.line === line ? 1 : 0,
      c.label ? Math.min(5, Math.abs(c.label.line.index - line.index)) / 5 : 1,
      line.pageHeight ? line.y0 / line.pageHeight : 0,
      line.page === 1 ? 1 : 0,
      line.pageWidth ? line.x0 / line.pageWidth : 0,
      ctx.lines.length ? line.index / ctx.lines.length : 0,
      clamp(Math.log(valueHeight(c) / Math.max(1e-6, facts.medianHeight)), -2, 2),
      valueHeight(c) / Math.max(1e-6, facts.tallestOnPage.get(line.page) ?? 1),
      line.confidence,
      facts.textLayer ? 1 : 0,
      Math.log1p(value.length) / 4,
      value.length ? (value.match(/\d/g)?.length ?? 0) / value.length : 0,
      letters.length ? (letters.match(/\p{Lu}/gu)?.length ?? 0) / letters.length : 0,
      typeof c.value === 'string' && hasLegalForm(value) ? 1 : 0,
      Math.log1p(timesPrinted(facts, c, folded)) / 2,
      Math.log1p(candidates.length) / 3,
      isAmountRole(role) && Number(c.value) === largest ? 1 : 0,
      isAmountRole(role) && sumOfTwo(facts.amounts, Number(c.value)) ? 1 : 0,
      isDateRole(role) && dates.length > 1 ? dates.indexOf(value) / (dates.length - 1) : 0,
      /\b\d{1,2}[:.]\d{2}(?::\d{2})?\b/.test(line.text) && isDateRole(role) ? 1 : 0,
      nearRegistration(facts, line) ? 1 : 0,
      folded !== '' && facts.foldedLines[line.index]?.startsWith(folded) ? 1 : 0,
      role === 'vendor_name' ? labelGap(c) : 0,
      ...(role === 'total_amount' ? tenderFeatures(facts.tender, line, Number(c.value)) : TENDER_FEATURES.map(() => 0)),
      ...(role === 'vendor_name' ? nameFeatures(facts.names, c, candidates) : NAME_FEATURES.map(() => 0)),
    ];
  });
}

/**
 * How far right of its label, on the label's line, the value's segment starts: in line heights, a
 * tenth per height up to ten (0 when the label is on another line). A value right after its label
 * belongs to it; one across the page may be another column's, or a logo OCR read as words.
 */
function labelGap(c: Candidate): number {
  const label = c.label;
  if (!label || label.line !== c.line) return 0;
  const segment = c.line.segments.find((s) => s.x1 > label.x1 + 1);
  if (!segment) return 0;
  const gap = Math.max(0, segment.x0 - label.x1) / Math.max(1e-6, c.line.y1 - c.line.y0);
  return Math.min(10, gap) / 10;
}

function timesPrinted(facts: DocumentFacts, c: Candidate, folded: string): number {
  if (typeof c.value === 'number') return facts.amounts.filter((a) => Math.abs(a - Number(c.value)) < 0.005).length;
  if (folded.length < 3) return 0;
  return facts.foldedLines.filter((l) => l.includes(folded)).length;
}

/** Whether the value is the sum of two other amounts printed on the document (net + tax = total). */
function sumOfTwo(amounts: readonly number[], value: number): boolean {
  if (!Number.isFinite(value) || value <= 0) return false;
  const distinct = [...new Set(amounts)].filter((a) => a > 0 && a < value).slice(0, 200);
  const seen = new Set(distinct.map((a) => Math.round(a * 100)));
  return distinct.some((a) => seen.has(Math.round((value - a) * 100)) && Math.abs(value - a - a) > 0.005);
}

function nearRegistration(facts: DocumentFacts, line: Line): boolean {
  for (let i = line.index - 3; i <= line.index + 3; i++) if (facts.registrationLines.has(i)) return true;
  return false;
}

function isAmountRole(role: Role): boolean {
  return role === 'subtotal' || role === 'tax_amount' || role === 'total_amount';
}

function isDateRole(role: Role): boolean {
  return role.endsWith('_date');
}

/**
 * The height of the value's own words where the rule knows them (its span), of its line otherwise:
 * a row that prints a large title beside small values ("TAX INVOICE" left, "18 Sep 2024" right)
 * is as tall as the title, and its values are not printed large.
 */
function valueHeight(c: Candidate): number {
  const words = c.span ? wordsInSpan(c.line, c.span.start, c.span.end) : [];
  return words.length ? Math.max(...words.map((w) => w.bbox.y1 - w.bbox.y0)) : height(c.line);
}

function height(line: Line): number {
  return Math.max(0, line.y1 - line.y0);
}

function clamp(x: number, lo: number, hi: number): number {
  return Number.isFinite(x) ? Math.max(lo, Math.min(hi, x)) : 0;
}
