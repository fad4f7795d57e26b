import type { Word } from '../../ports/document-reader.port.js';
import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import type { LabelHit, LabelKey } from '../labels/label-index.js';
import { wordsInSpan } from '../locations/locate.js';
import type { Line } from '../layout/lines.js';
import { centreX, centreY, estimateSlope } from '../layout/text-direction.js';

/**
 * Whether a date read by OCR beside its label could as well be the value of the other date label
 * printed on the next or previous row of the same column ("Invoice date" over "Due date", "Datum"
 * over "Liefertermin", values in a column at the right). On a photo turned a few degrees, a row
 * rises or falls by most of its height between the label column and the value column, and the
 * line builder may pair a label with its neighbour's value: the value then stands a quarter of a
 * row or more off its label's row, towards the other label. Both dates are printed with a date
 * label, so the ranker sees the same evidence for the wrong pairing as for the right one. The
 * neighbour's label may be one no lexicon lists ("Tax point"): a segment of words and no digit in
 * the label's column counts as well.
 *
 * Offsets are measured in the frame the rows were built in (the page's estimated slope taken out).
 */
const ROW_OFFSET = 0.25;
/** The other label is on an adjacent row: its centre within this many label heights. */
const ADJACENT_ROWS = 1.8;

const DATE_KEYS: ReadonlySet<LabelKey> = new Set([
  'invoice_date',
  'order_date',
  'transaction_date',
  'due_date',
  'delivery_date',
]);

export function rowInDoubt(ctx: DocumentView, candidate: Candidate): boolean {
  const { label, line, span } = candidate;
  if (!line.ocr || !label || label.line !== line || !span) return false;
  const value = wordsInSpan(line, span.start, span.end);
  const own = wordsInSpan(line, label.start, label.end);
  if (!value.length || !own.length) return false;
  const slope = pageSlope(ctx, line);
  const height = Math.max(...own.map((w) => w.bbox.y1 - w.bbox.y0));
  const labelY = rowY(own, slope);
  const offset = rowY(value, slope) - labelY;
  if (Math.abs(offset) < ROW_OFFSET * height) return false;
  const valueX = Math.min(...value.map((w) => w.bbox.x0));
  const towards = (x0: number, x1: number, y: number) =>
    x1 <= valueX &&
    x1 >= label.x0 &&
    x0 <= label.x1 &&
    Math.sign(y - labelY) === Math.sign(offset) &&
    Math.abs(y - labelY) <= ADJACENT_ROWS * height;
  return (
    ctx.labels.hits.some(
      (other) => other.line !== line && DATE_KEYS.has(other.key) && towards(other.x0, other.x1, hitY(other, slope)),
    ) || unknownLabelTowards(ctx, line, towards, slope)
  );
}

/**
 * A label no lexicon lists on an adjacent row of the label's column ("Tax point" over "Date of
 * issue"): a segment of words and no digit, which the value may as well belong to.
 */
function unknownLabelTowards(
  ctx: DocumentView,
  line: Line,
  towards: (x0: number, x1: number, y: number) => boolean,
  slope: number,
): boolean {
  return ctx.lines.some(
    (other) =>
      other !== line &&
      other.page === line.page &&
      Math.abs(other.index - line.index) <= 2 &&
      other.segments.some(
        (s) => /\p{L}{2,}/u.test(s.text) && !/\d/.test(s.text) && towards(s.x0, s.x1, rowY(s.words, slope)),
      ),
  );
}

function hitY(hit: LabelHit, slope: number): number {
  const words = wordsInSpan(hit.line, hit.start, hit.end);
  return words.length ? rowY(words, slope) : (hit.line.y0 + hit.line.y1) / 2;
}

/** The words' mean height with the page's slope taken out (as if turned straight about x = 0). */
function rowY(words: Word[], slope: number): number {
  return words.reduce((sum, w) => sum + centreY(w) - slope * centreX(w), 0) / words.length;
}

const slopes = new WeakMap<DocumentView, Map<number, number>>();

function pageSlope(ctx: DocumentView, line: Line): number {
  const byPage = slopes.get(ctx) ?? new Map<number, number>();
  slopes.set(ctx, byPage);
  let slope = byPage.get(line.page);
  if (slope === undefined) {
    const page = ctx.doc.pages.find((p) => p.number === line.page);
    const words = page ? page.words.filter((w) => w.text.trim() !== '' && w.bbox.y1 > w.bbox.y0) : [];
    slope = page ? estimateSlope(words, page.width) : 0;
    byPage.set(line.page, slope);
  }
  return slope;
}
