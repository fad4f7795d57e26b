import type { PageBox } from '../locations/field-location.js';

/**
 * A line-item row read by columns may not add up: a scan's header word misread ("Mettopreis"), a
 * tax rate under a column nobody named, a price printed one line lower. Three of the row's own
 * numbers for which quantity x unit price = amount then say which number is which, whatever
 * column they stood under. Only a row that does not already add up is changed, and only by
 * numbers printed on it.
 */

export interface RowNumber {
  value: number;
  hasDecimals: boolean;
  box: PageBox;
  /** The number was read inside the description column (a price the header did not place). */
  inDescription?: boolean;
  /** Its text, as it stands in the description. */
  text?: string;
}

export interface RowParts {
  quantity?: RowNumber;
  unitPrice?: RowNumber;
  amount?: RowNumber;
}

type Maybe = number | undefined;

/** Whether quantity x unit price gives the amount, to the cent (per unit of quantity). */
export function addsUp(quantity: Maybe, unitPrice: Maybe, amount: Maybe): boolean {
  if (quantity === undefined || unitPrice === undefined || amount === undefined) return false;
  return Math.abs(quantity * unitPrice - amount) <= 0.011 * Math.max(1, Math.abs(quantity));
}

/**
 * The quantity, unit price and amount among a row's numbers (in reading order) that add up, or
 * null. The amount must have decimals or be the row's last number, not stand in the description,
 * and the quantity and price be positive: three different numbers on the page. Of several, the
 * one that keeps most of what the columns said (`read`), then whose amount stands furthest right,
 * then whose quantity was printed without decimals, then the smaller quantity.
 */
export function balancedParts(numbers: readonly RowNumber[], read: RowParts): RowParts | null {
  let best: { parts: RowParts; rank: number[] } | null = null;
  numbers.forEach((amount, ai) => {
    if (amount.value === 0 || !(amount.hasDecimals || ai === numbers.length - 1) || amount.inDescription) return;
    numbers.forEach((quantity, qi) => {
      if (qi === ai || quantity.value <= 0) return;
      numbers.forEach((unitPrice, pi) => {
        if (pi === ai || pi === qi || unitPrice.value <= 0) return;
        if (!addsUp(quantity.value, unitPrice.value, amount.value)) return;
        const kept =
          Number(read.quantity === quantity) + Number(read.unitPrice === unitPrice) + Number(read.amount === amount);
        const rank = [kept, amount.box.box.x1, Number(!quantity.hasDecimals), -quantity.value];
        if (!best || compare(rank, best.rank) > 0) best = { parts: { quantity, unitPrice, amount }, rank };
      });
    });
  });
  return (best as { parts: RowParts } | null)?.parts ?? null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
