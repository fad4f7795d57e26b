import type { FieldDefinition } from '../../extractors/index.js';
import type { DocumentView } from '../document-view.js';
import type { FoundField, FoundFields } from '../found-field.js';
import type { Role } from '../labels/synonyms.js';
import { spanBox } from '../locations/locate.js';
import { findAmounts } from '../values/amounts.js';
import { atTaxRate, COMPLETED_CEILING, printedRates } from './complete-amounts.js';
import { PLAUSIBILITY_LIMITS } from './rules.js';

/**
 * A tax asked for and not found, where the subtotal and the total were: the total less the
 * subtotal is the tax when the arithmetic says so twice, the difference being a rate's share of the
 * subtotal to the cent (a percentage printed on the page or one of `PLAUSIBILITY_LIMITS.taxRates`)
 * and at most `taxShareOfTotal` of the total. So reads a tax printed only per line item, under a
 * label split from its amount ("Steuerbetrag in" under "GBP 163,16"), or lost in reading. Runs
 * after the cross-checks, which a value made of the other two must not confirm. The value keeps at
 * most `COMPLETED_CEILING`: no label says what it is. Returns whether it set the tax.
 */

/** The evidence score of a derived tax (the rules' scale, before calibration), as complete-amounts.ts. */
const DERIVED_SCORE = 0.7;

export function deriveTax(
  ctx: DocumentView,
  found: FoundFields,
  fields: readonly FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
): boolean {
  const fieldOf = (role: Role) => fields.find((f) => roles.get(f.name) === role && f.type === 'currency');
  const [subtotalField, taxField, totalField] = [fieldOf('subtotal'), fieldOf('tax_amount'), fieldOf('total_amount')];
  if (!subtotalField || !taxField || !totalField || found[taxField.name]) return false;
  const [subtotal, total] = [found[subtotalField.name], found[totalField.name]];
  if (!subtotal || !total || typeof subtotal.value !== 'number' || typeof total.value !== 'number') return false;
  const tax = Math.round((total.value - subtotal.value) * 100) / 100;
  if (tax <= 0 || tax > total.value * PLAUSIBILITY_LIMITS.taxShareOfTotal) return false;
  if (!atTaxRate(subtotal.value, tax, printedRates(ctx))) return false;
  found[taxField.name] = derived(ctx, tax, Math.min(subtotal.ceiling ?? 1, total.ceiling ?? 1));
  return true;
}

/** The derived tax, placed where the page prints that amount, if it does. */
function derived(ctx: DocumentView, tax: number, ceiling: number): FoundField {
  const printed = ctx.lines
    .flatMap((line) => findAmounts(line.text).map((amount) => ({ line, amount })))
    .find(({ amount }) => Math.abs(amount.value - tax) < 0.005);
  return {
    value: tax,
    score: DERIVED_SCORE,
    source: 'layout',
    ocr: printed?.line.confidence ?? 1,
    ceiling: Math.min(COMPLETED_CEILING, ceiling),
    firmCeiling: true,
    ...(printed
      ? { location: { source: 'layout', ...spanBox(printed.line, printed.amount.start, printed.amount.end) } }
      : {}),
  };
}
