import type { ExtractionContext } from '../context.js';
import type { LabelKey } from '../labels/label-index.js';
import type { Role } from '../labels/synonyms.js';
import { findDates } from '../values/dates.js';
import { bestPerValue, labelledCandidates, type Candidate } from './candidates.js';
import { paymentTerms } from './payment-terms.js';

/** Roles whose date is "the" date of the document: printed near the top, often without a label. */
const MAIN_DATE_ROLES: Role[] = ['invoice_date', 'order_date', 'transaction_date'];
/** Dates that belong to another role and so are no fallback for the document date. */
const OTHER_DATE_ROLES: Role[] = ['due_date', 'delivery_date'];

export function dateCandidates(ctx: ExtractionContext, role: Role | null, keys: LabelKey[]): Candidate[] {
  const labelled = labelledCandidates(ctx, keys, { type: 'date', prefer: 'first' });
  if (role === 'due_date') {
    const terms = paymentTerms(ctx);
    return bestPerValue([...labelled, ...terms.due]).filter((c) => !terms.earlier.has(String(c.value)));
  }
  if (!role || !MAIN_DATE_ROLES.includes(role)) return labelled;
  const taken = labelledDates(ctx, OTHER_DATE_ROLES);
  if (role !== 'invoice_date') return bestPerValue([...labelled, ...unlabelledDates(ctx, taken)]);
  // An invoice's order date ("Order date", "Besteldatum", "Fecha de pedido") is no invoice date,
  // unless no other date is printed; a date an invoice date's label names too ("Datum", which an
  // order would read as its date) stays.
  const own = new Set(labelled.map((c) => c.value));
  const ordered = [...labelledDates(ctx, ['order_date'])].filter((value) => !own.has(value));
  const others = unlabelledDates(ctx, new Set([...taken, ...ordered]));
  return bestPerValue([...labelled, ...(others.length ? others : unlabelledDates(ctx, taken))]);
}

/** The dates labelled as `roles`' (strongly enough to say so). */
function labelledDates(ctx: ExtractionContext, roles: Role[]): Set<Candidate['value']> {
  return new Set(
    roles.flatMap((role) =>
      labelledCandidates(ctx, [role], { type: 'date', prefer: 'first' })
        .filter((c) => c.score >= 0.5)
        .map((c) => c.value),
    ),
  );
}

/** A time of day ("14:05", "9.30", "14:05:33"), not a part of a date or an amount beside it. */
const TIME_AFTER = /(?<![\d.,/-])\b\d{1,2}[:.]\d{2}(?::\d{2})?\b(?![.,/-]?\d)/;

/**
 * Every date on the page as a weak candidate, earlier ones stronger: a document's own date is
 * usually the first one printed. Dates `taken` by another role's label (due, delivery) are left out.
 */
function unlabelledDates(ctx: ExtractionContext, taken: Set<Candidate['value']>): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    for (const date of findDates(line.text, ctx.dates)) {
      if (taken.has(date.iso)) continue;
      // Receipts print the sale's date with its time; other dates rarely have one. A time stands
      // alone: "12.20" of a date after this one ("1.12.20 - 31.12.20") is none.
      const withTime = TIME_AFTER.test(line.text.slice(date.end)) ? 0.1 : 0;
      found.push({
        value: date.iso,
        score: Math.max(0.2, 0.4 - found.length * 0.05) + withTime,
        line,
        source: 'fallback',
      });
    }
  }
  return found;
}

/** A due date cannot be earlier than the document date: such candidates are dropped. */
export function notBefore(candidates: Candidate[], earliest: unknown): Candidate[] {
  if (typeof earliest !== 'string') return candidates;
  return candidates.filter((c) => typeof c.value !== 'string' || c.value >= earliest);
}
