import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/** A scanned invoice's table whose rows add up to its total; `weak` is the read confidence of one description word. */
function scannedTable(weak: number) {
  const words: Placed[] = [
    { x: 40, y: 100, text: 'Nordwind Handel GmbH', confidence: 0.95 },
    { x: 40, y: 300, text: 'Description', confidence: 0.95 },
    { x: 300, y: 300, text: 'Qty', confidence: 0.95 },
    { x: 380, y: 300, text: 'Price', confidence: 0.95 },
    { x: 480, y: 300, text: 'Amount', confidence: 0.95 },
    { x: 40, y: 320, text: 'Office', confidence: 0.95 },
    { x: 88, y: 320, text: 'chair', confidence: weak },
    { x: 300, y: 320, text: '2', confidence: 0.95 },
    { x: 380, y: 320, text: '70.00', confidence: 0.95 },
    { x: 480, y: 320, text: '140.00', confidence: 0.95 },
    { x: 40, y: 340, text: 'Desk lamp', confidence: 0.95 },
    { x: 300, y: 340, text: '1', confidence: 0.95 },
    { x: 380, y: 340, text: '60.00', confidence: 0.95 },
    { x: 480, y: 340, text: '60.00', confidence: 0.95 },
    { x: 380, y: 420, text: 'Total', confidence: 0.95 },
    { x: 480, y: 420, text: '200.00', confidence: 0.95 },
  ];
  return doc([page(words, { source: 'ocr' })]);
}

const lineItems = (weak: number) => {
  const result = extractFields(scannedTable(weak), [...RECOMMENDED_FIELDS.invoice]);
  return { items: result.extracted_data.line_items, confidence: result.confidence.line_items! };
};

describe('line items: confidence follows the least sure word OCR read in the rows', () => {
  it('a table whose words were all read clearly keeps 0.9 or more', () => {
    const clear = lineItems(0.95);
    expect(clear.items).toEqual([
      { description: 'Office chair', quantity: 2, unit_price: 70, amount: 140 },
      { description: 'Desk lamp', quantity: 1, unit_price: 60, amount: 60 },
    ]);
    expect(clear.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('one word read at 0.1 takes the same table under 0.9, though its rows still add up', () => {
    const noisy = lineItems(0.1);
    expect(noisy.items).toEqual(lineItems(0.95).items);
    expect(noisy.confidence).toBeLessThan(0.9);
  });
});
