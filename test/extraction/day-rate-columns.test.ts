import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * Consultants' and trades' item tables count days and price a day ("Service  Days  Day rate  Net",
 * "Leistung  Tage  Tagessatz  Netto"): the header is an item table's, and the row's amount the last
 * number under the column no word names.
 */
const items = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.line_items;

const table = (heads: string[], rows: string[][], total: string[]): Placed[] => {
  const xs = [50, 300, 380, 470];
  return [
    ...heads.map((text, i) => ({ x: xs[i]!, y: 300, text })),
    ...rows.flatMap((row, r) => row.map((text, i) => ({ x: xs[i]!, y: 318 + r * 16, text }))),
    { x: 380, y: 400, text: total[0]! },
    { x: 470, y: 400, text: total[1]! },
  ];
};

describe('an item table of days and day rates', () => {
  it('reads the rows under "Days" and "Day rate" (English)', () => {
    const placed = table(
      ['Service', 'Days', 'Day rate', 'Net'],
      [
        ['Warehouse process review', '4', '650.00', '2,600.00'],
        ['Report and workshop', '1', '800.00', '800.00'],
      ],
      ['Total', '4,080.00'],
    );
    expect(items(placed)).toEqual([
      { description: 'Warehouse process review', quantity: 4, unit_price: 650, amount: 2600 },
      { description: 'Report and workshop', quantity: 1, unit_price: 800, amount: 800 },
    ]);
  });

  it('reads the rows under "Tage" and "Tagessatz" (German)', () => {
    const placed = table(
      ['Leistung', 'Tage', 'Tagessatz', 'Netto'],
      [['Montage vor Ort', '3', '720,00', '2.160,00']],
      ['Gesamt', '2.570,40'],
    );
    expect(items(placed)).toEqual([{ description: 'Montage vor Ort', quantity: 3, unit_price: 720, amount: 2160 }]);
  });
});
