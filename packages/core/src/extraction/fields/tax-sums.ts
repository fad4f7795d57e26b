import { addsUp, type Adjustments } from '../values/adjustments.js';
import type { Candidate } from './candidates.js';

/**
 * An invoice with several rates prints a tax line per rate ("USt. 19 % 1.459,89", "USt. 7 %
 * 37,71"), or a tax table with an amount per rate and no total under it; the tax asked for is
 * their sum, printed nowhere. Each line alone is a tax candidate, and none balances subtotal +
 * tax = total, so the choice kept one rate's amount or none. The sum of two or three tax
 * candidates on distinct lines close together is a candidate too, but only where the arithmetic
 * says so: a subtotal candidate plus the sum makes a total candidate to the cent. No word is read,
 * so it holds in every language; a base and a rate's amount summed with a subtotal seldom make the
 * total to the cent. The sum keeps the mean of its parts' scores (the ranker scored each as "the
 * tax", not the sum), so the balance, not the label, is what lifts it.
 */

const EPSILON = 0.011;
/** The parts stand within this many lines of one another: one summary or one tax table. */
const SPAN = 6;
const MOST_PARTS = 3;

export function taxSums(
  taxes: readonly Candidate[],
  subtotals: readonly Candidate[],
  totals: readonly Candidate[],
  adjustments: Adjustments,
): Candidate[] {
  const parts = taxes.filter((c) => c.source === 'label' && Number(c.value) > 0);
  const printed = new Set(taxes.map((c) => cents(Number(c.value))));
  const balances = (sum: number) =>
    subtotals.some(
      (s) =>
        Number(s.value) > 0 && totals.some((t) => addsUp(Number(s.value), sum, Number(t.value), adjustments, EPSILON)),
    );
  const found = new Map<number, Candidate>();
  for (const group of groupsOf(parts)) {
    const sum = cents(group.reduce((s, c) => s + Number(c.value), 0));
    if (printed.has(sum) || found.has(sum) || !balances(sum / 100)) continue;
    const last = group.reduce((a, b) => (b.line.index > a.line.index ? b : a));
    const score = group.reduce((s, c) => s + c.score, 0) / group.length;
    const { span: _span, ...rest } = last;
    found.set(sum, { ...rest, value: sum / 100, score, source: 'layout' });
  }
  return [...found.values()];
}

/** Groups of two or three candidates, each on a line of its own, all within `SPAN` lines. */
function groupsOf(parts: readonly Candidate[]): Candidate[][] {
  const groups: Candidate[][] = [];
  const extend = (group: Candidate[], from: number) => {
    if (group.length >= 2) groups.push(group);
    if (group.length === MOST_PARTS) return;
    for (let i = from; i < parts.length; i++) {
      const next = parts[i]!;
      const lines = [...group.map((c) => c.line.index), next.line.index];
      if (group.some((c) => c.line === next.line)) continue;
      if (Math.max(...lines) - Math.min(...lines) > SPAN) continue;
      extend([...group, next], i + 1);
    }
  };
  extend([], 0);
  return groups;
}

const cents = (value: number): number => Math.round(value * 100);
