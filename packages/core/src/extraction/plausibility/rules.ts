import { isSentence, SENTENCE_MIN_WORDS } from '../fields/sentence-names.js';
import { addsUp, type Adjustments } from '../values/adjustments.js';

/**
 * Plausibility: values that contradict the rest of their document. Such a value keeps at most
 * FLAGGED_CONFIDENCE (below REVIEW_BELOW, so the document goes to review) and a reason. The
 * limits are data, in one table, so that what the checks decide is read here and nowhere else.
 */
export const PLAUSIBILITY_LIMITS = {
  /** A document date further than this from every other date printed on the document. */
  daysFromOtherDates: 2 * 366,
  /** A document date later than the received time by more than this (time zones, a late clock). */
  futureGraceDays: 1,
  /** subtotal + tax against the total. */
  amountTolerance: 0.011,
  /** The line items' sum against the subtotal or the total (rounding per row). */
  lineSumTolerance: 0.055,
  /**
   * Asked for neither a subtotal nor the tax, lines may print net: the tax (VAT reaches 27%) and
   * charges the extractor does not ask for may make up to this share of the net on top of it.
   */
  unaskedTaxShare: 0.3,
  /**
   * The tax's largest share of the total: VAT reaches 27% of the net, 21% of the gross; more is a
   * net sum, a tax base or another amount of the tax table taken for the tax.
   */
  taxShareOfTotal: 0.3,
  /**
   * Tax rates, in percent, that a tax read by its arithmetic alone may have to its net (besides a
   * rate printed on the page): the standard and reduced VAT and GST rates of Europe, Asia and
   * Oceania (complete-amounts.ts).
   */
  taxRates: [5, 6, 7, 8, 8.1, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 25.5, 27],
  /** A name of at least this many words with a sentence's words in it is a sentence. */
  sentenceMinWords: SENTENCE_MIN_WORDS,
} as const;

/** The confidence a contradicted value keeps at most. */
export const FLAGGED_CONFIDENCE = 0.3;

export type PlausibilityRule =
  | 'date_far_from_others'
  | 'date_in_future'
  | 'total_disagrees'
  | 'tax_exceeds_share'
  | 'due_before_issue'
  | 'name_is_sentence'
  | 'tax_unconfirmed';

/** One contradiction: the fields it puts in doubt and why. */
export interface Implausible {
  rule: PlausibilityRule;
  fields: string[];
  message: string;
}

/** The values the checks compare, by the role of the field that holds them (field names alongside). */
export interface PlausibilityFacts {
  /** The document's own date (invoice, order or transaction date), ISO. */
  documentDate?: { field: string; value: string };
  dueDate?: { field: string; value: string };
  subtotal?: { field: string; value: number };
  tax?: { field: string; value: number };
  total?: { field: string; value: number };
  lineItems?: { field: string; sum: number };
  names: { field: string; value: string }[];
  /** Every date printed on the document, ISO, repeats included. */
  pageDates: readonly string[];
  /** When the document was received; without it nothing counts as in the future. */
  receivedAt?: Date;
  /** Discounts and charges printed between the subtotal and the total (values/adjustments.ts). */
  adjustments?: Adjustments;
  /** Every amount printed on the document with decimals, and every percentage (as percent). */
  printed?: { amounts: readonly number[]; rates: readonly number[] };
}

const DAY_MS = 86_400_000;
const NO_ADJUSTMENTS: Adjustments = { discounts: [], charges: [] };

/** Why a document date is implausible, or null: the two date rules, for the date alone. */
export function dateDoubt(
  value: string,
  pageDates: readonly string[],
  receivedAt: Date | undefined,
): { rule: PlausibilityRule; message: string } | null {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  if (receivedAt && time > receivedAt.getTime() + PLAUSIBILITY_LIMITS.futureGraceDays * DAY_MS)
    return { rule: 'date_in_future', message: `${value} is after the document was received` };
  const limit = PLAUSIBILITY_LIMITS.daysFromOtherDates * DAY_MS;
  const others = [...new Set(pageDates.filter((d) => d !== value))]
    .map((d) => Date.parse(d))
    .filter((t) => !Number.isNaN(t));
  // The other dates must agree among themselves (two within the limit of each other): one stray
  // date, itself misread, says nothing about the rest.
  const agreeing = others.some((a, i) => others.some((b, j) => i !== j && Math.abs(a - b) <= limit));
  const nearest = Math.min(...others.map((t) => Math.abs(t - time)));
  if (agreeing && nearest > limit)
    return {
      rule: 'date_far_from_others',
      message: `${value} is ${Math.round(nearest / DAY_MS / 365)} years from every other date on the document`,
    };
  return null;
}

type Check = (facts: PlausibilityFacts) => Implausible[];

