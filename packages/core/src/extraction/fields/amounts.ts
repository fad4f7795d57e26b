import { ranked, type ExtractionContext } from '../context.js';
import type { LabelKey } from '../labels/label-index.js';
import { findAmounts } from '../values/amounts.js';
import { addsUp, adjustmentsOf, type Adjustments } from '../values/adjustments.js';
import { discountsOn } from '../values/discounts.js';
import { bestPerValue, labelledCandidates, printedWithDecimals, type Candidate } from './candidates.js';
import { columnTotals } from './column-totals.js';
import { exclusiveScores } from './exclusive-amounts.js';
import { taxSums } from './tax-sums.js';
import { amountsBySegment } from './segment-amounts.js';

/**
 * Subtotal, tax and total chosen together: each has candidates next to its labels, and the
 * combination is preferred in which subtotal + tax = total. A total is the largest amount near
 * a total label (the grand total, not the amount still due after a prepayment), and a rounding
 * adjustment printed under it gives the rounded total that a receipt actually charges. Several
 * rates' tax lines are one tax, their sum, where a subtotal and a total balance with it
 * (tax-sums.ts).
 */

export interface AmountChoice {
  subtotal: Candidate | null;
  tax: Candidate | null;
  total: Candidate | null;
  /** Whether subtotal + tax = total held for the chosen values (null: not all three found). */
  balanced: boolean | null;
}

const TOP = 5;
const EPSILON = 0.011;

export function chooseAmounts(
  ctx: ExtractionContext,
  extraKeys: { subtotal: LabelKey[]; tax: LabelKey[]; total: LabelKey[] },
  documentType?: string,
): AmountChoice {
  const labelled = {
    subtotal: summaryAmounts(ctx, ['subtotal', ...extraKeys.subtotal]),
    tax: summaryAmounts(ctx, ['tax_amount', ...extraKeys.tax]),
    total: summaryAmounts(ctx, ['total_amount', ...extraKeys.total]),
  };
  if (printedNegative(labelled.total)) return negatedChoice(ctx, labelled, documentType);
  const lists = {
    subtotals: ranked(ctx, 'subtotal', labelled.subtotal, documentType),
    taxes: ranked(
      ctx,
      'tax_amount',
      labelled.tax.filter((c) => Number(c.value) >= 0),
      documentType,
    ),
    totals: ranked(ctx, 'total_amount', totalCandidates(ctx, labelled.total), documentType),
  };
  const best = bestCombination(ctx, lists);
  const total = documentType === 'receipt' && best.total ? roundedOf(ctx, best.total) : best.total;
  return { ...best, total };
}

interface AmountLists {
  subtotals: Candidate[];
  taxes: Candidate[];
  totals: Candidate[];
}

/** The combination of subtotal, tax and total that scores best (scoreCombination). */
function bestCombination(ctx: ExtractionContext, { subtotals, taxes, totals }: AmountLists): AmountChoice {
  let best: AmountChoice & { score: number } = {
    subtotal: null,
    tax: null,
    total: null,
    balanced: null,
    score: -Infinity,
  };
  // Ranked, a total is always given when there is a candidate: the total is the amount asked for
  // on every document type, and its probability already says how sure it is.
  const totalChoices = totals[0]?.ranked ? totals.slice(0, TOP) : [null, ...totals.slice(0, TOP)];
  const adjustments = adjustmentsOf(ctx.lines);
  // A subtotal over the total needs a discount printed anywhere (a receipt's coupon lines print several amounts).
  const discounts = ctx.lines.flatMap(discountsOn);
  const p = exclusiveScores(totals, taxes);
  // Several rates' tax lines summed, where a subtotal and a total balance with the sum (tax-sums.ts).
  const taxChoices = [
    null,
    ...taxes.slice(0, TOP),
    ...taxSums(taxes.slice(0, 8), subtotals.slice(0, TOP), totals.slice(0, TOP), adjustments),
  ];
  for (const total of totalChoices) {
    for (const subtotal of [null, ...subtotals.slice(0, TOP)]) {
      for (const tax of taxChoices) {
        const scored = scoreCombination(subtotal, tax, total, { ...adjustments, anyDiscounts: discounts }, p);
        scored.score += leftOut(subtotal, subtotals, p) + leftOut(tax, taxes, p) + leftOut(total, totals, p);
        if (scored.score > best.score) best = { subtotal, tax, total, ...scored };
      }
    }
  }
  const { score: _score, ...choice } = best;
  return choice;
}

