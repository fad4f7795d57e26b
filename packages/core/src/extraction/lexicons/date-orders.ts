import table from './date-orders.json' with { type: 'json' };
import { allWords } from './word-lists.js';

/**
 * What a page prints that tells which order it writes numeric dates in, as data in
 * date-orders.json: money of the countries that write month-first and of those that write
 * day-first, the day-first countries' registrations and states (before a four-digit postcode), as
 * printed; and the words of payment terms per language, folded, around their number of days
 * ("net 30", "30 days", "14 tage", "30 jours").
 */
export interface DateOrders {
  monthFirstMoney: readonly string[];
  dayFirstMoney: readonly string[];
  dayFirstRegistrations: readonly string[];
  dayFirstStates: readonly string[];
  netWords: readonly string[];
  dayWords: readonly string[];
  /** Words a term of days counts from ("30 Tagen ab", "14 days of", "30 jours à compter du"), folded. */
  fromWords: readonly string[];
}

export const DATE_ORDERS: DateOrders = {
  monthFirstMoney: table.month_first.money,
  dayFirstMoney: table.day_first.money,
  dayFirstRegistrations: table.day_first.registrations,
  dayFirstStates: table.day_first.states,
  netWords: allWords(table.terms.net),
  dayWords: allWords(table.terms.days),
  fromWords: allWords(table.terms.from),
};
