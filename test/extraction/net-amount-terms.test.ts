import { describe, expect, it } from 'vitest';
import { detectDateConvention } from '../../packages/core/src/extraction/values/conventions.js';
import { extractInvoice, lines } from './synthetic.js';

/**
 * Payment terms ("Net 30") settle the order of day and month where they lead from one printed date
 * to another under one reading only. A subtotal labelled "Net" beside its amount names no terms:
 * "Net 1,056.00" is no "net 1", which made 03/06 and 03/07 a day apart, month-first.
 */

describe('"Net" beside an amount', () => {
  it('is no payment terms', () => {
    const texts = ['Invoice Date 03/06/2025', 'Net 1,056.00', 'Total Due £1,081.00', 'Due: 03/07/2025'];
    expect(detectDateConvention(texts).dayFirst).toBe(true);
  });

  it('leaves real terms their say', () => {
    const texts = ['Invoice Date 03/06/2025', 'Terms: Net 1', 'Due: 03/07/2025', 'Total 1,056.00'];
    expect(detectDateConvention(texts)).toEqual({ dayFirst: false, witnessed: true });
  });

  it("gives a UK invoice's dates day-first", () => {
    const data = extractInvoice([
      ...lines(50, 40, ['Anna Kowalski Photography', '14 Victoria Road', 'Leeds LS1 4DT']),
      { x: 330, y: 100, text: 'Invoice Date' },
      { x: 450, y: 100, text: '03/06/2025' },
      { x: 50, y: 200, text: 'Description' },
      { x: 470, y: 200, text: 'Amount' },
      { x: 50, y: 216, text: 'Wedding photography package' },
      { x: 470, y: 216, text: '1,056.00' },
      { x: 380, y: 250, text: 'Net' },
      { x: 470, y: 250, text: '1,056.00' },
      { x: 380, y: 264, text: 'VAT @ 0%' },
      { x: 470, y: 264, text: '0.00' },
      { x: 380, y: 278, text: 'Total Due' },
      { x: 470, y: 278, text: '1,056.00' },
      { x: 50, y: 310, text: 'Due: 03/07/2025' },
    ]);
    expect(data.invoice_date).toBe('2025-06-03');
  });
});
