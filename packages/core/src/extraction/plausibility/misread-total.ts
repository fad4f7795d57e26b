import { distance } from 'fastest-levenshtein';
import type { FieldDefinition } from '../../extractors/index.js';
import type { DocumentView } from '../document-view.js';
import type { FoundField, FoundFields } from '../found-field.js';
import type { Role } from '../labels/synonyms.js';
import { inColumn, placedAmounts, placedAt, type PlacedAmount } from './column-sums.js';
import { COMPLETED_CEILING } from './complete-amounts.js';

/**
 * OCR misreads a total's digits more often than the words around it: a lost decimal separator
 * ("2,782.91" read as "9270291", its currency sign taken for a digit), a glyph read as another
 * ("835" for 635) or a stray leading digit ("1975" for 975). The total's column says what it must
 * be: the net (an amount that the rows right above it add up to, to the cent) plus the amounts
 * between the net and the total (tax, shipping, handling) is the total. Where that sum differs
 * from the total as read and is the read one misread (misreadOf), the sum is taken, at most at
 * `COMPLETED_CEILING`: the page never printed it legibly.
 *
 * Only on OCR'd pages (a text layer's digits are what was printed); only where the net is
 * confirmed by its rows (the column's amounts above it, or the line items found) and OCR was less
 * sure of the total's line than of every line it sums, so that a misread subtotal, tax or charge
 * never overrules a total read right. No word is read: it holds in every language and layout that
 * sets money right-aligned. Returns whether it replaced the total.
 */

/** The most lines from the net to the total (tax, charges and their labels between them). */
const BLOCK_LINES = 10;
/** The fewest rows that must add up to the net. */
const MIN_ROWS = 2;
const EPSILON = 0.005;

export function repairMisreadTotal(
  ctx: DocumentView,
  found: FoundFields,
  fields: readonly FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
): boolean {
  const totalField = fields.find((f) => roles.get(f.name) === 'total_amount' && f.type === 'currency');
  const total = totalField && found[totalField.name];
  const where = total?.location;
  if (!totalField || !total || total.source === 'xml' || typeof total.value !== 'number' || total.ocr >= 1)
    return false;
  if (!where?.box || where.page === undefined) return false;
  const placed = placedAmounts(ctx, true);
  const own = placedAt(placed, { value: total.value, page: where.page, x1: where.box.x1 });
  if (!own) return false;
  const parts = columnParts(placed, own, itemAmounts(found, fields));
  const sum = parts && round(parts.reduce((s, p) => s + p.value, 0));
  if (!parts || !sum || Math.abs(sum - total.value) < EPSILON) return false;
  const line = ctx.lines[own.line]!;
  // A misread summand makes the sum wrong and the total right: the worst read of the block is the wrong one.
  if (parts.some((p) => ctx.lines[p.line]!.confidence <= line.confidence)) return false;
  const read = { value: total.value, hasDecimals: /[.,]\d{1,2}\s*\D*$/.test(line.text.slice(own.start, own.end)) };
  if (!misreadOf(read, sum)) return false;
  found[totalField.name] = repaired(total, sum);
  return true;
}

/**
 * The net nearest above `own` in its column that its rows add up to (the amounts right above it
 * in the column, or the line items found), and the column's amounts between that net and `own`;
 * null when no such net is within `BLOCK_LINES` lines above.
 */
export function columnParts(
  placed: readonly PlacedAmount[],
  own: PlacedAmount,
  items: readonly number[] = [],
): PlacedAmount[] | null {
  const above = inColumn(placed, own).filter((p) => p.line < own.line);
  const itemSum = items.length >= MIN_ROWS ? items.reduce((s, a) => s + a, 0) : null;
  for (let i = above.length - 1; i >= 0 && own.line - above[i]!.line <= BLOCK_LINES; i--) {
    const net = above[i]!.value;
    if ((itemSum !== null && Math.abs(itemSum - net) < EPSILON) || addedUpByRows(above.slice(0, i), net))
      return above.slice(i);
  }
  return null;
}

/** The amounts of the line items found, or none when a row has no amount. */
function itemAmounts(found: FoundFields, fields: readonly FieldDefinition[]): number[] {
  const items = fields
    .filter((f) => f.type === 'array')
    .map((f) => found[f.name]?.value)
    .find(isRows);
  if (!items) return [];
  const amounts = items.map((row) => (row as Record<string, unknown>).amount);
  const numbers = amounts.filter((a): a is number => typeof a === 'number');
  return numbers.length === amounts.length ? numbers : [];
}

function isRows(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null);
}

/** Whether the last rows (at least `MIN_ROWS`) add up to the net. */
function addedUpByRows(rows: readonly PlacedAmount[], net: number): boolean {
  let sum = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    sum += rows[i]!.value;
    if (rows.length - i >= MIN_ROWS && Math.abs(sum - net) < EPSILON) return true;
    if (sum > net + EPSILON) return false;
  }
  return false;
}

/**
 * Whether `read` is `sum` misread: their digits (cents included) one glyph apart, a glyph changed,
 * lost or added ("835" for 635, "1975" for 975, "2399,84" for 399,84). A total read without its
 * decimal separator where the sum has cents may also carry a leading glyph more, the currency sign
 * read as a digit ("9270291" for $2,782.91: "$" as 9, "8" as 0, both separators lost).
 */
export function misreadOf(read: { value: number; hasDecimals: boolean }, sum: number): boolean {
  if (read.value <= 0 || sum <= 0) return false;
  const wanted = cents(sum);
  if (read.hasDecimals || Number.isInteger(sum)) {
    const shown = read.hasDecimals ? cents(read.value) : String(read.value);
    return distance(shown, Number.isInteger(sum) && !read.hasDecimals ? String(sum) : wanted) <= 1;
  }
  if (!Number.isInteger(read.value)) return false;
  const digits = String(read.value);
  return (
    distance(digits, wanted) <= 1 || (digits.length === wanted.length + 1 && distance(digits.slice(1), wanted) <= 1)
  );
}

function cents(value: number): string {
  return value.toFixed(2).replace('.', '');
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function repaired(total: FoundField, sum: number): FoundField {
  return {
    ...total,
    value: sum,
    ceiling: Math.min(COMPLETED_CEILING, total.ceiling ?? 1),
    firmCeiling: true,
  };
}
