import type { FieldDefinition } from '../../extractors/index.js';
import type { DocumentView } from '../document-view.js';
import type { FoundField, FoundFields } from '../found-field.js';
import type { Role } from '../labels/synonyms.js';
import { spanBox } from '../locations/locate.js';
import { lastSum, partsAbove, placedAmounts, placedAt, type PlacedAmount } from './column-sums.js';
import { PLAUSIBILITY_LIMITS } from './rules.js';

/**
 * A totals block printed without labels ("205,47 €" over "41,09 €" over "246,56 €", right-aligned
 * under the rows' amounts) gives the labelled search no subtotal and no tax, and its total only
 * by position, so a row under a "Total" column heading or the block's net may be taken for it.
 * Read by the column's arithmetic instead (column-sums.ts):
 *
 * - a total that sums further down its column (the total plus the amounts between is a later
 *   amount, sum after sum) is a summand: the column's last sum is the total, where two amounts
 *   right above that sum are its net and tax;
 * - where the subtotal and the tax are both asked for and neither was found, the two amounts
 *   right above the total in its column are taken for them; where the tax was found by its label
 *   and is the second of them, the first is the subtotal (a net under a label no list holds,
 *   "Nettopreis" over "Steuer" over "Gesamtpreis").
 *
 * Either holds only when the arithmetic says so twice: net + tax = total, and the tax is a rate's
 * share of the net (a rate printed on the page, or one of the usual VAT and GST rates in
 * `PLAUSIBILITY_LIMITS.taxRates`); two rows of a table whose sum is the total seldom stand in a
 * rate's proportion to the cent. No word is read, so it holds in every language. The values keep
 * at most `COMPLETED_CEILING`: no label says what they are. Returns the fields it set.
 */

export const COMPLETED_CEILING = 0.85;
/** The evidence score of a value read so (the rules' scale, before calibration). */
const COMPLETED_SCORE = 0.7;

export function completeAmounts(
  ctx: DocumentView,
  found: FoundFields,
  fields: readonly FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
): string[] {
  const fieldOf = (role: Role) => fields.find((f) => roles.get(f.name) === role && f.type === 'currency');
  const [subtotalField, taxField, totalField] = [fieldOf('subtotal'), fieldOf('tax_amount'), fieldOf('total_amount')];
  const total = totalField && found[totalField.name];
  const where = total?.location;
  if (!totalField || !total || total.source === 'xml' || typeof total.value !== 'number') return [];
  if (!where?.box || where.page === undefined) return [];
  const placed = placedAmounts(ctx);
  const own = placedAt(placed, { value: total.value, page: where.page, x1: where.box.x1 });
  if (!own) return [];
  const rates = printedRates(ctx);
  const atRate = (sum: PlacedAmount) => {
    const parts = partsAbove(placed, sum, PLAUSIBILITY_LIMITS.taxShareOfTotal);
    return parts && atTaxRate(parts.net.value, parts.tax.value, rates) ? parts : null;
  };
  const set: string[] = [];
  let sum = own;
  const last = lastSum(placed, own);
  const lastParts = last !== own ? atRate(last) : null;
  const given = (field: FieldDefinition | undefined) => (field ? found[field.name] : undefined);
  // The parts found by their labels must be the new total's, else the labels know better.
  const agrees = (field: FieldDefinition | undefined, part: PlacedAmount) =>
    !given(field) || Math.abs(Number(given(field)!.value) - part.value) < 0.005;
  if (lastParts && agrees(subtotalField, lastParts.net) && agrees(taxField, lastParts.tax)) {
    found[totalField.name] = completed(ctx, last, total);
    set.push(totalField.name);
    sum = last;
  }
  if (!subtotalField || !taxField || given(subtotalField)) return set;
  const parts = atRate(sum);
  if (!parts || !agrees(taxField, parts.tax)) return set;
  found[subtotalField.name] = completed(ctx, parts.net, total);
  if (given(taxField)) return [...set, subtotalField.name];
  found[taxField.name] = completed(ctx, parts.tax, total);
  return [...set, subtotalField.name, taxField.name];
}

/** Whether the tax is the net times a rate, to the cent (rounded per row: a cent per ten rows). */
export function atTaxRate(net: number, tax: number, printed: readonly number[]): boolean {
  const tolerance = Math.max(0.011, net * 0.0005);
  return [...printed, ...PLAUSIBILITY_LIMITS.taxRates].some((rate) => Math.abs((net * rate) / 100 - tax) <= tolerance);
}

/** Percentages printed on the document ("19%", "7,5 %", "20.0%"), as numbers of percent. */
export function printedRates(ctx: DocumentView): number[] {
  return ctx.lines.flatMap((line) =>
    [...line.text.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?%/g)].map((m) => Number(m[1]!.replace(',', '.'))),
  );
}

function completed(ctx: DocumentView, amount: PlacedAmount, total: FoundField): FoundField {
  const line = ctx.lines[amount.line]!;
  return {
    value: amount.value,
    score: COMPLETED_SCORE,
    source: 'layout',
    ocr: line.confidence,
    ceiling: Math.min(COMPLETED_CEILING, total.ceiling ?? 1),
    firmCeiling: true,
    location: { source: 'layout', ...spanBox(line, amount.start, amount.end) },
  };
}
