import type { DocumentView } from '../document-view.js';
import type { Candidate } from '../fields/candidates.js';
import { findAmounts } from '../values/amounts.js';

/**
 * Whether an amount read by OCR is printed again on another line of the page (a receipt's total
 * over its card slip's, a summary's total again in a tax table). One misread digit ("94" read as
 * "84") turns a right total into a wrong one that looks exactly as sure to the ranker, the label
 * and the place being still right; the same misreading twice is rare. The other witness, the
 * arithmetic between the fields found (subtotal + tax = total, the line items' sum), is checked
 * once every field is found (cross-checks.ts).
 *
 * Sums of any two printed amounts were tried as witnesses too: a receipt prints so many amounts
 * that some pair adds up to a misread total by chance.
 */
const CENT = 0.005;

export function printedElsewhere(ctx: DocumentView, candidate: Candidate): boolean {
  const value = Number(candidate.value);
  if (!Number.isFinite(value)) return false;
  return ctx.lines.some(
    (line) =>
      line.index !== candidate.line.index &&
      findAmounts(line.text).some((a) => a.hasDecimals && Math.abs(a.value - value) < CENT),
  );
}