/**
 * A credit note or a cancelling invoice prints its figures negative ("Total -5.432,35 €"): every
 * amount a total label gives is below zero. Such figures are chosen as their amounts without the
 * sign, by the same arithmetic (subtotal + tax = total), and reported negative, as printed. A
 * credit note printing its figures positive keeps them positive: the page's sign is the value.
 */
function printedNegative(totals: readonly Candidate[]): boolean {
  const amounts = totals.filter((c) => c.source === 'label' && c.score >= 0.5);
  return amounts.length > 0 && amounts.every((c) => Number(c.value) < 0);
}

function negatedChoice(
  ctx: ExtractionContext,
  labelled: { subtotal: Candidate[]; tax: Candidate[]; total: Candidate[] },
  documentType?: string,
): AmountChoice {
  const mirrored = (list: Candidate[]) =>
    list.filter((c) => Number(c.value) < 0).map((c) => ({ ...c, value: -Number(c.value) }));
  const best = bestCombination(ctx, {
    subtotals: ranked(ctx, 'subtotal', mirrored(labelled.subtotal), documentType),
    taxes: ranked(ctx, 'tax_amount', mirrored(labelled.tax), documentType),
    totals: ranked(ctx, 'total_amount', mirrored(labelled.total), documentType),
  });
  const negated = (c: Candidate | null) => (c ? { ...c, value: -Number(c.value) } : null);
  return { ...best, subtotal: negated(best.subtotal), tax: negated(best.tax), total: negated(best.total) };
}

/**
 * With ranked candidates a score is the probability of being right, and leaving a field out is
 * right with the probability that none of its candidates is: without this, a combination of
 * fewer fields would win only because it adds fewer terms.
 */
function leftOut(chosen: Candidate | null, list: Candidate[], p: (c: Candidate) => number): number {
  return chosen === null && list[0]?.ranked ? 1 - Math.max(...list.map(p)) : 0;
}

/** A receipt's total is what was charged: the rounded sum when rounding is printed. */
function roundedOf(ctx: ExtractionContext, total: Candidate): Candidate {
  return roundedTotals(ctx, [total]).sort((a, b) => b.score - a.score)[0] ?? total;
}

/**
 * A subtotal over the total is impossible, unless a printed discount, coupon or voucher takes the
 * difference off ("Sub-Total 45.70, Coupon Discount 14.80, Grand Total 30.90"). Subtotal + tax
 * balances the total as printed or with a printed discount or charge (shipping) between them
 * (values/adjustments.ts); a subtotal over the total with both ("Sub-Total 365.40, Coupon -36.54,
 * Flat Shipping Rate 5.90, VAT 27.62, Total 362.38").
 */
function scoreCombination(
  subtotal: Candidate | null,
  tax: Candidate | null,
  total: Candidate | null,
  adjustments: Adjustments & { anyDiscounts: readonly number[] },
  p: (c: Candidate) => number,
): { score: number; balanced: boolean | null } {
  const value = (c: Candidate | null) => (c ? Number(c.value) : null);
  const [s, t, g] = [value(subtotal), value(tax), value(total)];
  let score = [subtotal, tax, total].reduce((sum, c) => sum + (c ? p(c) : 0), 0);
  if (g !== null && s !== null && s > g + EPSILON) {
    // The discount makes the total with the tax (balanced) or alone (the tax is in the prices), with
    // a printed charge added where one is: a shop's coupon outweighs its shipping and tax together.
    const off = { discounts: adjustments.anyDiscounts, charges: adjustments.charges };
    if (t !== null && addsUp(s, t, g, off, EPSILON)) return { score: score + 1, balanced: true };
    if (!addsUp(s, 0, g, off, EPSILON)) return { score: -Infinity, balanced: false };
    return { score, balanced: null };
  }
  if (g !== null && t !== null && t >= g) return { score: -Infinity, balanced: false };
  if (s !== null && t !== null && t > s) score -= 0.5;
  if (subtotal && total && subtotal.line === total.line && subtotal.value === total.value) score -= 0.3;
  let balanced: boolean | null = null;
  if (s !== null && t !== null && g !== null) {
    balanced = addsUp(s, t, g, adjustments, EPSILON);
    score += balanced ? 1 : -0.2;
  } else if (s !== null && g !== null && t === null && addsUp(s, 0, g, adjustments, EPSILON)) {
    score += 0.2;
  }
  return { score, balanced };
}

function amountsFor(ctx: ExtractionContext, keys: LabelKey[]): Candidate[] {
  return labelledCandidates(ctx, keys, { type: 'currency', prefer: 'last' });
}

