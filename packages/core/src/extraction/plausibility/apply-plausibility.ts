import type { FieldDefinition } from '../../extractors/index.js';
import type { FieldValidationError } from '../../ports/document-extractor.port.js';
import { ranked, type ExtractionContext } from '../context.js';
import { dateCandidates } from '../fields/dates.js';
import type { Candidate } from '../fields/candidates.js';
import type { FoundField, FoundFields } from '../found-field.js';
import type { Role } from '../labels/synonyms.js';
import { candidateLocation } from '../locations/locate.js';
import { findDates } from '../values/dates.js';
import { adjustmentsOf } from '../values/adjustments.js';
import { findAmounts } from '../values/amounts.js';
import { completeAmounts, printedRates } from './complete-amounts.js';
import { deriveTax } from './derived-tax.js';
import { repairMisreadTotal } from './misread-total.js';
import { dateDoubt, findImplausible, type PlausibilityFacts } from './rules.js';

/**
 * Runs the plausibility checks (rules.ts) on what was found. A document date that contradicts the
 * document is first replaced by the best labelled date that does not ("Invoice Date: August 3,
 * 2014" over a year misread in a billing period); the field is reported either way, so that a
 * person looks at it. A subtotal and tax printed without labels are read by their arithmetic
 * under the total (complete-amounts.ts) before the checks, after a total misread by OCR is put
 * right by its column's sum (misread-total.ts). Returns the reasons by field name; values from the embedded XML are exact
 * and never put in doubt.
 */
export function applyPlausibility(
  ctx: ExtractionContext,
  found: FoundFields,
  fields: readonly FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
  options: { documentType?: string; receivedAt?: Date },
): FieldValidationError[] {
  const pageDates = ctx.lines.flatMap((line) => findDates(line.text, ctx.dates).map((d) => d.iso));
  const replaced = replaceImplausibleDate(ctx, found, fields, roles, pageDates, options);
  repairMisreadTotal(ctx, found, fields, roles);
  completeAmounts(ctx, found, fields, roles);
  deriveTax(ctx, found, fields, roles);
  const facts = {
    ...factsOf(found, fields, roles, pageDates, options.receivedAt),
    printed: printedFacts(ctx),
    adjustments: adjustmentsOf(ctx.lines),
  };
  const errors = findImplausible(facts).flatMap((doubt) =>
    doubt.fields
      .filter((field) => found[field]?.source !== 'xml')
      .map((field) => ({ field, rule: 'plausible', message: `${doubt.rule}: ${doubt.message}` })),
  );
  if (replaced) errors.push(replaced);
  return errors;
}

const DOCUMENT_DATE_ROLES: readonly Role[] = ['invoice_date', 'order_date', 'transaction_date'];

function replaceImplausibleDate(
  ctx: ExtractionContext,
  found: FoundFields,
  fields: readonly FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
  pageDates: readonly string[],
  options: { documentType?: string; receivedAt?: Date },
): FieldValidationError | null {
  const field = fields.find((f) => DOCUMENT_DATE_ROLES.includes(roles.get(f.name)!) && found[f.name]);
  const current = field && found[field.name];
  if (!field || !current || current.source === 'xml' || typeof current.value !== 'string') return null;
  const doubt = dateDoubt(current.value, pageDates, options.receivedAt);
  if (!doubt) return null;
  const role = roles.get(field.name)!;
  const plausible = ranked(ctx, role, dateCandidates(ctx, role, [role, `field:${field.name}`]), options.documentType)
    .filter((c: Candidate) => c.source === 'label' && typeof c.value === 'string' && c.value !== current.value)
    .filter((c) => !dateDoubt(String(c.value), pageDates, options.receivedAt));
  // A date printed beside its own label ("Invoice Date: August 3, 2014") before one found under it.
  const alternative = plausible.find((c) => c.label?.line === c.line) ?? plausible[0];
  if (!alternative) return null;
  found[field.name] = fromCandidate(alternative);
  return {
    field: field.name,
    rule: 'plausible',
    message: `${doubt.rule}: ${doubt.message}; the labelled date ${String(alternative.value)} was taken instead`,
  };
}

function fromCandidate(candidate: Candidate): FoundField {
  return {
    value: candidate.value,
    score: candidate.score,
    source: candidate.source,
    ocr: candidate.line.confidence,
    ...(candidate.ranked ? { ranked: true } : {}),
    location: candidateLocation(candidate),
  };
}

function factsOf(
  found: FoundFields,
  fields: readonly FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
  pageDates: readonly string[],
  receivedAt: Date | undefined,
): PlausibilityFacts {
  const byRole = (wanted: readonly Role[]) => fields.find((f) => wanted.includes(roles.get(f.name)!) && found[f.name]);
  const text = (wanted: readonly Role[]) => {
    const f = byRole(wanted);
    return f && typeof found[f.name]!.value === 'string'
      ? { field: f.name, value: found[f.name]!.value as string }
      : undefined;
  };
  const amount = (role: Role) => {
    const f = byRole([role]);
    return f && typeof found[f.name]!.value === 'number'
      ? { field: f.name, value: found[f.name]!.value as number }
      : undefined;
  };
  const items = fields.find((f) => f.type === 'array' && Array.isArray(found[f.name]?.value));
  const sum = items ? lineSum(found[items.name]!.value as unknown[]) : null;
  const names = fields
    .filter(
      (f) =>
        ['vendor_name', 'buyer_name'].includes(roles.get(f.name) ?? '') && typeof found[f.name]?.value === 'string',
    )
    .map((f) => ({ field: f.name, value: found[f.name]!.value as string }));
  const facts: PlausibilityFacts = { names, pageDates, ...(receivedAt ? { receivedAt } : {}) };
  const [documentDate, dueDate] = [text(DOCUMENT_DATE_ROLES), text(['due_date'])];
  const [subtotal, tax, total] = [amount('subtotal'), amount('tax_amount'), amount('total_amount')];
  return {
    ...facts,
    ...(documentDate ? { documentDate } : {}),
    ...(dueDate ? { dueDate } : {}),
    ...(subtotal ? { subtotal } : {}),
    ...(tax ? { tax } : {}),
    ...(total ? { total } : {}),
    ...(items && sum !== null ? { lineItems: { field: items.name, sum } } : {}),
  };
}

/** The amounts printed with decimals (signs dropped) and the percentages printed on the page. */
function printedFacts(ctx: ExtractionContext): { amounts: number[]; rates: number[] } {
  return {
    amounts: ctx.lines.flatMap((line) =>
      findAmounts(line.text)
        .filter((a) => a.hasDecimals)
        .map((a) => Math.abs(a.value)),
    ),
    rates: printedRates(ctx),
  };
}

/** Sum of the rows' amounts, or null when a row has none (then nothing is compared). */
function lineSum(items: unknown[]): number | null {
  let sum = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) return null;
    const amount = (item as Record<string, unknown>).amount;
    if (typeof amount !== 'number') return null;
    sum += amount;
  }
  return items.length ? sum : null;
}
