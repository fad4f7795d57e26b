import type { FieldType } from '../../extractors/index.js';
import type { DocumentView } from '../document-view.js';
import type { LabelHit, LabelKey } from '../labels/label-index.js';
import { citedLabel, qualifiedLabel } from '../labels/qualified-labels.js';
import type { Line } from '../layout/lines.js';
import { isAddressNumber } from './address-numbers.js';
import { valueRegions, yearWrappedBelow, type Region } from './regions.js';
import { findTypedValues, type TypedValue } from './typed-values.js';

/** What changed an OCR'd name's words (name-words.ts): a look-alike letter, words joined, a word split. */
export type NameRepair = 'lookalike' | 'join' | 'split' | 'form';

/** One possible value of a field with the evidence for it. */
export interface Candidate {
  value: string | number | boolean;
  /** Evidence from 0 to 1 before calibration: label strength x layout x type fit. */
  score: number;
  line: Line;
  /** Where the value came from, for confidence and debugging. */
  source: 'label' | 'layout' | 'fallback' | 'xml';
  label?: LabelHit;
  /** Set when the learned ranker scored it: the score is then a probability of being right. */
  ranked?: boolean;
  /** Character range of the value in line.text, when the rule that proposed it knows it (for its box). */
  span?: { start: number; end: number };
  /** What put an OCR'd name's words right against a word list (name-words.ts): a guess until the page confirms it. */
  repairs?: readonly NameRepair[];
}

export interface CandidateOptions {
  type: FieldType;
  identifier?: boolean;
  /** Summary amounts stand at the right end of their row; ids and dates right after the label. */
  prefer: 'first' | 'last';
  /**
   * Applied to the candidates found before one per value is kept: for summary amounts, a table
   * column's sum in place of the row under its heading (column-totals.ts).
   */
  adjust?: (ctx: DocumentView, candidates: readonly Candidate[]) => Candidate[];
}

/** Candidates next to the labels of the given keys, best first, one per distinct value. */
export function labelledCandidates(ctx: DocumentView, keys: LabelKey[], options: CandidateOptions): Candidate[] {
  const candidates: Candidate[] = [];
  for (const key of keys) {
    for (const hit of ctx.labels.hitsFor(key)) {
      for (const region of valueRegions(hit, ctx.lines, ctx.labels)) {
        candidates.push(...regionCandidates(hit, region, ctx, options));
      }
    }
  }
  return bestPerValue(options.adjust ? options.adjust(ctx, candidates) : candidates);
}

/**
 * A generic label ("vom", "Date") on the same line as the document's number ("Rechnung Nr. 12
 * vom 03.07.2014", "Invoice # 12 issued at ...") is as good as a specific one, when that number's
 * label is the nearest one before it: in "Rechnung gemäß Bestellung vom 01.03.2018" the date is
 * the order's.
 */
const COMPANIONS: Partial<Record<string, LabelKey>> = {
  invoice_date: 'invoice_number',
  order_date: 'po_number',
  transaction_date: 'invoice_number',
};

/**
 * The number of another document, whose date a generic label after it gives: "Rechnung gemäß
 * Bestellung Nr. 4711 vom 01.03.2018" dates the order, "Order ref. INV-88 dated ..." the invoice.
 */
const OTHER_DOCUMENTS: Partial<Record<string, LabelKey>> = {
  invoice_date: 'po_number',
  order_date: 'invoice_number',
  transaction_date: 'po_number',
};

/**
 * A generic date label's strength from the number label nearest before it on its line, when a
 * number stands between the two ("Nr. 12 vom"; "Rechnung gemäß Betriebskostenrechnung vom ..."
 * names no number, and its date is not the invoice's): the document's own number makes the label
 * as good as a specific one, another document's makes it no label of this field (0). A generic
 * label qualified by words no label lists ("Date du devis", "Quotation date") dates something else
 * more often than not: it keeps `QUALIFIED_FACTOR` of its strength, below a bare "Date" on the same
 * page, and stays a candidate where it is the only label (labels/qualified-labels.ts).
 */
const QUALIFIED_FACTOR = 0.5;

/**
 * Numbers a citing word before their label makes another document's ("Relates to invoice No. 12"
 * on a credit note): they keep `QUALIFIED_FACTOR` of their label's strength, below the page's own
 * number's label, and stay candidates where no other is printed. A date after such a number is
 * that document's (numberedStrength).
 */
const CITED_KEYS: ReadonlySet<LabelKey> = new Set(['invoice_number']);

function strengthOf(hit: LabelHit, ctx: DocumentView): number {
  const companion = COMPANIONS[hit.key];
  if (CITED_KEYS.has(hit.key) && citedLabel(hit)) return hit.strength * QUALIFIED_FACTOR;
  if (hit.strength >= 1 || !companion) return hit.strength;
  return (
    numberedStrength(hit, companion, ctx) ?? (qualifiedLabel(ctx, hit) ? hit.strength * QUALIFIED_FACTOR : hit.strength)
  );
}

