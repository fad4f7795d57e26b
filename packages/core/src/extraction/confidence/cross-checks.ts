import type { FieldDefinition } from '../../extractors/index.js';
import type { Role } from '../labels/synonyms.js';
import type { FoundField, FoundFields } from '../found-field.js';
import { addsUp, type Adjustments } from '../values/adjustments.js';

/**
 * Arithmetic between fields: subtotal + tax = total, and the line amounts adding up to the
 * subtotal (or to the total when there is no subtotal). Agreement is strong evidence that all the
 * values involved are right, disagreement that at least one is wrong. Agreement also lifts the
 * cap an OCR'd amount printed once keeps (evidence-caps.ts).
 */

const EPSILON = 0.011;
const NONE: Adjustments = { discounts: [], charges: [] };
const RAISE = 1.25;
const LOWER = 0.7;

export function applyCrossChecks(
  found: FoundFields,
  fields: FieldDefinition[],
  roles: Map<string, Role | null>,
  adjustments: Adjustments = NONE,
): void {
  const byRole = (role: Role) => fields.find((f) => roles.get(f.name) === role && found[f.name] !== undefined)?.name;
  const [subtotal, tax, total] = [byRole('subtotal'), byRole('tax_amount'), byRole('total_amount')];
  const amount = (name: string | undefined) => (name ? Number(found[name]!.value) : null);
  if (subtotal && tax && total) {
    // With a printed discount or charge between them where the page prints one (values/adjustments.ts).
    const holds = addsUp(amount(subtotal)!, amount(tax)!, amount(total)!, adjustments, EPSILON);
    adjust(found, [subtotal, tax, total], holds, !samePrinting(found[subtotal]!, found[total]!));
  }
  // Receipt items weighed their own sum (fields/receipt-items.ts): a misread item lowers no total.
  const items = fields.find(
    (f) => f.type === 'array' && Array.isArray(found[f.name]?.value) && !found[f.name]!.weighed,
  );
  const sum = items ? lineSum(found[items.name]!.value as unknown[]) : null;
  const target = subtotal ?? (tax ? null : total);
  if (items && sum !== null && target)
    adjust(found, [items.name, target], Math.abs(sum - amount(target)!) < EPSILON * 5);
}

function adjust(found: FoundFields, names: string[], holds: boolean, witnessed = true): void {
  for (const name of names) {
    const field = found[name]!;
    if (field.source === 'xml') continue;
    field.score = Math.min(1, field.score * (holds ? RAISE : LOWER));
    // Agreement is the second witness an OCR'd amount lacked (see evidence-caps.ts); an amount no
    // label names ('fallback') stays capped: a subtotal taken for the total can still add up.
    if (holds && witnessed && field.source !== 'fallback' && field.source !== 'table' && !field.firmCeiling)
      delete field.ceiling;
  }
}

/**
 * Whether two fields were read from the same printed amount: a total taken from the subtotal's own
 * line, where no total was read that adds up (a zero tax, or none). Subtotal + 0 = total then
 * holds whatever OCR made of that amount's digits, so the agreement witnesses nothing.
 */
function samePrinting(a: FoundField, b: FoundField): boolean {
  const [p, q] = [a.location, b.location];
  if (p?.page === undefined || p.page !== q?.page || !p.box || !q.box) return false;
  return p.box.x0 < q.box.x1 && q.box.x0 < p.box.x1 && p.box.y0 < q.box.y1 && q.box.y0 < p.box.y1;
}

/** Sum of the rows' amounts, or null when a row has none. */
function lineSum(items: unknown[]): number | null {
  let sum = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) return null;
    const amount = Object.entries(item as Record<string, unknown>).find(
      ([key, value]) => typeof value === 'number' && /amount|total|sum|betrag/i.test(key),
    )?.[1];
    if (typeof amount !== 'number') return null;
    sum += amount;
  }
  return items.length ? sum : null;
}
