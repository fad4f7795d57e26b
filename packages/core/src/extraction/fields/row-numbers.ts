import { xRange } from '../labels/label-index.js';
import type { Line } from '../layout/lines.js';
import { spanBox } from '../locations/locate.js';
import { findAmounts } from '../values/amounts.js';
import { amountsBySegment } from './segment-amounts.js';
import type { RowNumber } from './row-arithmetic.js';
import type { Column, TableHeader } from './table-header.js';
import { columnByExtent } from './column-extents.js';

/** The numbers of a line-item row and the columns they stand under (line-items.ts reads the rows). */

export interface PlacedNumber extends RowNumber {
  column: Column | null;
  /** Left of the description under no column of its own (a position number, say): used only to balance the row. */
  beside?: boolean;
}

/**
 * The numbers of a line in reading order: under the columns, left of the description (`beside`
 * when no column stands there), and prices with decimals inside the description column
 * (`inDescription`: "Lieferung eines 205,0000 Solarziegels"); other numbers in the description
 * are part of the name. `byExtents`: the headings stand at their cells' left edges
 * (column-extents.ts), and a number is under the heading whose cell holds it.
 */
export function numbersOf(
  line: Line,
  header: TableHeader,
  descriptionX0: number,
  numericX0: number,
  byExtents = false,
): PlacedNumber[] {
  const placed: PlacedNumber[] = [];
  for (const amount of amountsBySegment(line, (text) => findAmounts(line.ocr ? semicolonComma(text) : text))) {
    const { x0, x1 } = xRange(line, amount.start, amount.end);
    const box = spanBox(line, amount.start, amount.end);
    const { value, hasDecimals } = amount;
    const left = x1 < descriptionX0 - 2;
    if (!left && x1 < numericX0 - 5) {
      if (hasDecimals && x0 >= descriptionX0 - 2) {
        const text = line.text.slice(amount.start, amount.end);
        placed.push({ value, hasDecimals, box, column: null, inDescription: true, text });
      }
      continue;
    }
    const before = left ? descriptionX0 : Infinity;
    const column =
      (byExtents ? columnByExtent(header, { x0, x1 }, before) : null) ?? nearestColumn(header, (x0 + x1) / 2, before);
    placed.push({ value, hasDecimals, box, column, ...(left && column === null ? { beside: true } : {}) });
  }
  return placed;
}

/** Numbers under two of the quantity, unit price and amount columns: what an item row has. */
export function priced(numbers: PlacedNumber[]): boolean {
  const columns = new Set(
    numbers.map((n) => n.column).filter((c) => c === 'quantity' || c === 'unit_price' || c === 'amount'),
  );
  return columns.size >= 2;
}

/** The column nearest to x among those whose header ends before `before`. */
function nearestColumn(header: TableHeader, x: number, before: number): Column | null {
  let best: Column | null = null;
  let distance = Infinity;
  for (const column of ['quantity', 'unit_price', 'amount', 'other'] as const) {
    const range = header.columns[column];
    if (!range || range.x1 > before + 2) continue;
    const d = x >= range.x0 && x <= range.x1 ? 0 : Math.min(Math.abs(x - range.x0), Math.abs(x - range.x1));
    if (d < distance) {
      distance = d;
      best = column;
    }
  }
  return best;
}

/** OCR reads a decimal comma as a semicolon ("5; 50" for 5,50); the same length keeps positions. */
const semicolonComma = (text: string): string =>
  text.replace(/(\d); ?(\d{2})(?!\d)/g, (match, units: string, cents: string) =>
    `${units},${cents}`.padEnd(match.length),
  );
