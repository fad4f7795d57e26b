import type { DocumentView } from '../document-view.js';
import type { LabelKey } from '../labels/label-index.js';
import { placedAmounts, sumBelow, type PlacedAmount } from '../plausibility/column-sums.js';
import type { Candidate } from './candidates.js';

/**
 * A VAT breakdown table prints a row per rate under the headings "Netto | USt. | Brutto" ("Base HT
 * | Montant TVA | Total TTC", "Imponibile | Imposta | Totale") and a sum row under them ("Summe",
 * "Total", "Totaal"). A heading's value below it is the first rate's row; the sum row's label owns
 * its line, so the sum never was the heading's candidate, and the first row's net, tax and gross
 * balance among themselves: one rate's amounts were taken for the invoice's. An amount found under
 * a heading that its column completes to a sum further down (the amount plus the column's amounts
 * between them, column-sums.ts; on its page or at the top of the next, where a page end broke the
 * table) is a summand: the candidate is that sum, when a total's label or the field's own stands
 * before the sum on its line (a sum row or a totals block's line, not a stray amount) and the
 * amount is more than zero. It keeps the candidate's label and score. No word is read but the
 * labels', so it holds in every language.
 */
export function columnTotals(ctx: DocumentView, candidates: readonly Candidate[]): Candidate[] {
  const under = candidates.filter((c) => c.label && c.span && c.label.line.index < c.line.index);
  if (under.length === 0) return [...candidates];
  const placed = placedAmounts(ctx);
  return candidates.map((c) => {
    if (!under.includes(c)) return c;
    const sum = columnSum(placed, c);
    if (!sum || !sumLabelled(ctx, sum, c.label!.key)) return c;
    const line = ctx.lines[sum.line]!;
    return { ...c, value: sum.value, line, span: { start: sum.start, end: sum.end } };
  });
}

/** The later amount of the candidate's column that it and the amounts between make, or null. */
function columnSum(placed: readonly PlacedAmount[], c: Candidate): PlacedAmount | null {
  const at = (p: PlacedAmount) => p.line === c.line.index && p.start < c.span!.end && p.end > c.span!.start;
  const own = placed.find(at);
  // A zero completes nothing: the amount after it in its column would be its own "sum".
  if (!own || own.value <= 0) return null;
  const column = withNextPage(placed, own.page);
  return sumBelow(column, column.find(at)!);
}

/**
 * The amounts of a page and the next one as one page: a table broken by a page end prints its sum
 * row at the top of the next page, in the same columns.
 */
function withNextPage(placed: readonly PlacedAmount[], page: number): PlacedAmount[] {
  return placed.filter((p) => p.page === page || p.page === page + 1).map((p) => ({ ...p, page }));
}

/**
 * Whether a total's label, or the candidate's own field's, stands on the sum's line before it: a
 * sum row ("Summe", "Total") sums every column, but a net's label names the sum of an item table's
 * "Total" column, which is no total.
 */
function sumLabelled(ctx: DocumentView, sum: PlacedAmount, key: LabelKey): boolean {
  const line = ctx.lines[sum.line]!;
  return ctx.labels
    .hitsOn(line)
    .some((h) => h.strength === 1 && h.end <= sum.start && (h.key === 'total_amount' || h.key === key));
}
