import type { DocumentView } from '../document-view.js';
import type { Line } from '../layout/lines.js';

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
