import type { ExtractionContext } from '../context.js';
import type { LabelKey } from '../labels/label-index.js';
import { findAmounts } from '../values/amounts.js';
import { bestPerValue, labelledCandidates, type Candidate } from './candidates.js';

/**
 * Subtotal, tax and total chosen together: each has candidates next to its labels, and the
 * combination is preferred in which subtotal + tax = total. A total is the largest amount near
 * a total label (the grand total, not the amount still due after a prepayment), and a rounding
 * adjustment printed under it gives the rounded total that a receipt actually charges.
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

export function chooseAmounts(ctx: ExtractionContext, extraKeys: { subtotal: LabelKey[]; tax: LabelKey[]; total: LabelKey[] }): AmountChoice {
  const subtotals = amountsFor(ctx, ['subtotal', ...extraKeys.subtotal]);
  const taxes = amountsFor(ctx, ['tax_amount', ...extraKeys.tax]).filter((c) => Number(c.value) >= 0);
  const totals = totalCandidates(ctx, ['total_amount', ...extraKeys.total]);
  let best: AmountChoice & { score: number } = { subtotal: null, tax: null, total: null, balanced: null, score: -Infinity };
  for (const total of [null, ...totals.slice(0, TOP)]) {
    for (const subtotal of [null, ...subtotals.slice(0, TOP)]) {
      for (const tax of [null, ...taxes.slice(0, TOP)]) {
        const scored = scoreCombination(subtotal, tax, total);
        if (scored.score > best.score) best = { subtotal, tax, total, ...scored };
      }
    }
  }
  return { subtotal: best.subtotal, tax: best.tax, total: best.total, balanced: best.balanced };
}

function scoreCombination(subtotal: Candidate | null, tax: Candidate | null, total: Candidate | null): { score: number; balanced: boolean | null } {
  const [s, t, g] = [subtotal, tax, total].map((c) => (c ? Number(c.value) : null));
  let score = (subtotal?.score ?? 0) + (tax?.score ?? 0) + (total?.score ?? 0);
  if (g !== null && s !== null && s > g + EPSILON) return { score: -Infinity, balanced: false };
  if (g !== null && t !== null && t >= g) return { score: -Infinity, balanced: false };
  if (s !== null && t !== null && t > s) score -= 0.5;
  if (subtotal && total && subtotal.line === total.line && subtotal.value === total.value) score -= 0.3;
  let balanced: boolean | null = null;
  if (s !== null && t !== null && g !== null) {
    balanced = Math.abs(s + t - g) < EPSILON;
    score += balanced ? 1 : -0.2;
  } else if (s !== null && g !== null && t === null && Math.abs(s - g) < EPSILON) {
    score += 0.2;
  }
  return { score, balanced };
}

function amountsFor(ctx: ExtractionContext, keys: LabelKey[]): Candidate[] {
  return labelledCandidates(ctx, keys, { type: 'currency', prefer: 'last' });
}

function totalCandidates(ctx: ExtractionContext, keys: LabelKey[]): Candidate[] {
  const labelled = amountsFor(ctx, keys).filter((c) => Number(c.value) > 0);
  const strong = labelled.filter((c) => c.score >= 0.5);
  const largest = Math.max(0, ...strong.map((c) => Number(c.value)));
  const ranked = labelled.map((c) => (Number(c.value) === largest ? { ...c, score: Math.min(1, c.score * 1.15) } : c));
  return bestPerValue([...ranked, ...roundedTotals(ctx, strong), ...largestAmount(ctx)]);
}

/** Total plus a printed rounding adjustment, when the rounded sum appears as a payment too. */
function roundedTotals(ctx: ExtractionContext, totals: Candidate[]): Candidate[] {
  const adjustments = amountsFor(ctx, ['rounding']).filter((c) => Math.abs(Number(c.value)) < 1 && Number(c.value) !== 0);
  const paid = new Set(amountsFor(ctx, ['paid_amount']).map((c) => Number(c.value).toFixed(2)));
  const rounded: Candidate[] = [];
  for (const total of totals) {
    for (const adjustment of adjustments) {
      const sum = Math.round((Number(total.value) + Number(adjustment.value)) * 100) / 100;
      const confirmed = paid.has(sum.toFixed(2));
      rounded.push({ ...total, value: sum, score: Math.min(1, total.score * (confirmed ? 1.3 : 1.05)) });
    }
  }
  return rounded;
}

/** Without any total label, the largest amount with decimals is the likeliest total. */
function largestAmount(ctx: ExtractionContext): Candidate[] {
  let best: Candidate | null = null;
  for (const line of ctx.lines) {
    for (const amount of findAmounts(line.text)) {
      if (!amount.hasDecimals || amount.value <= 0 || amount.value > 1e7) continue;
      if (!best || amount.value > Number(best.value)) best = { value: amount.value, score: 0.25, line, source: 'fallback' };
    }
  }
  return best ? [best] : [];
}
