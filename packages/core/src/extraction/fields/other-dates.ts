import type { DocumentView } from '../document-view.js';
import type { Line, Segment } from '../layout/lines.js';
import { findDates } from '../values/dates.js';

/**
 * Dates printed beside the document's own that say something else, however early or plain they
 * stand: a period's ends and the dates another kind of label gives (a print stamp, "Customer since").
 */

/** A dash between a date and the one before or after it; the first may lack its year ("01.03.–31.03.2024"). */
const RANGE_BEFORE = /\d[./-]?\s*[-–—]\s*$/;
/** A dash after the date, before the period's end or at the line's end (the end wrapped below). */
const RANGE_AFTER = /^\s*[-–—]\s*(?:\d|$)/;

/** A date opening or closing a period ("01/03/2024 – 31/03/2024"): it dates a service, not the document. */
export function inPeriod(text: string, date: { start: number; end: number }): boolean {
  return RANGE_BEFORE.test(text.slice(0, date.start)) || RANGE_AFTER.test(text.slice(date.end));
}

/**
 * A period's end that a narrow cell wrapped onto the next line ("01.04.2024 –" over "30.04.2024"):
 * the date opens its segment, and the nearest segment above it ends in a date and a dash. Lines of
 * another column (a seller's address beside the cell) may stand between the two in reading order.
 */
export function endsWrappedPeriod(ctx: DocumentView, line: Line, date: { start: number }): boolean {
  const own = segmentStartingAt(line, date.start);
  const above = own && segmentAbove(ctx.lines, line, own);
  if (!above) return false;
  const last = findDates(above.text, ctx.dates).at(-1);
  return last !== undefined && /^\s*[-–—]\s*$/.test(above.text.slice(last.end));
}

/** The nearest segment over `own` within a line and a half above it, on the same page. */
function segmentAbove(lines: readonly Line[], line: Line, own: Segment): Segment | undefined {
  const reach = (line.y1 - line.y0) * 1.5;
  for (let i = line.index - 1; i >= 0; i--) {
    const above = lines[i]!;
    if (above.page !== line.page || line.y0 - above.y1 > reach) return undefined;
    const over = above.segments.find((s) => s.x1 > own.x0 && s.x0 < own.x1);
    if (over) return over;
  }
  return undefined;
}

/** The segment of `line` whose first word starts at character `offset` of the line's text. */
function segmentStartingAt(line: Line, offset: number): Segment | undefined {
  let at = 0;
  for (const word of line.words) {
    if (at === offset) return line.segments.find((s) => s.words[0] === word);
    if (at > offset) return undefined;
    at += word.text.length + 1;
  }
  return undefined;
}

/**
 * A date right after a label of something that is no field ("Printed on", "Erstellt am", "Kunde
 * seit", "Client depuis", "Afgedrukt op": lexicons/role-labels.json's `other`): the label says
 * what it dates, and that is not the document.
 */
export function afterOtherLabel(ctx: DocumentView, line: Line, date: { start: number }): boolean {
  const before = ctx.labels
    .hitsOn(line)
    .filter((hit) => hit.end <= date.start)
    .sort((a, b) => b.end - a.end)[0];
  return before?.key === 'other' && /^[\s:.]*$/.test(line.text.slice(before.end, date.start));
}
