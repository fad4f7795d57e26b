import { segmentOf, type Line, type Segment } from '../layout/lines.js';
import { findDates } from '../values/dates.js';
import type { LabelHit, LabelIndex, LabelKey } from './label-index.js';

/**
 * Two columns of "label value" pairs set closer than a segment gap run together: the left column's
 * value and the right column's label become one segment ("Lefèvre SAS Date", "Industriestraße 14
 * Date d'échéance") with the right column's value after it. Such a segment is split before the
 * label, so that a name or address read from it ends where its column does.
 *
 * A label word may belong to a name ("Up To Date", "Hotel du Parc"), so a segment is split only
 * where the label is a date's or a document number's, ends its segment, and the next segment
 * begins with the value it labels: a date after a date label, digits after a number label.
 */
const DATE_KEYS = new Set<LabelKey>(['invoice_date', 'due_date', 'order_date', 'transaction_date', 'delivery_date']);
const NUMBER_KEYS = new Set<LabelKey>(['invoice_number', 'po_number']);
/** Weak date labels this short are prepositions before a date ("vom", "du", "del"), no column's key. */
const MIN_WEAK_LETTERS = 4;

export function splitAtTrailingLabels(lines: readonly Line[], labels: LabelIndex): void {
  for (const line of lines) {
    const all = labels.hitsOn(line);
    const hits = all.filter(splitsAt);
    if (hits.length === 0) continue;
    line.segments = line.segments.flatMap((segment, s) => {
      const next = line.segments[s + 1];
      // A segment that begins with a label is a label of two dates ("Date de facture / de
      // livraison", "Invoice date / tax point"), not a value run into the next column's label.
      if (!next || all.some((h) => Math.abs(h.x0 - segment.x0) <= 1)) return [segment];
      const hit = hits.find((h) => endsSegment(segment, h) && labelsValue(h, next));
      return hit ? splitBefore(segment, hit) : [segment];
    });
  }
}

function splitsAt(hit: LabelHit): boolean {
  if (NUMBER_KEYS.has(hit.key)) return hit.strength >= 1;
  if (!DATE_KEYS.has(hit.key)) return false;
  const letters = hit.line.text.slice(hit.start, hit.end).replace(/[^\p{L}]/gu, '').length;
  return hit.strength >= 1 || letters >= MIN_WEAK_LETTERS;
}

/** The label starts a word after others of the segment, and only marks follow it there. */
function endsSegment(segment: Segment, hit: LabelHit): boolean {
  const at = segment.words.findIndex((w) => Math.abs(w.bbox.x0 - hit.x0) <= 1);
  if (at <= 0) return false;
  const after = segment.words.filter((w) => w.bbox.x0 >= hit.x1 - 1);
  return segment.x1 >= hit.x1 - 1 && after.every((w) => !/[\p{L}\p{N}]/u.test(w.text));
}

function labelsValue(hit: LabelHit, next: Segment): boolean {
  if (NUMBER_KEYS.has(hit.key)) return /^\S*\d/u.test(next.text);
  return findDates(next.text).some((d) => d.start === 0);
}

function splitBefore(segment: Segment, hit: LabelHit): Segment[] {
  const at = segment.words.findIndex((w) => Math.abs(w.bbox.x0 - hit.x0) <= 1);
  return [segmentOf(segment.words.slice(0, at)), segmentOf(segment.words.slice(at))];
}
