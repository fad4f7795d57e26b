/**
 * Dates printed beside the document's own that say something else, however early or plain they
 * stand: a period's ends.
 */

/** A dash between a date and the one before or after it; the first may lack its year ("01.03.–31.03.2024"). */
const RANGE_BEFORE = /\d[./-]?\s*[-–—]\s*$/;
/** A dash after the date, before the period's end or at the line's end (the end wrapped below). */
const RANGE_AFTER = /^\s*[-–—]\s*(?:\d|$)/;

/** A date opening or closing a period ("01/03/2024 – 31/03/2024"): it dates a service, not the document. */
export function inPeriod(text: string, date: { start: number; end: number }): boolean {
  return RANGE_BEFORE.test(text.slice(0, date.start)) || RANGE_AFTER.test(text.slice(date.end));
}