/** A summary field's labelled amounts, a table column's sum in place of its first row (column-totals.ts). */
function summaryAmounts(ctx: ExtractionContext, keys: LabelKey[]): Candidate[] {
  return labelledCandidates(ctx, keys, { type: 'currency', prefer: 'last', adjust: columnTotals });
}

function totalCandidates(ctx: ExtractionContext, summary: Candidate[]): Candidate[] {
  const labelled = tenderedUnderTotalLabel(
    ctx,
    summary.filter((c) => Number(c.value) > 0),
  );
  const strong = labelled.filter((c) => c.score >= 0.5);
  const largest = Math.max(0, ...strong.map((c) => Number(c.value)));
  const ranked = labelled.map((c) => (Number(c.value) === largest ? { ...c, score: Math.min(1, c.score * 1.15) } : c));
  return bestPerValue([
    ...ranked,
    ...roundedTotals(ctx, strong),
    ...tenderedLessChange(ctx, strong),
    ...beforePayment(ctx, strong),
    ...printedAmounts(ctx),
  ]);
}

/**
 * A total printed under a payment already made ("Paid: -953.89", then "Total: 953.89"), as
 * Akaunting's templates print what is left to pay: the invoice's total is that amount with the
 * payment, and only where a printed subtotal and tax add up to it (with the discounts and charges
 * printed), since a receipt's card or cash line above its total is no payment to add back.
 */
function beforePayment(ctx: ExtractionContext, totals: Candidate[]): Candidate[] {
  const paids = amountsFor(ctx, ['paid_amount']).filter(printedWithDecimals);
  if (paids.length === 0) return [];
  const subtotals = amountsFor(ctx, ['subtotal']).map((c) => Number(c.value));
  const taxes = amountsFor(ctx, ['tax_amount']).map((c) => Number(c.value));
  const adjustments = adjustmentsOf(ctx.lines);
  const witnessed = (value: number) =>
    subtotals.some((s) => taxes.some((t) => addsUp(s, t, value, adjustments, EPSILON)));
  const found: Candidate[] = [];
  for (const paid of paids) {
    for (const total of totals) {
      const gap = total.line.index - paid.line.index;
      if (gap < 1 || gap > 2 || Number(paid.value) === 0) continue;
      const value = Math.round((Number(total.value) + Math.abs(Number(paid.value))) * 100) / 100;
      const { span: _printed, ...rest } = total;
      if (witnessed(value)) found.push({ ...rest, value, score: total.score });
    }
  }
  return found;
}

/**
 * A total label over the amount tendered ("Accepted total 10.00" above "Change 5.00", the 5.00
 * charged printed above them): the labelled amount less a change printed just under it is another
 * amount printed above, and the amount plus that change is printed nowhere (a total plus its
 * change is what was tendered, so a real total's sum is the tendered line's amount). Such a
 * candidate keeps a third of its score: the words say total, the arithmetic says tendered, and
 * the ranker weighs the two (tender-facts.ts).
 */
function tenderedUnderTotalLabel(ctx: ExtractionContext, labelled: Candidate[]): Candidate[] {
  const changes = amountsFor(ctx, ['change']).filter((c) => Number(c.value) > 0);
  if (changes.length === 0) return labelled;
  const printed = ctx.lines.flatMap((line) =>
    findAmounts(line.text)
      .filter((a) => a.hasDecimals && a.value > 0)
      .map((a) => ({ value: a.value, line: line.index })),
  );
  const printedAt = (value: number, where: (line: number) => boolean) =>
    printed.some((a) => Math.abs(a.value - value) < 0.005 && where(a.line));
  const tendered = (c: Candidate): boolean =>
    changes.some((change) => {
      const gap = change.line.index - c.line.index;
      if (gap < 1 || gap > 3) return false;
      const value = Number(c.value);
      const less = value - Number(change.value);
      return (
        less > 0 &&
        printedAt(less, (line) => line < c.line.index) &&
        !printedAt(value + Number(change.value), () => true)
      );
    });
  return labelled.map((c) => (tendered(c) ? { ...c, score: c.score / 3 } : c));
}

/**
 * Receipts round the total to 0.05 and charge the rounded sum: printed as total plus a rounding
 * adjustment, or as an amount a little below the total ("Net Total", "Final Total", the card
 * payment) that differs from it by less than 0.05.
 */
