import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * Till receipts print no table header: the items are the rows between the merchant's header block
 * and the first sum, a name at the left and its amount at the right (fields/receipt-items.ts).
 */

/** A till receipt: the header block, the rows (a name and, at the right, its amount), the foot. */
function receipt(rows: [string, string?][], foot: [string, string][]): Placed[] {
  const head: Placed[] = [
    { x: 200, y: 40, text: 'Corner Bakery' },
    { x: 190, y: 54, text: '12 Mill Lane, Leeds' },
    { x: 40, y: 80, text: 'Date: 14/03/2024 10:42' },
    { x: 40, y: 94, text: 'Cashier: Sam' },
  ];
  const line = (y: number, [left, right]: [string, string?]): Placed[] => [
    { x: 40, y, text: left },
    ...(right ? [{ x: 480, y, text: right }] : []),
  ];
  const body = rows.flatMap((row, i) => line(130 + i * 14, row));
  const bottom = 130 + rows.length * 14 + 20;
  return [...head, ...body, ...foot.flatMap((row, i) => line(bottom + i * 14, row))];
}

const read = (placed: Placed[], documentType = 'receipt') =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.receipt], { documentType });

describe('receipt items: the rows between the header block and the total', () => {
  it('a name with its amount is one of it; a quantity line above or below its name counts it', () => {
    const result = read(
      receipt(
        [
          ['Sourdough loaf', '3.20'],
          ['Oat milk'],
          ['  2 x 1.60', '3.20'],
          ['3 @ 5.27'],
          ['Coffee beans 250g', '15.81'],
          ['2 Croissant', '2.20'],
          ['Apple juice', '4.50'],
          ['  3 x 1.50'],
          ['Tea bags 80s'],
          // OCR lost the "x": the numbers still make the amount.
          ['  5 2.28', '11.40'],
        ],
        [
          ['Subtotal', '40.31'],
          ['VAT 20%', '6.72'],
          ['Total', '40.31'],
          ['Cash', '50.00'],
          ['Change', '9.69'],
          ['Thank you for shopping!', ''],
        ],
      ),
    );
    expect(result.extracted_data.items).toEqual([
      { description: 'Sourdough loaf', quantity: 1, unit_price: 3.2, amount: 3.2 },
      { description: 'Oat milk', quantity: 2, unit_price: 1.6, amount: 3.2 },
      { description: 'Coffee beans 250g', quantity: 3, unit_price: 5.27, amount: 15.81 },
      { description: 'Croissant', quantity: 2, unit_price: 1.1, amount: 2.2 },
      { description: 'Apple juice', quantity: 3, unit_price: 1.5, amount: 4.5 },
      { description: 'Tea bags 80s', quantity: 5, unit_price: 2.28, amount: 11.4 },
    ]);
    // They add up to the subtotal: the list is likely right.
    expect(result.confidence.items).toBeGreaterThan(0.8);
  });

  it('a weight line gives the weight as the quantity and the price per kilo as the unit price', () => {
    const result = read(
      receipt([['Bananas'], ['0.456 kg @ 2.99/kg', '1.36'], ['Rye bread', '2.80']], [['Total', '4.16']]),
    );
    expect(result.extracted_data.items).toEqual([
      { description: 'Bananas', quantity: 0.456, unit_price: 2.99, amount: 1.36 },
      { description: 'Rye bread', quantity: 1, unit_price: 2.8, amount: 2.8 },
    ]);
  });

  it('a discount or deposit under an item is no item, but counts in the sum', () => {
    const result = read(
      receipt(
        [
          ['Cola 1.5L', '1.99'],
          ['Pfand', '0.25'],
          ['Chocolate bar', '1.49'],
          ['Rabatt', '-0.30'],
          ['Crisps', '1.20'],
        ],
        [
          ['Summe', '4.63'],
          ['Bar', '5.00'],
          ['Rückgeld', '0.37'],
        ],
      ),
    );
    expect(result.extracted_data.items).toEqual([
      { description: 'Cola 1.5L', quantity: 1, unit_price: 1.99, amount: 1.99 },
      { description: 'Chocolate bar', quantity: 1, unit_price: 1.49, amount: 1.49 },
      { description: 'Crisps', quantity: 1, unit_price: 1.2, amount: 1.2 },
    ]);
    expect(result.confidence.items).toBeGreaterThan(0.8);
  });

  it('a row that is the sum of the rows above (a subtotal label not known) ends the items', () => {
    const result = read(
      receipt(
        [['Milo Ais'], ['  3 x 13.69', '41.07'], ['Panadol 10s', '14.78']],
        [
          ['Jumlah Kecil', 'RM 55.85'],
          ['Cukai 6%', 'RM 3.35'],
          ['Jumlah Besar', 'RM 59.20'],
          ['Cash', 'RM 60.00'],
        ],
      ),
    );
    expect(result.extracted_data.items).toEqual([
      { description: 'Milo Ais', quantity: 3, unit_price: 13.69, amount: 41.07 },
      { description: 'Panadol 10s', quantity: 1, unit_price: 14.78, amount: 14.78 },
    ]);
  });

  it('a row that is the sum of the rows right above it, with no gap, is an item', () => {
    const result = read(
      receipt(
        [
          ['Pencil HB', '1.00'],
          ['Pencil HB', '1.00'],
          ['Notebook A5', '2.00'],
          ['Eraser', '0.50'],
        ],
        [['Total', '4.50']],
      ),
    );
    expect((result.extracted_data.items as { description: string }[]).map((i) => i.description)).toEqual([
      'Pencil HB',
      'Pencil HB',
      'Notebook A5',
      'Eraser',
    ]);
  });

  it('items that do not add up to the total are kept, with a lower confidence', () => {
    const rows: [string, string?][] = [
      ['Sourdough loaf', '3.20'],
      ['Butter 250g', '2.45'],
    ];
    const adding = read(receipt(rows, [['Total', '5.65']]));
    const missing = read(receipt(rows, [['Total', '9.65']]));
    expect(missing.extracted_data.items).toEqual(adding.extracted_data.items);
    expect(missing.extracted_data.items).toHaveLength(2);
    expect(missing.confidence.items).toBeLessThan(adding.confidence.items! - 0.2);
    // A misread item lowers no total: it is as sure as when no items are asked for.
    const fields = RECOMMENDED_FIELDS.receipt.filter((f) => f.name !== 'items');
    const alone = extractFields(doc(receipt(rows, [['Total', '9.65']])), fields, { documentType: 'receipt' });
    expect(missing.confidence.total_amount).toBe(alone.confidence.total_amount);
  });

  it('only a receipt is read so: an invoice without a table header has no items', () => {
    const placed = receipt(
      [
        ['Sourdough loaf', '3.20'],
        ['Butter 250g', '2.45'],
      ],
      [['Total', '5.65']],
    );
    const invoice = extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    expect(invoice.extracted_data.line_items).toBeUndefined();
  });

  it("an invoice's table under its header comes out as before, and so does a receipt's", () => {
    const placed: Placed[] = [
      { x: 40, y: 60, text: 'Nordwind Handel GmbH' },
      { x: 40, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      { x: 480, y: 300, text: 'Amount' },
      { x: 40, y: 320, text: 'Office chair' },
      { x: 300, y: 320, text: '2' },
      { x: 380, y: 320, text: '70.00' },
      { x: 480, y: 320, text: '140.00' },
      { x: 40, y: 334, text: 'Desk lamp' },
      { x: 300, y: 334, text: '1' },
      { x: 380, y: 334, text: '35.00' },
      { x: 480, y: 334, text: '35.00' },
      { x: 380, y: 380, text: 'Total' },
      { x: 480, y: 380, text: '175.00' },
    ];
    const table = [
      { description: 'Office chair', quantity: 2, unit_price: 70, amount: 140 },
      { description: 'Desk lamp', quantity: 1, unit_price: 35, amount: 35 },
    ];
    const invoice = extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    expect(invoice.extracted_data.line_items).toEqual(table);
    expect(read(placed).extracted_data.items).toEqual(table);
  });
});
