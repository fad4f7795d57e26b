import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { atTaxRate, COMPLETED_CEILING } from '../../packages/core/src/extraction/plausibility/complete-amounts.js';
import { doc, type Placed } from './synthetic.js';

/**
 * Totals blocks printed without labels, right-aligned under the rows' amounts: the total is the
 * column's last sum, the two amounts right above it its net and tax where the tax is a rate's
 * share of the net (plausibility/complete-amounts.ts), in any language.
 */

const CHAR_WIDTH = 6;
const RIGHT = 545;

/** Text whose right edge is at `right` (6 points a character, as synthetic.ts places words). */
const ending = (y: number, text: string, right = RIGHT): Placed => ({ x: right - text.length * CHAR_WIDTH, y, text });

function table(header: string[], rows: [string, string, string, string][], foot: string[]) {
  const [description, quantity, price, amount] = header as [string, string, string, string];
  const placed: Placed[] = [
    { x: 50, y: 260, text: description },
    { x: 300, y: 260, text: quantity },
    { x: 380, y: 260, text: price },
    ending(260, amount),
  ];
  rows.forEach(([d, q, p, a], i) => {
    const y = 280 + i * 16;
    placed.push({ x: 50, y, text: d }, { x: 300, y, text: q }, ending(y, p, 440), ending(y, a));
  });
  foot.forEach((text, i) => placed.push(ending(290 + rows.length * 16 + i * 14, text)));
  return placed;
}

const head = (title: string, number: string, date: string): Placed[] => [
  { x: 50, y: 60, text: 'Visser Logistiek B.V.' },
  { x: 50, y: 74, text: 'Marktplein 23, 3511 BK Utrecht' },
  { x: 340, y: 120, text: title },
  { x: 470, y: 120, text: number },
  { x: 340, y: 135, text: 'Datum' },
  { x: 470, y: 135, text: date },
];

const extract = (type: 'invoice' | 'purchase_order', placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS[type]], { documentType: type });

