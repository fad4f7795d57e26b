import type { Candidate } from './candidates.js';

/**
 * One printed amount is the total or the tax, never both. "Total Sales Inclusive GST @6% 28.40"
 * is a total candidate and, its line naming GST, a tax candidate, and each ranker may be all but
 * sure of it (0.98 and 0.99). Summed as if independent, the combination "tax 28.40 beside some
 * other total" then outscores "total 28.40, no tax". So where both lists hold the same printed
 * amount (same line, same value), the two probabilities are conditioned on its not being both:
 * P(total) = a(1-b) / (1-ab), P(tax) = b(1-a) / (1-ab), a and b the rankers' (the rest is
 * "neither"). The candidates keep their own scores (the fields' confidences); only the choice of
 * the combination uses these.
 */
export function exclusiveScores(totals: readonly Candidate[], taxes: readonly Candidate[]): (c: Candidate) => number {
  const adjusted = new Map<Candidate, number>();
  if (!totals[0]?.ranked || !taxes[0]?.ranked) return (c) => c.score;
  for (const tax of taxes) {
    const total = totals.find((t) => t.line === tax.line && Number(t.value) === Number(tax.value));
    if (!total) continue;
    // Given that it is not both: total, tax or neither, in proportion to what the rankers say.
    const notBoth = 1 - total.score * tax.score;
    if (notBoth <= 0) continue;
    adjusted.set(total, (total.score * (1 - tax.score)) / notBoth);
    adjusted.set(tax, (tax.score * (1 - total.score)) / notBoth);
  }
  return (c) => adjusted.get(c) ?? c.score;
}
