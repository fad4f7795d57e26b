import { numericDateOrders, type DateConvention } from './dates.js';

/**
 * How a document writes ambiguous dates. The document itself is the best witness: one date such
 * as 20/03/2023 settles the order for every other date on it. Without one, documents priced in
 * dollars are read month-first (US usage), everything else day-first (most of the world).
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
  if (dayFirst !== monthFirst) return { dayFirst: dayFirst > monthFirst };
  const all = texts.join('\n');
  const dollars = (all.match(/\$|\bUSD\b/g) ?? []).length;
  const others = (all.match(/€|£|\bEUR\b|\bGBP\b|\bRM\b|\bMYR\b|\bCHF\b/g) ?? []).length;
  return { dayFirst: !(dollars > others) };
}
