import type { DocumentView } from '../document-view.js';
import { stripLegalForm } from '../evaluation/names.js';
import type { Candidate } from '../fields/candidates.js';
import type { Role } from '../labels/synonyms.js';
import { fold } from '../layout/fold.js';
import { findDates } from '../values/dates.js';

/**
 * Caps where the evidence behind a value is weak, whatever the ranker and its calibration say. The
 * calibration is fitted on held-out development documents, but the rules were written after reading
 * those documents' failures, so on a stranger's documents a confidence of 0.9 or more was wrong far
 * more often (the locked split: 7.6% against the folds' 3.0%). Three kinds of value were most of
 * those errors, on the folds and on synthetic layouts:
 *
 * - a company name that no label introduces and that is printed only once: the ranker picked it by
 *   layout (top of the page, large print), and a misread letter, a name cut short or the other
 *   party's name looks the same to it. The same name printed a second time (a footer, a web or
 *   e-mail address) is an independent witness and lifts the cap;
 * - a numeric date that reads as two days ("08/04/2020", day and month both 12 or less) on a page
 *   whose own dates do not settle the order: the order was assumed (from the currency or the
 *   address, else day-first), and an assumption is no evidence;
 * - a total, subtotal or tax that no label names: one of the page's printed amounts picked by its
 *   place and size, where a subtotal above a total whose label is missing or unread looks the same.
 *
 * A capped value stays above REVIEW_BELOW: the cap takes it out of the 0.9-1.0 bin, where values are
 * to be right 97% of the time, without sending its document to review.
 */
export const WEAK_EVIDENCE_CEILING = 0.85;

const NAME_ROLES: readonly Role[] = ['vendor_name', 'buyer_name'];
const DATE_ROLES: readonly Role[] = ['invoice_date', 'order_date', 'transaction_date', 'due_date', 'delivery_date'];
const AMOUNT_ROLES: readonly Role[] = ['total_amount', 'subtotal', 'tax_amount'];

/** The most confidence a candidate's evidence allows, or undefined when it allows any. */
export function evidenceCeiling(ctx: DocumentView, candidate: Candidate, role: Role | null): number | undefined {
  if (role === null) return undefined;
  const weakName = NAME_ROLES.includes(role) && candidate.source !== 'label' && !printedTwice(ctx, candidate);
  const weakDate = DATE_ROLES.includes(role) && assumedOrder(ctx, candidate);
  // An amount no label names and no arithmetic of the foot produced (one of the page's printed
  // amounts, picked by its place and size): a subtotal looks the same to the ranker as the total.
  const weakAmount = AMOUNT_ROLES.includes(role) && candidate.source === 'fallback';
  return weakName || weakDate || weakAmount ? WEAK_EVIDENCE_CEILING : undefined;
}

/** The date as printed could be read day-first or month-first, and the page does not say which. */
function assumedOrder(ctx: DocumentView, candidate: Candidate): boolean {
  if (ctx.dates.witnessed || typeof candidate.value !== 'string') return false;
  const span = valueSpan(candidate);
  const printed = findDates(candidate.line.text, ctx.dates).filter(
    (d) => d.iso === candidate.value && (!span || (d.start < span.end && d.end > span.start)),
  );
  return printed.length > 0 && printed.every((d) => d.ambiguous);
}

/**
 * The name's words (legal form left out) are printed again on another line: as words ("ACME
 * TRADING" in a footer) or run together in a web or e-mail address ("www.acmetrading.com").
 */
function printedTwice(ctx: DocumentView, candidate: Candidate): boolean {
  const name = stripLegalForm(String(candidate.value));
  const joined = name.replace(/ /g, '');
  if (joined.length < 4) return false;
  return ctx.lines.some((line) => {
    if (line.index === candidate.line.index) return false;
    const text = fold(line.text);
    return ` ${text} `.includes(` ${name} `) || (name.includes(' ') && text.replace(/ /g, '').includes(joined));
  });
}

function valueSpan(candidate: Candidate): { start: number; end: number } | null {
  if (candidate.span) return candidate.span;
  const value = String(candidate.value);
  const at = value ? candidate.line.text.toLowerCase().indexOf(value.toLowerCase()) : -1;
  return at < 0 ? null : { start: at, end: at + value.length };
}
