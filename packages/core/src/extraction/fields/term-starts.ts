import { fold } from '../layout/fold.js';
import { DATE_ORDERS } from '../lexicons/date-orders.js';
import { alternation } from '../lexicons/word-lists.js';
import type { Candidate } from './candidates.js';

/**
 * A number of days, at most two words, a word the term counts from and at most one word (an
 * article) right before the date: "Zahlbar innerhalb von 30 Tagen ab 02.03.2025", "payable within
 * 14 days of 3 May 2024", "à 30 jours à compter du", "en 30 días desde el", "a 30 giorni dal",
 * "binnen 14 dagen na" (lexicons/date-orders.json, `terms`).
 */
const TERM_FROM = new RegExp(
  `\\b\\d{1,3} ?${alternation(DATE_ORDERS.dayWords)}(?: \\p{L}+){0,2} ${alternation(DATE_ORDERS.fromWords)}(?: \\p{L}+)? ?$`,
  'u',
);

/**
 * A date a term of days counts from: the invoice's or its delivery's day, where the term starts,
 * not the day it ends, though a due date's label ("Zahlbar", "payable") opens the sentence.
 */
export function startsATerm(c: Candidate): boolean {
  return c.span !== undefined && TERM_FROM.test(fold(c.line.text.slice(0, c.span.start)));
}