describe('a totals block without labels', () => {
  it('gives a Dutch invoice its net and tax above the total, and the last sum for its total', () => {
    const result = extract('invoice', [
      ...head('Factuurnummer', 'F-2024-118', '12-03-2024'),
      ...table(
        ['Artikel', 'Aantal', 'Stukprijs', 'Totaal'],
        [
          ['Koffiebonen 1 kg', '1', '297,72 €', '297,72 €'],
          ['Tonercartridge', '2', '0,78 €', '1,56 €'],
          ['Tonercartridge', '7', '24,70 €', '172,90 €'],
          ['Koffiebonen 1 kg', '5', '3,17 €', '15,85 €'],
        ],
        ['488,03 €', '102,49 €', '590,52 €'],
      ),
    ]);
    expect(result.extracted_data).toMatchObject({ subtotal: 488.03, tax_amount: 102.49, total_amount: 590.52 });
    // No label says what they are: the document goes to review.
    expect(result.confidence.subtotal).toBeLessThanOrEqual(COMPLETED_CEILING);
    expect(result.confidence.tax_amount).toBeLessThanOrEqual(COMPLETED_CEILING);
  });

  it('takes the column sum for a German order under a "Summe" heading, not the first row', () => {
    const result = extract('purchase_order', [
      ...head('Bestellnummer', 'BE41478', '19.09.2024'),
      ...table(
        ['Artikel', 'Menge', 'Preis', 'Summe'],
        [
          ['Schreibtischlampe', '1', '0,80 EUR', '0,80 EUR'],
          ['Mineralwasser', '5', '0,25 EUR', '1,25 EUR'],
          ['Bürostuhl', '9', '1,35 EUR', '12,15 EUR'],
        ],
        // 19% of 14,20 as the tax.
        ['14,20 EUR', '2,70 EUR', '16,90 EUR'],
      ),
    ]);
    expect(result.extracted_data.total_amount).toBe(16.9);
  });

  it('passes over a one-row table whose amount is printed again as the net', () => {
    const result = extract('purchase_order', [
      ...head('Bestelnummer', 'BE-2291', '19-09-2024'),
      ...table(
        ['Artikel', 'Aantal', 'Stukprijs', 'Totaal'],
        [['Schoonmaak', '1', '282,46 €', '282,46 €']],
        ['282,46 €', '28,25 €', '310,71 €'],
      ),
    ]);
    expect(result.extracted_data.total_amount).toBe(310.71);
  });

  it('never reads a quantity and the price in the next column as one amount grouped by a space', () => {
    // An order's labels in a strip, one row whose "1" and "105.59 kr" stand in two columns: no
    // 1 105.59, larger than any total, but three bare amounts under the amount column.
    const row = (y: number, cells: [number, string][]): Placed[] => cells.map(([x, text]) => ({ x, y, text }));
    const placed = (rows: [string, string, string, string][], foot: string[]): Placed[] => [
      { x: 50, y: 31, text: 'Northern Hardware Ltd' },
      { x: 348, y: 73, text: 'PURCHASE ORDER', height: 24 },
      ...row(111, [
        [50, 'Supplier'],
        [340, 'Bill To'],
      ]),
      ...row(123, [
        [50, 'Granite Consulting'],
        [340, 'Northern Hardware Ltd'],
      ]),
      ...row(287, [
        [50, 'P.O. #'],
        [215, 'Delivery date'],
        [380, 'PO Date'],
      ]),
      ...row(300, [
        [50, 'OC-2023-22334'],
        [215, '27.6.21'],
        [380, '3.7.21'],
      ]),
      ...row(343, [
        [50, 'Product'],
        [315, 'Qty'],
        [416, 'Price'],
        [509, 'Amount'],
      ]),
      ...rows.flatMap(([d, q, p, a], i) => [
        { x: 50, y: 361 + i * 18, text: d },
        ending(361 + i * 18, q, 330),
        ending(361 + i * 18, p, 440),
        ending(361 + i * 18, a),
      ]),
      // The total in bold, a size up, as the summary prints it.
      ...foot.map((text, i) => ({
        ...ending(361 + rows.length * 18 + 16 + i * 16, text),
        ...(i === foot.length - 1 ? { height: 13 } : {}),
      })),
    ];
    const english = extract(
      'purchase_order',
      placed([['USB-C cable', '1', '105.59 kr', '105.59 kr']], ['105.59 kr', '8.71 kr', '114.30 kr']),
    );
    expect(english.extracted_data.total_amount).toBe(114.3);
    // "10" and "155,96 €" are no 10 155,96 (French digits grouped by spaces).
    const french = extract(
      'purchase_order',
      placed(
        [
          ['Lampe de bureau', '10', '0,97 €', '9,70 €'],
          ['Nettoyage', '10', '155,96 €', '1 559,60 €'],
        ],
        ['1 569,30 €', '313,86 €', '1 883,16 €'],
      ),
    );
    expect(french.extracted_data.total_amount).toBe(1883.16);
  });

  it('reads a net and tax at a rate printed on the page (a sales tax no rate list holds)', () => {
    expect(atTaxRate(200, 17.75, [8.875])).toBe(true);
    expect(atTaxRate(200, 17.75, [])).toBe(false);
    expect(atTaxRate(205.47, 41.09, [])).toBe(true);
  });

  it('leaves the subtotal and tax out where the rows add up to the total but no rate joins them', () => {
    const result = extract('invoice', [
      ...head('Factuurnummer', 'F-2024-119', '12-03-2024'),
      ...table(
        ['Artikel', 'Aantal', 'Stukprijs', 'Bedrag'],
        [
          ['Bureaustoel', '1', '80,00 €', '80,00 €'],
          ['Notitieboek', '1', '23,00 €', '23,00 €'],
        ],
        ['103,00 €'],
      ),
    ]);
    expect(result.extracted_data.total_amount).toBe(103);
    expect(result.extracted_data.subtotal).toBeUndefined();
    expect(result.extracted_data.tax_amount).toBeUndefined();
  });

  it("takes the net over a labelled tax where the net's label is in no list", () => {
    const result = extract('invoice', [
      ...head('Rechnungsnummer', 'R-2024-180', '23.06.2024'),
      ...table(
        ['Artikel', 'Menge', 'Preis', 'Betrag'],
        [
          ['Beratung', '2', '1.500,00 €', '3.000,00 €'],
          ['Lektorat', '1', '1.200,00 €', '1.200,00 €'],
        ],
        ['Warenpreis 4.200,00 €', 'Steuer 798,00 €', 'Gesamtpreis 4.998,00 €'],
      ),
    ]);
    expect(result.extracted_data).toMatchObject({ subtotal: 4200, tax_amount: 798, total_amount: 4998 });
    expect(result.confidence.subtotal).toBeLessThanOrEqual(COMPLETED_CEILING);
  });

  it('keeps a labelled totals block as its labels say', () => {
    const result = extract('invoice', [
      ...head('Factuurnummer', 'F-2024-120', '12-03-2024'),
      ...table(
        ['Artikel', 'Aantal', 'Stukprijs', 'Totaal'],
        [['Bureaustoel', '2', '50,00 €', '100,00 €']],
        ['Subtotaal 100,00 €', 'BTW 21% 21,00 €', 'Totaal 121,00 €'],
      ),
    ]);
    expect(result.extracted_data).toMatchObject({ subtotal: 100, tax_amount: 21, total_amount: 121 });
    expect(result.confidence.total_amount).toBeGreaterThan(COMPLETED_CEILING);
  });
});