function roundedTotals(ctx: ExtractionContext, totals: Candidate[]): Candidate[] {
  const adjustments = amountsFor(ctx, ['rounding']).filter(
    (c) => Math.abs(Number(c.value)) < 1 && Number(c.value) !== 0,
  );
  const paid = new Set(amountsFor(ctx, ['paid_amount']).map((c) => Number(c.value).toFixed(2)));
  const rounded: Candidate[] = [];
  for (const total of totals) {
    // An adjustment printed above the total is already in it.
    for (const adjustment of adjustments.filter((a) => a.line.index > total.line.index)) {
      const sum = roundedSum(Number(total.value), Number(adjustment.value));
      if (sum === null) continue;
      const confirmed = paid.has(sum.toFixed(2));
      rounded.push({ ...total, value: sum, score: Math.min(1, total.score * (confirmed ? 1.3 : 1.05)) });
    }
    rounded.push(...roundedBelow(ctx, total));
  }
  return rounded;
}

/**
 * The total with its rounding adjustment. Receipts print the adjustment's sign every way ("0.02-",
 * "(0.02)" for an amount added, "-0.02"), but rounding lands on a multiple of five cents: the one
 * of total + adjustment and total - adjustment that does is the rounded total. None does when the
 * total is rounded already (the candidate made from a printed rounded total), and then there is
 * nothing to add.
 */
function roundedSum(total: number, adjustment: number): number | null {
  const cents = (n: number): number => Math.round(n * 100) / 100;
  const onFiveCents = [cents(total + Math.abs(adjustment)), cents(total - Math.abs(adjustment))].filter(
    (sum) => Math.round(sum * 100) % 5 === 0,
  );
  return onFiveCents.length === 1 ? onFiveCents[0]! : null;
}

function roundedBelow(ctx: ExtractionContext, total: Candidate): Candidate[] {
  const value = Number(total.value);
  const found: Candidate[] = [];
  for (const line of ctx.lines.slice(total.line.index + 1, total.line.index + 7)) {
    const labelled = ctx.labels
      .hitsOn(line)
      .some((h) => h.strength === 1 && ['total_amount', 'subtotal', 'paid_amount'].includes(h.key));
    if (!labelled) continue;
    for (const amount of findAmounts(line.text)) {
      const difference = Math.abs(amount.value - value);
      const onFiveCents = Math.abs(amount.value * 20 - Math.round(amount.value * 20)) < 1e-6;
      if (difference > 0.001 && difference < 0.05 && onFiveCents)
        found.push({
          ...total,
          value: amount.value,
          score: Math.min(1, total.score * 1.2),
          line,
          span: { start: amount.start, end: amount.end },
        });
    }
  }
  return found;
}

/**
 * Cash tendered less the change given is what the sale cost: a second witness for a printed
 * total, and the total itself when the printed one is unreadable.
 */
function tenderedLessChange(ctx: ExtractionContext, totals: Candidate[]): Candidate[] {
  const found: Candidate[] = [];
  for (const change of amountsFor(ctx, ['change']).filter((c) => Number(c.value) >= 0)) {
    for (const paid of amountsFor(ctx, ['paid_amount']).filter(printedWithDecimals)) {
      const gap = change.line.index - paid.line.index;
      if (gap < 1 || gap > 3 || Number(paid.value) <= Number(change.value)) continue;
      const value = Math.round((Number(paid.value) - Number(change.value)) * 100) / 100;
      const agrees = totals.some((t) => Math.abs(Number(t.value) - value) < 0.05);
      found.push({ value, score: agrees ? 0.9 : 0.45, line: paid.line, source: 'layout' });
    }
  }
  return found;
}

/**
 * Every other amount printed with decimals is a candidate too, weakly: the largest (without any
 * total label the likeliest total) a little less weakly than the rest. The ranker tells them apart
 * by what it knows of each (how often it is printed, the change and tender arithmetic, the foot of
 * the page), so a total whose label OCR garbled, or which stands beside an unlabelled "Due", can
 * still be picked.
 */
function printedAmounts(ctx: ExtractionContext): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    // Within a segment: a quantity column's "1" and the price "105.59" beside it are no 1 105.59.
    // OCR's gaps are looser (a space in "1 234,56" may be one), so its lines are read whole.
    for (const amount of line.ocr ? findAmounts(line.text) : amountsBySegment(line)) {
      if (!amount.hasDecimals || amount.value <= 0 || amount.value > 1e7) continue;
      found.push({
        value: amount.value,
        score: 0.1,
        line,
        source: 'fallback',
        span: { start: amount.start, end: amount.end },
      });
    }
  }
  const largest = Math.max(...found.map((c) => Number(c.value)));
  return found.map((c) => (Number(c.value) === largest ? { ...c, score: 0.25 } : c));
}
