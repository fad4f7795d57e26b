import type { Currency, DateStyle } from './formats.js';
import type { SyntheticContent } from './document.js';
import type { Random } from './random.js';

/**
 * More of the ways real invoices and orders differ from the development corpus, drawn for the
 * stranger layouts after their first choices (so that a seed's earlier choices stay as they were):
 * the seller's name beside a drawn logo, buyer headings and date labels the corpus seldom prints,
 * the number in the title line, totals in a box or as rows of the item table, the labelled values
 * as a strip of headings over their values, other currencies and date styles, and a contact person
 * and a telephone number under both parties' blocks.
 */
export interface StrangerVariety {
  /** The seller's full name in bold beside a drawn logo mark, top left, as well as where `seller` puts it. */
  letterhead: 'none' | 'beside-logo';
  /** The buyer's heading from the language's usual words, or from ones the corpus seldom prints (`buyer_more`). */
  buyerHeading: 'usual' | 'more';
  /** The due or delivery date's label from the usual words, or from `due_more` / `delivery_more`. */
  dateLabel: 'usual' | 'more';
  /** The document's number under its label, or in the title line after a short word ("INVOICE No. 4711"). */
  number: 'labelled' | 'title';
  /** Labelled totals at the right, in a drawn box, or as the last rows of the item table. */
  totals: 'lines' | 'box' | 'row';
  /** The labelled values in a column at the right, or as a strip of headings across the page with values under them. */
  meta: 'column' | 'strip';
  /** Another currency than the language's own (C$, A$, kr, Fr., US$), or the language's. */
  currency: 'language' | 'other';
  /** The language's date style, or one of `d-mon-y` (08-Mar-2024), `ymd-slash`, `dmy-dot-short` (08.03.24). */
  dates: 'language' | DateStyle;
  /** A telephone number and a contact person under the seller's and the buyer's blocks. */
  partyContacts: boolean;
}

const OTHER_CURRENCIES: Omit<Currency, 'before' | 'useCode'>[] = [
  { code: 'CAD', symbol: 'C$' },
  { code: 'AUD', symbol: 'A$' },
  { code: 'SEK', symbol: 'kr' },
  { code: 'DKK', symbol: 'kr.' },
  { code: 'CHF', symbol: 'Fr.' },
  { code: 'USD', symbol: 'US$' },
];

export function chooseStrangerVariety(random: Random): StrangerVariety {
  return {
    letterhead: random.chance(0.3) ? 'beside-logo' : 'none',
    buyerHeading: random.chance(0.5) ? 'more' : 'usual',
    dateLabel: random.chance(0.5) ? 'more' : 'usual',
    number: random.chance(0.3) ? 'title' : 'labelled',
    totals: random.pick(['lines', 'box', 'row'] as const),
    meta: random.chance(0.35) ? 'strip' : 'column',
    currency: random.chance(0.3) ? 'other' : 'language',
    dates: random.chance(0.3) ? random.pick(['d-mon-y', 'ymd-slash', 'dmy-dot-short'] as const) : 'language',
    partyContacts: random.chance(0.5),
  };
}

export function describeStrangerVariety(v: StrangerVariety): string {
  return `letterhead=${v.letterhead} buyer-heading=${v.buyerHeading} date-label=${v.dateLabel} number=${v.number} summary=${v.totals} meta=${v.meta} money=${v.currency} date-style=${v.dates} party-contacts=${v.partyContacts}`;
}

/**
 * The content printed in the variety's currency and date style: the ground truth (values, ISO
 * dates) stays; only how they are printed changes, and the printed values follow from the style.
 */
export function restyle(content: SyntheticContent, variety: StrangerVariety, random: Random): SyntheticContent {
  const style = { ...content.style };
  if (variety.currency === 'other') {
    const base = random.pick(OTHER_CURRENCIES);
    const useCode = random.chance(0.25);
    style.currency = { ...base, useCode, before: base.symbol.endsWith('$') ? true : random.chance(0.3) };
  }
  if (variety.dates !== 'language') style.dates = variety.dates;
  return { ...content, style };
}
