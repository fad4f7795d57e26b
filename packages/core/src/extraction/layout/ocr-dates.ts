/** Dates on OCR'd lines as OCR mangles them, put back before lines are built from their words. */
import type { Word } from '../../ports/document-reader.port.js';

/**
 * OCR loses a date's second separator before a four-digit year ("8/252019" for 8/25/2019), which
 * then reads as no date at all: a word of day or month, separator, day or month and a year from
 * 1900 to 2099 gets the separator back.
 */
export function withDateSeparator(word: Word): Word {
  const m = /^(\d{1,2})([/.-])(\d{1,2})((?:19|20)\d{2})$/u.exec(word.text);
  return m ? { ...word, text: `${m[1]}${m[2]}${m[3]}${m[2]}${m[4]}` } : word;
}

/**
 * OCR runs a date into the time printed right after it ("10/10/20174:22:12 PM"), which then reads
 * as no date: a word of a whole date with a year from 1900 to 2099 (a stop or colon OCR joined
 * to it before it stays) and then hours and minutes is two words, the date and the time, the box
 * shared by their characters.
 */
export function apartFromTime(word: Word): Word[] {
  const m = /^([:;.,]?\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})(\d{1,2}:\d{2}(?::\d{2})?)$/u.exec(word.text);
  if (!m) return [word];
  const [date, time] = [m[1]!, m[2]!];
  const split = word.bbox.x0 + ((word.bbox.x1 - word.bbox.x0) * date.length) / word.text.length;
  return [
    { ...word, text: date, bbox: { ...word.bbox, x1: split } },
    { ...word, text: time, bbox: { ...word.bbox, x0: split } },
  ];
}
