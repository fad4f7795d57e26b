import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { COMPLETED_CEILING } from '../../packages/core/src/extraction/plausibility/complete-amounts.js';
import { misreadOf } from '../../packages/core/src/extraction/plausibility/misread-total.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * An OCR'd total whose digits were misread (a lost decimal separator, a glyph read as another, a
 * stray leading digit) is put right by its column: the net its rows add up to plus the amounts
 * between the net and the total (plausibility/misread-total.ts), in any language.
 */

const CHAR_WIDTH = 6;
const RIGHT = 545;
const SURE = 0.95;

/** Text whose right edge is at `right` (6 points a character, as synthetic.ts places words). */
const ending = (y: number, text: string, confidence = SURE): Placed => ({
  x: RIGHT - text.length * CHAR_WIDTH,
  y,
  text,
  confidence,
});
const at = (x: number, y: number, text: string): Placed => ({ x, y, text, confidence: SURE });

function invoice(
  head: string[],
  rows: [string, string][],
  block: [string, string, number?][],
  source: 'ocr' | 'text_layer' = 'ocr',
) {
  const placed: Placed[] = [
    at(50, 60, head[0]!),
    at(50, 74, head[1]!),
    at(340, 120, head[2]!),
    at(470, 120, head[3]!),
    at(340, 135, head[4]!),
    at(470, 135, head[5]!),
  ];
  rows.forEach(([description, amount], i) =>
    placed.push(at(50, 280 + i * 16, description), ending(280 + i * 16, amount)),
  );
  block.forEach(([label, amount, confidence], i) => {
    const y = 290 + rows.length * 16 + i * 14;
    placed.push(at(360, y, label), ending(y, amount, confidence ?? SURE));
  });
  return extractFields(doc([page(placed, { source })]), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
}

const english = [
  'Relecloud Supplies Inc.',
  '3800 148th Ave, Redmond',
  'Invoice No.',
  'INV-190195',
  'Date',
  '08/12/2019',
];
const englishRows: [string, string][] = [
  ['Laser toner', '800.00'],
  ['Copy paper', '1,300.00'],
  ['Staplers', '336.00'],
];

describe("an OCR'd total misread in its digits", () => {
  it('takes the column sum for a total whose separators were lost and its dollar sign read as a digit', () => {
    const result = invoice(english, englishRows, [
      ['Subtotal', '2,436.00'],
      ['Tax', '216.80'],
      ['Shipping', '106.11'],
      ['Handling', '24.00'],
      ['Total', '9270291', 0.2],
    ]);
    expect(result.extracted_data.total_amount).toBe(2782.91);
    // The page never printed it legibly: the document goes to review.
    expect(result.confidence.total_amount).toBeLessThanOrEqual(COMPLETED_CEILING);
  });

  it('puts back a German total with one glyph misread', () => {
    const result = invoice(
      [
        'Hoffmann Gebäudetechnik GmbH',
        'Marktplatz 4, 80331 München',
        'Rechnungsnr.',
        'R-2024-270',
        'Datum',
        '17.08.2024',
      ],
      [
        ['Wartung Heizung', '1.200,00 €'],
        ['Ersatzteile', '174,30 €'],
      ],
      [
        ['Nettobetrag', '1.374,30 €'],
        ['MwSt. 19 %', '261,12 €'],
        ['Gesamtbetrag', '1.835,42 €', 0.5],
      ],
    );
    expect(result.extracted_data.total_amount).toBe(1635.42);
    expect(result.confidence.total_amount).toBeLessThanOrEqual(COMPLETED_CEILING);
  });

  it("confirms the net by the line items where a row's amount stands outside the column", () => {
    // The first row's amount ends 14 points left of the column: the column's rows no longer add
    // up to the net, the line items found under the "Amount" heading still do.
    const placed: Placed[] = [
      at(50, 60, english[0]!),
      at(340, 120, english[2]!),
      at(470, 120, english[3]!),
      ...[
        ['Description', 'Qty', 'Price', 'Amount'],
        ['Laser toner', '100', '8.00', ''],
        ['Copy paper', '100', '13.00', '1,300.00'],
        ['Staplers', '112', '3.00', '336.00'],
      ].flatMap(([d, q, p, a], i) => [
        at(50, 260 + i * 16, d!),
        at(300, 260 + i * 16, q!),
        at(400, 260 + i * 16, p!),
        ...(a ? [ending(260 + i * 16, a)] : []),
      ]),
      { x: RIGHT - 14 - 36, y: 276, text: '800.00', confidence: SURE },
      at(360, 340, 'Subtotal'),
      ending(340, '2,436.00'),
      at(360, 354, 'Tax'),
      ending(354, '216.80'),
      at(360, 368, 'Total'),
      ending(368, '265380', 0.3),
    ];
    const result = extractFields(doc([page(placed, { source: 'ocr' })]), [...RECOMMENDED_FIELDS.invoice], {
      documentType: 'invoice',
    });
    expect(result.extracted_data.total_amount).toBe(2652.8);
  });

  it('keeps the total as read where the tax was read less surely, the likelier misread', () => {
    const result = invoice(english, englishRows, [
      ['Subtotal', '2,436.00'],
      ['Tax', '276.80', 0.4],
      ['Total', '2,652.80', 0.9],
    ]);
    expect(result.extracted_data.total_amount).toBe(2652.8);
  });

  it('keeps a text layer total as printed: its digits are what was printed', () => {
    const result = invoice(
      english,
      englishRows,
      [
        ['Subtotal', '2,436.00'],
        ['Tax', '216.80'],
        ['Total', '2,752.80'],
      ],
      'text_layer',
    );
    expect(result.extracted_data.total_amount).toBe(2752.8);
  });
});

describe('misreadOf', () => {
  it('accepts one glyph changed, lost or added, and a lost separator', () => {
    expect(misreadOf({ value: 835, hasDecimals: false }, 635)).toBe(true);
    expect(misreadOf({ value: 1975, hasDecimals: false }, 975)).toBe(true);
    expect(misreadOf({ value: 2399.84, hasDecimals: true }, 399.84)).toBe(true);
    expect(misreadOf({ value: 207420, hasDecimals: false }, 2074.2)).toBe(true);
    expect(misreadOf({ value: 9270291, hasDecimals: false }, 2782.91)).toBe(true);
  });

  it('refuses amounts two glyphs apart or of another size', () => {
    expect(misreadOf({ value: 842.5, hasDecimals: true }, 1036)).toBe(false);
    expect(misreadOf({ value: 2450, hasDecimals: false }, 3345)).toBe(false);
    expect(misreadOf({ value: 19270291, hasDecimals: false }, 2782.91)).toBe(false);
    expect(misreadOf({ value: 605.13, hasDecimals: true }, 3207.29)).toBe(false);
  });
});