const CHECKS: readonly Check[] = [
  ({ documentDate, pageDates, receivedAt }) => {
    const doubt = documentDate && dateDoubt(documentDate.value, pageDates, receivedAt);
    return doubt && documentDate ? [{ ...doubt, fields: [documentDate.field] }] : [];
  },
  ({ documentDate, dueDate }) =>
    documentDate && dueDate && dueDate.value < documentDate.value
      ? [
          {
            rule: 'due_before_issue',
            fields: [dueDate.field, documentDate.field],
            message: `the due date ${dueDate.value} is before the document date ${documentDate.value}`,
          },
        ]
      : [],
  ({ subtotal, tax, total, adjustments }) =>
    subtotal &&
    tax &&
    total &&
    !addsUp(subtotal.value, tax.value, total.value, adjustments ?? NO_ADJUSTMENTS, PLAUSIBILITY_LIMITS.amountTolerance)
      ? [
          {
            rule: 'total_disagrees',
            // The parts, not the total: on the development folds the total was the right one in 37
            // of the 39 disagreements (a subtotal or tax misread, a rounding or service line).
            fields: [subtotal.field, tax.field],
            message: `subtotal ${subtotal.value} + tax ${tax.value} is not the total ${total.value}`,
          },
        ]
      : [],
  ({ tax, total }) =>
    tax && total && total.value > 0 && tax.value > total.value * PLAUSIBILITY_LIMITS.taxShareOfTotal
      ? [
          {
            rule: 'tax_exceeds_share',
            // The tax, not the total: a tax table's base ("Steuerbasisbetrag 198,00 37,62") or the
            // net sum sits beside the tax, and the total has a label of its own.
            fields: [tax.field],
            message: `the tax ${tax.value} is more than ${PLAUSIBILITY_LIMITS.taxShareOfTotal * 100}% of the total ${total.value}`,
          },
        ]
      : [],
  ({ subtotal, tax, total, lineItems }) => {
    if (!lineItems || !total) return [];
    const near = (a: number, b: number) => Math.abs(a - b) <= PLAUSIBILITY_LIMITS.lineSumTolerance;
    // Lines print net (they add up to the subtotal) or gross (to the total); either agrees.
    const base = subtotal?.value ?? (tax ? total.value - tax.value : total.value);
    if (near(lineItems.sum, base) || near(lineItems.sum, total.value)) return [];
    const unaskedTax = !subtotal && !tax;
    if (
      unaskedTax &&
      lineItems.sum < total.value &&
      lineItems.sum * (1 + PLAUSIBILITY_LIMITS.unaskedTaxShare) >= total.value
    )
      return [];
    return [
      {
        rule: 'total_disagrees',
        // Rows missed or merged are likelier than a wrong total (all 7 such totals on the folds were right).
        fields: [lineItems.field],
        message: `the line items add up to ${round(lineItems.sum)}, neither the subtotal nor the total ${total.value}`,
      },
    ];
  },
  taxUnconfirmed,
  ({ names }) =>
    names
      .filter((n) => isSentence(n.value))
      .map((n) => ({ rule: 'name_is_sentence', fields: [n.field], message: `"${n.value}" reads as a sentence` })),
];

/**
 * A tax with no subtotal beside it that nothing on the page confirms: the net it implies (total -
 * tax) is printed nowhere, the line items do not add up to it, and the tax is no rate's share of it
 * (a rate printed on the page or one of `taxRates`, to the cent; several rates' shares summed are
 * the net's too, since their nets are printed). A VAT number's group, a base or a rate taken for
 * the tax fails all three, and a right tax seldom does: invoices print the net or the rate.
 */
function taxUnconfirmed({ subtotal, tax, total, lineItems, printed }: PlausibilityFacts): Implausible[] {
  if (subtotal || !tax || !total || !printed || tax.value <= 0) return [];
  // A tax over its share of the total is put in doubt by its own check.
  if (tax.value > total.value * PLAUSIBILITY_LIMITS.taxShareOfTotal) return [];
  const net = total.value - tax.value;
  const near = (a: number, b: number) => Math.abs(a - b) <= PLAUSIBILITY_LIMITS.amountTolerance;
  if (printed.amounts.some((a) => near(a, net))) return [];
  if (lineItems && Math.abs(lineItems.sum - net) <= PLAUSIBILITY_LIMITS.lineSumTolerance) return [];
  const tolerance = Math.max(PLAUSIBILITY_LIMITS.amountTolerance, net * 0.0005);
  const rates = [...printed.rates, ...PLAUSIBILITY_LIMITS.taxRates];
  if (rates.some((rate) => Math.abs((net * rate) / 100 - tax.value) <= tolerance)) return [];
  return [
    {
      rule: 'tax_unconfirmed',
      fields: [tax.field],
      message: `the tax ${tax.value} is no rate's share of the net ${round(net)} it leaves, and that net is printed nowhere`,
    },
  ];
}

/** Every contradiction the checks find, in the order of the checks. */
export function findImplausible(facts: PlausibilityFacts): Implausible[] {
  return CHECKS.flatMap((check) => check(facts));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