/** A generic date label that a number's label before it settles: its strength then, else undefined. */
function numberedStrength(hit: LabelHit, companion: LabelKey, ctx: DocumentView): number | undefined {
  const { hits, between } = labelsBefore(hit, ctx);
  const nearest = hits.filter((h) => h.end === Math.max(...hits.map((b) => b.end)));
  if (!nearest.length || !/\d/.test(between(nearest[0]!))) return undefined;
  const own = nearest.filter((h) => h.key === companion);
  if (own.some(citedLabel)) return 0;
  if (own.length) return Math.min(1, hit.strength + 0.35);
  return nearest.some((h) => h.key === OTHER_DOCUMENTS[hit.key]) ? 0 : undefined;
}

/** Whether a generic date label was weakened as qualified by words no label lists (see strengthOf). */
export function qualifiedDateLabel(hit: LabelHit, ctx: DocumentView): boolean {
  const companion = COMPANIONS[hit.key];
  return (
    hit.strength < 1 &&
    companion !== undefined &&
    numberedStrength(hit, companion, ctx) === undefined &&
    qualifiedLabel(ctx, hit)
  );
}

/**
 * The labels before a hit on its line, and the text between one of them and the hit. A sentence's
 * word at the start of a line ("vom 01.03.2013." under "... Bestellung Nr. 2013-471331") continues
 * the line above, whose labels are then the ones before it.
 */
function labelsBefore(hit: LabelHit, ctx: DocumentView): { hits: LabelHit[]; between: (h: LabelHit) => string } {
  const own = ctx.labels.hitsOn(hit.line).filter((h) => h.end <= hit.start);
  const head = hit.line.text.slice(0, hit.start);
  const above = ctx.lines[hit.line.index - 1];
  const continues = !own.length && head.trim() === '' && /^\p{Ll}/u.test(hit.line.text.slice(hit.start));
  if (!continues || !above || above.page !== hit.line.page)
    return { hits: own, between: (h) => hit.line.text.slice(h.end, hit.start) };
  return { hits: ctx.labels.hitsOn(above), between: (h) => `${above.text.slice(h.end)} ${head}` };
}

function regionCandidates(hit: LabelHit, region: Region, ctx: DocumentView, options: CandidateOptions): Candidate[] {
  const context = { dates: ctx.dates, identifier: options.identifier ?? false };
  let values = findTypedValues(region.text, options.type, context);
  const whole = options.type === 'date' && values.length === 0 ? yearWrappedBelow(region, ctx.lines) : undefined;
  // The year's characters lie on the next line: the value's span ends with the region's own text.
  if (whole)
    values = findTypedValues(whole, 'date', context).map((v) => ({
      ...v,
      end: Math.min(v.end, region.text.length),
    }));
  const kept = options.identifier
    ? values.filter((v) => !isAddressNumber(ctx, region.line, region.offset + v.start, region.offset + v.end))
    : values;
  const ordered = options.prefer === 'last' ? [...kept].reverse() : kept;
  const strength = strengthOf(hit, ctx);
  if (strength === 0) return [];
  return ordered.map((value, rank) => ({
    value: value.value,
    score: strength * region.layout * value.fit * distanceFactor(region, value) * Math.pow(0.8, rank),
    line: region.line,
    source: 'label' as const,
    label: hit,
    span: { start: region.offset + value.start, end: region.offset + value.end },
  }));
}

/** Words between the label and the value weaken the link a little. */
function distanceFactor(region: Region, value: TypedValue): number {
  if (region.position === 'below') return 1;
  const between = region.text.slice(0, value.start).match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return Math.max(0.6, 1 - between * 0.04);
}

/**
 * Whether a candidate's value is printed with its decimals ("52.80"), as money on a receipt's foot
 * is, not as a whole number (a count, a card's last digits); false when no span says where it is.
 */
export function printedWithDecimals(c: Candidate): boolean {
  return c.span !== undefined && /[.,]\s?\d/.test(c.line.text.slice(c.span.start, c.span.end));
}

/** Keeps the best-scored candidate per value; values seen at several labels gain a little. */
export function bestPerValue(candidates: Candidate[]): Candidate[] {
  const byValue = new Map<string, { best: Candidate; count: number }>();
  for (const candidate of candidates) {
    const key = String(candidate.value);
    const entry = byValue.get(key);
    if (!entry) byValue.set(key, { best: candidate, count: 1 });
    else {
      entry.count++;
      if (candidate.score > entry.best.score) entry.best = candidate;
    }
  }
  return [...byValue.values()]
    .map(({ best, count }) => ({ ...best, score: Math.min(1, best.score * (1 + 0.05 * (count - 1))) }))
    .sort((a, b) => b.score - a.score);
}
