import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * Item tables whose heading row is centred over its columns, as an HTML table's header cells are
 * by default and word processors' heading rows often are: the description's cells start at the
 * column's left edge, well left of its heading word.
 */
type Item = { description: string; quantity?: number; unit_price?: number; amount?: number };
const items = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.line_items as
    Item[] | undefined;

const totals: Placed[] = [
  { x: 380, y: 400, text: 'Total' },
  { x: 480, y: 400, text: '1,102.50' },
];

describe('line items under a centred heading row', () => {
  it('reads each description from its column edge, and leaves the reference column its codes', () => {
    const placed: Placed[] = [
      { x: 62, y: 300, text: 'Ref.' },
      { x: 190, y: 300, text: 'Description' },
      { x: 330, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      { x: 450, y: 300, text: 'Amount' },
      { x: 50, y: 318, text: 'OD-27' },
      { x: 110, y: 318, text: 'Oak door' },
      { x: 340, y: 318, text: '3' },
      { x: 380, y: 318, text: '240.00' },
      { x: 460, y: 318, text: '720.00' },
      { x: 50, y: 334, text: 'FH-01' },
      { x: 110, y: 334, text: 'Fitting and hanging' },
      { x: 340, y: 334, text: '3' },
      { x: 386, y: 334, text: '85.00' },
      { x: 460, y: 334, text: '255.00' },
      { x: 50, y: 350, text: 'IM-12' },
      { x: 110, y: 350, text: 'Ironmongery set' },
      { x: 340, y: 350, text: '3' },
      { x: 386, y: 350, text: '42.50' },
      { x: 460, y: 350, text: '127.50' },
      ...totals,
    ];
    expect(items(placed)).toEqual([
      { description: 'Oak door', quantity: 3, unit_price: 240, amount: 720 },
      { description: 'Fitting and hanging', quantity: 3, unit_price: 85, amount: 255 },
      { description: 'Ironmongery set', quantity: 3, unit_price: 42.5, amount: 127.5 },
    ]);
  });

  it('reads short names in the first column that end before its centred heading', () => {
    // A wide description column (CSS grid's 1fr) under a centred heading: no name reaches under it.
    const placed: Placed[] = [
      { x: 160, y: 300, text: 'Description' },
      { x: 340, y: 300, text: 'Qty' },
      { x: 390, y: 300, text: 'Price' },
      { x: 450, y: 300, text: 'Amount' },
      { x: 48, y: 318, text: 'Desk lamp' },
      { x: 346, y: 318, text: '8' },
      { x: 390, y: 318, text: '36.24' },
      { x: 450, y: 318, text: '289.92' },
      { x: 48, y: 334, text: 'Bottled water' },
      { x: 346, y: 334, text: '3' },
      { x: 390, y: 334, text: '17.08' },
      { x: 456, y: 334, text: '51.24' },
      ...totals,
    ];
    expect(items(placed)).toEqual([
      { description: 'Desk lamp', quantity: 8, unit_price: 36.24, amount: 289.92 },
      { description: 'Bottled water', quantity: 3, unit_price: 17.08, amount: 51.24 },
    ]);
  });

  it('keeps an article number out of the description where its heading stands over the heading row', () => {
    // "Art-Nr" on a line of its own over the heading row; each code close enough to its row's name to
    // make one segment with it, which runs on under the centred description heading.
    const placed: Placed[] = [
      { x: 50, y: 288, text: 'Art-Nr' },
      { x: 160, y: 300, text: 'Bezeichnung' },
      { x: 330, y: 300, text: 'Menge' },
      { x: 450, y: 300, text: 'Betrag' },
      { x: 50, y: 318, text: '4012345001235' },
      { x: 134, y: 318, text: 'Kunstrasen 3m breit' },
      { x: 330, y: 318, text: '3' },
      { x: 450, y: 318, text: '120,00' },
      { x: 50, y: 334, text: '4000050986428' },
      { x: 134, y: 334, text: 'Schweinesteak' },
      { x: 330, y: 334, text: '5' },
      { x: 450, y: 334, text: '27,50' },
      { x: 380, y: 400, text: 'Gesamt' },
      { x: 450, y: 400, text: '147,50' },
    ];
    expect(items(placed)?.map((i) => i.description)).toEqual(['Kunstrasen 3m breit', 'Schweinesteak']);
  });

  it('moves nothing for a line that starts left of a left-aligned heading under one row', () => {
    // Position numbers set right in their column, close to the descriptions but a segment of their own.
    const placed: Placed[] = [
      { x: 50, y: 300, text: 'Pos' },
      { x: 140, y: 300, text: 'Description' },
      { x: 330, y: 300, text: 'Qty' },
      { x: 450, y: 300, text: 'Amount' },
      { x: 110, y: 318, text: '1.1' },
      { x: 140, y: 318, text: 'Desk lamp' },
      { x: 330, y: 318, text: '2' },
      { x: 450, y: 318, text: '80.00' },
      { x: 110, y: 334, text: '1.2' },
      { x: 140, y: 334, text: 'Office chair' },
      { x: 330, y: 334, text: '1' },
      { x: 450, y: 334, text: '210.00' },
      { x: 110, y: 350, text: '1.3' },
      { x: 140, y: 350, text: 'Cable tray' },
      { x: 330, y: 350, text: '4' },
      { x: 450, y: 350, text: '36.00' },
      // A surcharge's own small table inside the items, its words starting left of the heading.
      { x: 104, y: 366, text: 'Surcharge delivery' },
      { x: 450, y: 366, text: '12.00' },
      { x: 380, y: 400, text: 'Total' },
      { x: 450, y: 400, text: '338.00' },
    ];
    expect(items(placed)?.slice(0, 3)).toEqual([
      { description: 'Desk lamp', quantity: 2, amount: 80 },
      { description: 'Office chair', quantity: 1, amount: 210 },
      { description: 'Cable tray', quantity: 4, amount: 36 },
    ]);
  });
});
