import { lineHeight, type Line, type Segment } from '../layout/lines.js';
import type { LabelHit, LabelIndex } from '../labels/label-index.js';

/**
 * Where a label's value may stand: to its right on the same line (up to the next label), or in
 * the lines just below it, in the same column. Each region carries a layout factor: how much a
 * value found there is worth compared to one right beside the label.
 */

export interface Region {
  line: Line;
  /** The region's text and where it starts in line.text. */
  text: string;
  offset: number;
  position: 'right' | 'below';
  /** Layout factor from 0 to 1. */
  layout: number;
}

const BELOW_FACTORS = [0.9, 0.7, 0.5];

export function valueRegions(hit: LabelHit, lines: Line[], index: LabelIndex): Region[] {
  const regions: Region[] = [];
  const right = rightRegion(hit, index);
  if (right) regions.push(right);
  regions.push(...belowRegions(withQualifier(hit), lines, index));
  return regions;
}

/**
 * The label with the qualifier its segment closes with in brackets: a column headed "Zwischensumme
 * (ohne USt.)" or "Amount (EUR)" holds values right-aligned under its whole heading, under the
 * brackets more than under the label's words.
 */
function withQualifier(hit: LabelHit): LabelHit {
  const segment = hit.line.segments.find((s) => s.x0 <= hit.x0 + 1 && hit.x0 < s.x1);
  if (!segment || segment.x1 <= hit.x1) return hit;
  const rest = segment.words
    .filter((w) => w.bbox.x0 >= hit.x1 - 0.5)
    .map((w) => w.text)
    .join(' ');
  return /^\([^()]*\)$/.test(rest) ? { ...hit, x1: segment.x1 } : hit;
}

/**
 * The region ends at the next label that starts a column (a new segment) or that follows a
 * value: "Exclusief BTW € 4.053,67   Subtotaal € 4.904,94" is two regions, while "Total Sales
 * Inclusive GST @6%  28.40" is one, its "GST" being part of the total's label text.
 */
function rightRegion(hit: LabelHit, index: LabelIndex): Region | null {
  const next = index
    .hitsOn(hit.line)
    .filter((h) => h.start >= hit.end && h.strength === 1)
    .sort((a, b) => a.start - b.start)
    .find((h) => startsSegment(h) || /\d/.test(hit.line.text.slice(hit.end, h.start)));
  const end = next ? next.start : hit.line.text.length;
  const text = hit.line.text.slice(hit.end, end);
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  return { line: hit.line, text, offset: hit.end, position: 'right', layout: 1 };
}

function startsSegment(hit: LabelHit): boolean {
  return hit.line.segments.some((s) => Math.abs(s.x0 - hit.x0) < 1);
}

function belowRegions(hit: LabelHit, lines: Line[], index: LabelIndex): Region[] {
  const regions: Region[] = [];
  const height = lineHeight(hit.line);
  const tolerance = height;
  const neighbours = rowNeighbours(hit, index);
  let previous = hit.line;
  for (let i = hit.line.index + 1; i < lines.length && regions.length < BELOW_FACTORS.length; i++) {
    const line = lines[i]!;
    if (line.page !== hit.line.page || line.y0 - previous.y1 > height * 2.5) break;
    previous = line;
    const segments = line.segments.filter(
      (s) => s.x0 < hit.x1 + tolerance && s.x1 > hit.x0 - tolerance && !underNeighbour(s, hit, neighbours),
    );
    if (segments.length === 0) continue;
    // Another label in this column, or one left of the column's text, owns what follows it; not a
    // label word inside a sentence of another column ("Den Rechnungsbetrag überweisen Sie bitte ...").
    const columnEnd = segments.at(-1)!.x1;
    const first = segments[0]!;
    const labelled = index
      .hitsOn(line)
      .some(
        (h) =>
          h.strength === 1 &&
          h.x0 < columnEnd &&
          h.x1 > hit.x0 - tolerance - line.pageWidth &&
          !(h.x1 < first.x0 && insideProse(line, h)),
      );
    if (labelled) break;
    const offset = segmentOffset(line, first.words[0]!);
    const last = segments.at(-1)!;
    const end = segmentOffset(line, last.words.at(-1)!) + last.words.at(-1)!.text.length;
    regions.push({
      line,
      text: line.text.slice(offset, end),
      offset,
      position: 'below',
      layout: BELOW_FACTORS[regions.length]!,
    });
  }
  return regions;
}

