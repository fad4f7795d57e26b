import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import type { Line } from '../layout/lines.js';
import { tenderFacts } from '../ranking/tender-facts.js';
import { findAmounts } from '../values/amounts.js';
import { discountsOn } from '../values/discounts.js';

/**
 * Whether a total is completed further down the page: a larger amount printed a few lines under it
 * is the total plus an amount printed between the two (14,690.78, then 2,791.25, then 17,482.03).
 * That is a net sum, its tax or charge, and the gross sum under them: the value taken is the
 * subtotal, whose label ("Summe netto", a column's "Line Total") or place named it a total. The line
 * items add up to a subtotal as they do to a total without tax, so their agreement is no witness
 * here (cross-checks.ts leaves this cap).
 *
 * Two more completions say the same: a discount line between taken off ("Nettobetrag 1,70",
 * "Nachlass -0,09", "Endbetrag 1,61"; a payment or credit is no discount, and a balance under a
 * total is no completion of it), and rows between, each with its amount at the line's right, that
 * add up with the value to the amount under them (34,188.22 on a line of its own, then two rows'
 * 5,626.24 and 9,896.96, then their net sum 49,711.42): the value is a table's first row.
 *
 * A receipt's foot prints the total, the amount tendered and the change, and total + change =
 * tendered: lines labelled as tendered or as change take no part, and the change is printed after
 * the tendered amount, not between it and the total.
 */
const CENT = 0.005;
/** The completing amount stands at most this many lines under the total, as a foot's rows do. */
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
  // What a line between adds: any of its amounts, or a discount it names taken off ("Nachlass -0,09").
  const steps = (line: Line) => [
    ...amounts(line)
      .filter((a) => a.value > 0)
      .map((a) => a.value),
    ...(tender(line) ? [] : discountsOn(line).map((d) => -d)),
  ];
  const near = (a: number, b: number) => Math.abs(a - b) < CENT;
  return foot.some((line, i) =>
    amounts(line).some((gross) => {
      if (gross.value <= CENT || near(gross.value, total)) return false;
      const between = foot.slice(0, i);
      if (between.some((b) => steps(b).some((step) => near(total + step, gross.value)))) return true;
      // Rows between, each with its amount in the right column: the value is the first summand.
      const rows = between.map((b) => amounts(b).at(-1)?.value).filter((v) => v !== undefined);
      return (
        rows.length >= 2 &&
        near(
          rows.reduce((sum, v) => sum + v, total),
          gross.value,
        )
      );
    }),
  );
}

/** A label run into its amount ("Rechnungsbetrag15'714.04", a text layer's narrow gap) set apart from it. */
function apart(text: string): string {
  return text.replace(/(\p{L})(?=\d)/gu, '$1 ');
}
