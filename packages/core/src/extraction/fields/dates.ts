import type { ExtractionContext } from '../context.js';
import type { LabelKey } from '../labels/label-index.js';
import type { Role } from '../labels/synonyms.js';
import type { Line } from '../layout/lines.js';
import { findDates } from '../values/dates.js';
import { bestPerValue, labelledCandidates, type Candidate } from './candidates.js';
import { paymentTerms } from './payment-terms.js';
import { afterOtherLabel, endsWrappedPeriod, inPeriod } from './other-dates.js';
import { itemTableLines } from './table-lines.js';
import { startsATerm } from './term-starts.js';

/** Roles whose date is "the" date of the document: printed near the top, often without a label. */
const MAIN_DATE_ROLES: Role[] = ['invoice_date', 'order_date', 'transaction_date'];

export function dateCandidates(ctx: ExtractionContext, role: Role | null, keys: LabelKey[]): Candidate[] {
  const labelled = labelledCandidates(ctx, keys, { type: 'date', prefer: 'first' });
  if (role === 'due_date') {
    const terms = paymentTerms(ctx);
    return bestPerValue([...labelled.filter((c) => !startsATerm(c)), ...terms.due]).filter(
      (c) => !terms.earlier.has(String(c.value)),
    );
  }
  if (!role || !MAIN_DATE_ROLES.includes(role)) return labelled;
  return outsideItemTables(ctx, documentDates(ctx, role, labelled));
}

function documentDates(ctx: ExtractionContext, role: Role, labelled: Candidate[]): Candidate[] {
  const taken = takenDates(ctx);
  if (role !== 'invoice_date') return bestPerValue([...labelled, ...unlabelledDates(ctx, taken, role)]);
  // An invoice's order date ("Order date", "Besteldatum", "Fecha de pedido") is no invoice date,
  // unless no other date is printed; a date an invoice date's label names too ("Datum", which an
  // order would read as its date) stays.
  const own = new Set(labelled.map((c) => c.value));
  const ordered = [...labelledDates(ctx, ['order_date'])].filter((value) => !own.has(value));
  const others = unlabelledDates(ctx, (value, line) => ordered.includes(value) || taken(value, line), role);
  return bestPerValue([...labelled, ...(others.length ? others : unlabelledDates(ctx, taken, role))]);
}

/** Whether a date printed on a line belongs to another role, and so is no fallback for the document date. */
type Taken = (value: Candidate['value'], line: Line) => boolean;

/**
 * A due date's value is taken wherever it is printed, but for the day a term of days counts from
 * ("Zahlbar innerhalb von 30 Tagen ab 02.03.2025": the invoice's day). A delivery date is often the document's own
 * date as well ("Leistungsdatum" the day of "Rechnungsdatum", "Date of supply" the invoice's): only
 * where its label gives it is it taken, and the same day printed elsewhere stays a candidate.
 */
function takenDates(ctx: ExtractionContext): Taken {
  const due = new Set(
    labelledCandidates(ctx, ['due_date'], { type: 'date', prefer: 'first' })
      .filter((c) => c.score >= 0.5 && !startsATerm(c))
      .map((c) => c.value),
  );
  const delivered = labelledCandidates(ctx, ['delivery_date'], { type: 'date', prefer: 'first' }).filter(
    (c) => c.score >= 0.5,
  );
  return (value, line) => due.has(value) || delivered.some((c) => c.value === value && c.line === line);
}

/**
 * A date inside an item table dates its row (a delivery, a day's work), and a "Date" heading over
 * the rows names their column: the document's date stands outside the table, unless it prints none.
 */
function outsideItemTables(ctx: ExtractionContext, candidates: Candidate[]): Candidate[] {
  const table = itemTableLines(ctx);
  const outside = candidates.filter((c) => !table.has(c.line) && !(c.label && table.has(c.label.line)));
  return outside.length ? outside : candidates;
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

/** A period's ends keep this share of a plain date's score: they date a service, not the document. */
const PERIOD_FACTOR = 0.5;

/**
 * Every date on the page as a weak candidate, earlier ones stronger: a document's own date is
 * usually the first one printed. Dates `taken` by another role's label (see takenDates) are left out,
 * and so are those another kind of label gives ("Printed on"), unless the page prints no other.
 */
function unlabelledDates(ctx: ExtractionContext, taken: Taken, role: Role): Candidate[] {
  const found: Candidate[] = [];
  const otherwise: Candidate[] = [];
  for (const line of ctx.lines) {
    for (const date of findDates(line.text, ctx.dates)) {
      if (taken(date.iso, line)) continue;
      if (afterOtherLabel(ctx, line, date)) {
        otherwise.push({ value: date.iso, score: 0.2, line, source: 'fallback' });
        continue;
      }
      // Receipts print the sale's date with its time. On an invoice or an order a date with a time
      // is more often a print header's or a footer's stamp, so only a receipt's date gains. A time
      // stands alone: "12.20" of a date after this one ("1.12.20 - 31.12.20") is none.
      const withTime = role === 'transaction_date' && TIME_AFTER.test(line.text.slice(date.end)) ? 0.1 : 0;
      const score = Math.max(0.2, 0.4 - found.length * 0.05) + withTime;
      const period = inPeriod(line.text, date) || endsWrappedPeriod(ctx, line, date);
      found.push({
        value: date.iso,
        score: period ? score * PERIOD_FACTOR : score,
        line,
        source: 'fallback',
      });
    }
  }
  return found.length ? found : otherwise;
}

/** A due date cannot be earlier than the document date: such candidates are dropped. */
export function notBefore(candidates: Candidate[], earliest: unknown): Candidate[] {
  if (typeof earliest !== 'string') return candidates;
  return candidates.filter((c) => typeof c.value !== 'string' || c.value >= earliest);
}
