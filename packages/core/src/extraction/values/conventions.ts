import { numericDateOrders, type DateConvention } from './dates.js';

/**
 * How a document writes ambiguous dates. The document itself is the best witness: one date such
 * as 20/03/2023 settles the order for every other date on it. Without one, documents priced in
 * dollars or addressed in the United States ("Redmond, WA 98052") are read month-first (US usage),
 * everything else day-first (most of the world).
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
  const all = texts.join('\n');
  const dollars = (all.match(/\$|\bUSD\b/g) ?? []).length + (all.match(US_PLACE) ?? []).length;
  const others = (all.match(/€|£|\bEUR\b|\bGBP\b|\bRM\b|\bMYR\b|\bCHF\b/g) ?? []).length;
  return { dayFirst: !(dollars > others) };
}

/** "City, ST 12345": a US state's postal code after a comma, then a ZIP code (not DE: "DE 80333" is German). */
const US_PLACE = new RegExp(
  `,\\s*(?:${'AL AK AZ AR CA CO CT DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.replace(/ /g, '|')})\\s+\\d{5}(?:-\\d{4})?\\b`,
  'g',
);
