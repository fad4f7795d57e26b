import { addsUp, type RowNumber, type RowParts } from './row-arithmetic.js';

/**
 * OCR drops a price's decimal separator more often than any other glyph of a table: a comma or
 * point is a few pixels of ink, read at low confidence or not at all ("154" for 1,54, "225" for
 * 2.25), and the row's number is then a hundred times too large. On an OCR'd table whose other
 * rows print that column with decimals, a unit price or amount read without them (three digits
 * or more) is read with its last two digits as cents, where the row adds up with that and not as
 * read: quantity x unit price = amount with the quantity read, or, with no quantity read, with a
 * whole quantity the amount and price then imply (1,54 and 154: 100 as read, 1 with the cents).
 */

export interface DecimalRow {
  quantity?: number;
  unit_price?: number;
  amount?: number;
  numbers: RowNumber[];
  parts: RowParts;
  decimals: boolean;
}

type Member = 'unit_price' | 'amount';
const PART: Record<Member, 'unitPrice' | 'amount'> = { unit_price: 'unitPrice', amount: 'amount' };

/** The rows with lost decimal separators put back, each row at most one of its numbers. */
export function withLostDecimals<R extends DecimalRow>(rows: readonly R[]): R[] {
  const printedWithDecimals = (member: Member) => {
    const read = rows.flatMap((r) => (r.parts[PART[member]] ? [r.parts[PART[member]]!] : []));
    const withDecimals = read.filter((n) => n.hasDecimals).length;
    return withDecimals > read.length - withDecimals;
  };
  const members = (['amount', 'unit_price'] as const).filter(printedWithDecimals);
  return rows.map((row) => restored(row, members));
}

function restored<R extends DecimalRow>(row: R, members: readonly Member[]): R {
  if (row.quantity !== undefined && addsUp(row.quantity, row.unit_price, row.amount)) return row;
  const fixes = members.flatMap((member) => {
    const number = row.parts[PART[member]];
    if (!number || number.hasDecimals || !Number.isInteger(number.value) || Math.abs(number.value) < 100) return [];
    const value = number.value / 100;
    const price = member === 'unit_price' ? value : row.unit_price;
    const amount = member === 'amount' ? value : row.amount;
    return balances(row.quantity, price, amount) ? [{ member, number, value }] : [];
  });
  // Two ways to balance the row (either number a hundred times too large) say nothing of which.
  if (fixes.length !== 1) return row;
  const { member, number, value } = fixes[0]!;
  const fixed: RowNumber = { ...number, value, hasDecimals: true };
  return {
    ...row,
    [member]: value,
    numbers: row.numbers.map((n) => (n === number ? fixed : n)),
    parts: { ...row.parts, [PART[member]]: fixed },
    ...(member === 'amount' ? { decimals: true } : {}),
  };
}

/** Whether the row adds up: with its quantity, or without one with a whole quantity implied. */
function balances(quantity: number | undefined, price: number | undefined, amount: number | undefined): boolean {
  if (quantity !== undefined) return addsUp(quantity, price, amount);
  if (price === undefined || amount === undefined || price <= 0) return false;
  const implied = Math.round(amount / price);
  return implied >= 1 && addsUp(implied, price, amount);
}
