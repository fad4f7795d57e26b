import { describe, expect, it } from 'vitest';
import { extractInvoice, type Placed } from './synthetic.js';

/**
 * A totals block that takes a payment already made off before its last line, so that the line
 * labelled "Total" prints what is left to pay (as Akaunting's templates do). The invoice's total is
 * the amount before the payment, which the subtotal and the tax add up to; a payment printed under
 * the total (a balance after it) leaves the total as printed.
 */

const head: Placed[] = [
  { x: 340, y: 60, text: 'Invoice Number:' },
  { x: 470, y: 60, text: 'INV-2291' },
  { x: 340, y: 75, text: 'Invoice Date:' },
  { x: 470, y: 75, text: '2024-05-16' },
  { x: 50, y: 40, text: 'Harper & Cole Consulting Ltd' },
  { x: 50, y: 200, text: 'Items' },
  { x: 440, y: 200, text: 'Amount' },
  { x: 50, y: 218, text: 'Consulting hours' },
  { x: 440, y: 218, text: '1,200.00' },
  { x: 50, y: 234, text: 'Travel expenses' },
  { x: 440, y: 234, text: '300.00' },
];

const totals = (rows: [string, string][]): Placed[] =>
  rows.flatMap(([label, amount], i) => [
    { x: 340, y: 280 + i * 20, text: label },
    { x: 470, y: 280 + i * 20, text: amount },
  ]);

describe('a total printed after a payment already made', () => {
  it.each([
    ['Subtotal:', 'VAT (20%):', 'Paid:', 'Total:'],
    ['Zwischensumme:', 'MwSt. (20%):', 'Bezahlt:', 'Gesamt:'],
  ])('is the amount before the payment (%s)', (subtotal, tax, paid, total) => {
    const fields = extractInvoice([
      ...head,
      ...totals([
        [subtotal, '1,500.00'],
        [tax, '300.00'],
        [paid, '-800.00'],
        [total, '1,000.00'],
      ]),
    ]);
    expect(fields.subtotal).toBe(1500);
    expect(fields.total_amount).toBe(1800);
  });

  it('keeps a total printed above the payment and the balance', () => {
    const fields = extractInvoice([
      ...head,
      ...totals([
        ['Subtotal', '1,500.00'],
        ['VAT 20%', '300.00'],
        ['Total', '1,800.00'],
        ['Paid to Date', '800.00'],
        ['Balance Due', '1,000.00'],
      ]),
    ]);
    expect(fields.total_amount).toBe(1800);
  });
});