/**
 * The other labels of a row of column labels: each one starts a segment of its own and is no weak
 * or partial match. A label inside a longer one ("USt." in "Rechnungssumme Netto (excl. USt.)") or
 * a weak word of a sentence makes no column, so a label that is not itself a column's head has none.
 */
function rowNeighbours(hit: LabelHit, index: LabelIndex): LabelHit[] {
  const heads = (h: LabelHit) => h.strength === 1 && startsSegment(h);
  if (!heads(hit)) return [];
  return index.hitsOn(hit.line).filter((h) => heads(h) && (h.end <= hit.start || h.start >= hit.end));
}

/**
 * Whether a segment below stands under another label of the label's row and not under the label
 * itself: a row of labels over a row of values ("Date  Due" over "2025-11-17  2025-12-01") puts
 * each value under its own label, and the tolerance that lets a value stand a little left of its
 * label (a line's height) would otherwise reach the neighbour's value where the columns stand
 * close, as they do on a scan whose boxes OCR draws as tall as a shaded or ruled cell.
 */
function underNeighbour(segment: Segment, hit: LabelHit, neighbours: LabelHit[]): boolean {
  const under = (h: LabelHit) => segment.x0 < h.x1 && segment.x1 > h.x0;
  return !under(hit) && neighbours.some(under);
}

/** Whether words follow the label within its own segment (a sentence, not a field's label). */
function insideProse(line: Line, hit: LabelHit): boolean {
  const segment = line.segments.find((s) => s.x0 <= hit.x0 + 1 && hit.x0 < s.x1);
  if (!segment) return false;
  const after = segment.words.filter((w) => w.bbox.x0 >= hit.x1);
  return after.filter((w) => /\p{L}{2}/u.test(w.text)).length >= 3;
}

function segmentOffset(line: Line, word: Line['words'][number]): number {
  let offset = 0;
  for (const w of line.words) {
    if (w === word) return offset;
    offset += w.text.length + 1;
  }
  return 0;
}

/**
 * A date beside its label that a narrow column wrapped before its year ("Fecha de vencimiento: 4 de
 * septiembre" over "de 2025", "Data de vencimento: 18 de dezembro de" over "2024"): the year alone
 * on the next line, under the region's words. Long dates with "de" between their parts wrap often.
 * A table's narrow cell wraps a short date at its last separator too ("12-Sep-" over "25", "3/12/"
 * over "2024"), beside its label or under it; that year is joined without a space. Returns what
 * the region's text is to be read with, or undefined.
 */
export function yearWrappedBelow(region: Region, lines: readonly Line[]): string | undefined {
  const cut = CUT_DATE.test(region.text.trimEnd());
  if (region.position !== 'right' && !cut) return undefined;
  const line = region.line;
  const next = lines[line.index + 1];
  if (!next || next.page !== line.page || next.y0 - line.y1 > lineHeight(line) * 1.5) return undefined;
  // The region's segment: a left-aligned column wraps to the segment's start, a right-aligned one under its end.
  const first = line.words.find((w) => segmentOffset(line, w) >= region.offset);
  const own = first && line.segments.find((s) => s.words.includes(first));
  if (!own) return undefined;
  const below = next.segments.find((s) => s.x1 > own.x0 && s.x0 < own.x1)?.text.trim();
  if (!below) return undefined;
  if (cut) return /^(?:19|20)?\d{2}$/.test(below) ? `${region.text.trimEnd()}${below}` : undefined;
  // The year, or the year with the short word that joins it to the month ("de 2025").
  return /^(?:\p{Ll}{1,3} )?(?:19|20)\d{2}$/u.test(below) ? `${region.text} ${below}` : undefined;
}

/** A date's day and month with the separator before its year, and no year: "12-Sep-", "3/12/", "14.05.". */
const CUT_DATE = /(?:^|\s)\d{1,2}([-/.])(?:\p{L}{3,9}\.?|\d{1,2})\1$/u;
