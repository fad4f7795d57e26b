import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import type { Line } from '../layout/lines.js';
import { tenderFacts } from '../ranking/tender-facts.js';
import { findAmounts } from '../values/amounts.js';

/**
 * Whether a total is completed further down the page: a larger amount printed a few lines under it
 * is the total plus an amount printed between the two (14,690.78, then 2,791.25, then 17,482.03).
 * That is a net sum, its tax or charge, and the gross sum under them: the value taken is the
 * subtotal, whose label ("Summe netto", a column's "Line Total") or place named it a total. The line
 * items add up to a subtotal as they do to a total without tax, so their agreement is no witness
 * here (cross-checks.ts leaves this cap).
 *
 * A receipt's foot prints the total, the amount tendered and the change, and total + change =
 * tendered: lines labelled as tendered or as change take no part, and the change is printed after
 * the tendered amount, not between it and the total.
 */
const CENT = 0.005;
/** The larger amount stands at most this many lines under the total, as a foot's rows do. */
const FOOT_LINES = 4;

export function completedBelow(ctx: DocumentView, candidate: Candidate): boolean {
  const total = Number(candidate.value);
  if (!Number.isFinite(total) || total <= 0) return false;
  const start = candidate.line;
  const foot = ctx.lines.filter(
    (l) => l.page === start.page && l.index > start.index && l.index <= start.index + FOOT_LINES,
  );
  if (foot.length < 2) return false;
  const { classes } = tenderFacts(ctx);
  const tender = (line: Line) => classes.get(line.index)?.has('paid') || classes.get(line.index)?.has('change');
  const amounts = (line: Line) => (tender(line) ? [] : findAmounts(apart(line.text)).filter((a) => a.hasDecimals));
  return foot.some((line, i) =>
    amounts(line).some(
      (gross) =>
        gross.value > total + CENT &&
        foot
          .slice(0, i)
          .some((between) => amounts(between).some((part) => Math.abs(total + part.value - gross.value) < CENT)),
    ),
  );
}

/** A label run into its amount ("Rechnungsbetrag15'714.04", a text layer's narrow gap) set apart from it. */
function apart(text: string): string {
  return text.replace(/(\p{L})(?=\d)/gu, '$1 ');
}
