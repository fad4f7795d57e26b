import { fold } from '../layout/fold.js';
import { DATE_ORDERS } from '../lexicons/date-orders.js';
import { findDates, numericDateOrders, type DateConvention } from './dates.js';

/**
 * How a document writes ambiguous dates. The document itself is the best witness: one date such
 * as 20/03/2023 settles the order for every other date on it, and so do payment terms ("Net 30",
 * "zahlbar innerhalb 14 Tagen", "à 30 jours") that lead from one printed date to another under one
 * reading only. Without either, the page's hints vote (lexicons/date-orders.json): money of a
 * country that writes month-first ("$", "USD") or an address in the United States ("Redmond, WA
 * 98052") against money of the countries that write day-first (€, £, "A$", "NZD", "S$", "HK$",
 * "C$", "Rs."), their registrations ("ABN", "GSTIN", "GST") and an Australian state with its
 * postcode ("NSW 2000"); a date written with its month's name counts for the order it prints
 * ("3 March 2024" day-first, "March 3, 2024" month-first). Without any, day-first (most of the world).
 */
export function detectDateConvention(texts: string[]): DateConvention {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    for (const order of numericDateOrders(text)) {
      if (order === 'day_first') dayFirst++;
      else monthFirst++;
    }
  }
  if (dayFirst !== monthFirst) return { dayFirst: dayFirst > monthFirst, witnessed: true };
  const byTerms = orderByTerms(texts);
  if (byTerms !== undefined) return { dayFirst: byTerms, witnessed: true };
  const all = texts.join('\n');
  const named = writtenOrders(all);
  const month = count(all, MONTH_FIRST_MONEY) + count(all, US_PLACE) + named.monthFirst;
  const day = count(all, DAY_FIRST_MONEY) + count(all, DAY_FIRST_MARKS) + named.dayFirst;
  return { dayFirst: !(month > day) };
}

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** A mark stands alone: no letter before or after ("A$" is not "$", "EURO" not "EUR"). */
const marks = (words: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}$])(?:${[...words]
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('|')})(?![\\p{L}$])`,
    'gu',
  );
const MONTH_FIRST_MONEY = marks(DATE_ORDERS.monthFirstMoney);
const DAY_FIRST_MONEY = marks(DATE_ORDERS.dayFirstMoney);
/** Registrations, and a state's abbreviation with a four-digit postcode ("Sydney NSW 2000"). */
const DAY_FIRST_MARKS = new RegExp(
  `${marks(DATE_ORDERS.dayFirstRegistrations).source}|\\b(?:${DATE_ORDERS.dayFirstStates.join('|')})\\s+\\d{4}(?!\\d)`,
  'gu',
);

/** "City, ST 12345": a US state's postal code after a comma, then a ZIP code (not DE: "DE 80333" is German). */
const US_PLACE = new RegExp(
  `,\\s*(?:${'AL AK AZ AR CA CO CT DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.replace(/ /g, '|')})\\s+\\d{5}(?:-\\d{4})?\\b`,
  'g',
);

/** Dates written with a month's name: each counts for the order of day and month it prints. */
function writtenOrders(text: string): { dayFirst: number; monthFirst: number } {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const date of findDates(text)) {
    if (date.ambiguous) continue;
    const printed = text.slice(date.start, date.end);
    if (!/\p{L}{3}/u.test(printed)) continue;
    if (/^\d/.test(printed)) dayFirst++;
    else monthFirst++;
  }
  return { dayFirst, monthFirst };
}

/**
 * The order under which the page's payment terms lead from one of its dates to its latest ("Net
 * 30": a due date 30 days after the invoice date), where only one order does; undefined otherwise.
 * The due date is the latest: two other dates a day apart (a tax point and an order date, 04/08
 * and 05/08) are a month apart under the other order, 30 days from 8 April to 8 May.
 */
function orderByTerms(texts: string[]): boolean | undefined {
  const days = termDays(texts.map((t) => fold(t.replace(AMOUNT, ' '))).join(' \n '));
  if (days.size === 0) return undefined;
  const leads = (dayFirst: boolean) => {
    const isos = texts.flatMap((t) => findDates(t, { dayFirst }).map((d) => d.iso));
    const times = [...new Set(isos)].map((iso) => Date.parse(`${iso}T00:00:00Z`));
    const latest = Math.max(...times);
    return times.some((a) => days.has(Math.round((latest - a) / 86_400_000)));
  };
  const [asDayFirst, asMonthFirst] = [leads(true), leads(false)];
  return asDayFirst === asMonthFirst ? undefined : asDayFirst;
}

/**
 * An amount with its decimals ("1,056.00", "1.056,00", "25.00"): folded, "Net 1,056.00" (a
 * subtotal's label and amount) would read as the terms "net 1".
 */
const AMOUNT = /\d{1,3}(?:[.,'\s]\d{3})*[.,]\d{2}(?!\d)/g;

/** The numbers of days the folded text's payment terms name: "net 30", "30 days", "14 tage netto". */
function termDays(folded: string): Set<number> {
  const found = new Set<number>();
  for (const m of folded.matchAll(TERMS)) {
    const n = Number(m[1] ?? m[2]);
    if (n > 0) found.add(n);
  }
  return found;
}

const TERMS = new RegExp(
  `\\b(?:${DATE_ORDERS.netWords.join('|')}) (\\d{1,3})\\b|\\b(\\d{1,3}) (?:${DATE_ORDERS.dayWords.join('|')})\\b`,
  'g',
);
