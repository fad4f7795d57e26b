import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * An OCR'd table row whose price or amount lost its decimal separator ("154" for 1,54): read
 * with its cents where the table's other rows print that column with decimals and the row then
 * adds up, on OCR'd pages only.
 */

const header: Placed[] = [
  { x: 40, y: 300, text: 'Description' },
  { x: 300, y: 300, text: 'Qty' },
  { x: 380, y: 300, text: 'Price' },
  { x: 480, y: 300, text: 'Amount' },
];

const row = (y: number, description: string, quantity: string, price: string, amount: string): Placed[] => [
  { x: 40, y, text: description },
  ...(quantity ? [{ x: 300, y, text: quantity }] : []),
  { x: 380, y, text: price },
  { x: 480, y, text: amount },
];

const items = (rows: Placed[], source: 'ocr' | 'text_layer' = 'ocr') =>
  extractFields(doc([page([...header, ...rows], { source })]), [...RECOMMENDED_FIELDS.invoice]).extracted_data
    .line_items as Record<string, unknown>[] | undefined;

const others = [
  ...row(340, 'Consulting hours', '7', '55.18', '386.26'),
  ...row(360, 'Mineral water', '8', '5.62', '44.96'),
];

describe("an OCR'd item row whose decimal separator was lost", () => {
  it('gets its amount back in cents, and the whole quantity that then implies, not a hundred', () => {
    expect(items([...row(320, 'Shipping', '', '1.54', '154'), ...others])).toEqual([
      { description: 'Shipping', quantity: 1, unit_price: 1.54, amount: 1.54 },
      { description: 'Consulting hours', quantity: 7, unit_price: 55.18, amount: 386.26 },
      { description: 'Mineral water', quantity: 8, unit_price: 5.62, amount: 44.96 },
    ]);
  });

  it('gets its unit price back where the quantity and amount were read (German and Dutch decimal commas)', () => {
    const german = [
      ...row(320, 'Kaffeebohnen 1 kg', '10', '253', '25,30'),
      ...row(340, 'Schreibtischlampe', '11', '1,46', '16,06'),
      ...row(360, 'Mineralwasser', '12', '1.914,26', '22.971,12'),
    ];
    expect(items(german)?.[0]).toEqual({
      description: 'Kaffeebohnen 1 kg',
      quantity: 10,
      unit_price: 2.53,
      amount: 25.3,
    });
    const dutch = [
      ...row(320, 'Schoonmaak', '8', '8,34', '66,72'),
      ...row(340, 'Schoonmaak', '3', '0,75', '225'),
      ...row(360, 'Notitieboek', '12', '17,38', '208,56'),
    ];
    expect(items(dutch)?.[1]).toEqual({ description: 'Schoonmaak', quantity: 3, unit_price: 0.75, amount: 2.25 });
  });

  it('is left as read on a text layer, where the characters are the document’s own', () => {
    expect(items([...row(320, 'Shipping', '', '1.54', '154'), ...others], 'text_layer')?.[0]).toEqual({
      description: 'Shipping',
      unit_price: 1.54,
      amount: 154,
    });
  });

  it('is left as read where the column prints whole amounts, or the cents would not add up', () => {
    const whole = [
      ...row(320, 'Desk', '2', '150', '300'),
      ...row(340, 'Chair', '3', '120', '360'),
      ...row(360, 'Lamp', '', '1.50', '150'),
    ];
    expect(items(whole)?.[2]).toEqual({ description: 'Lamp', quantity: 100, unit_price: 1.5, amount: 150 });
    // 3 x 0.75 is 2.25, not 2.31: the 231 is left for what it is.
    const off = [...row(320, 'Cleaning', '3', '0.75', '231'), ...others];
    expect(items(off)?.[0]).toEqual({ description: 'Cleaning', quantity: 3, unit_price: 0.75, amount: 231 });
  });
});
