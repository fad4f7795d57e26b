import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * Line items printed as labelled blocks, as e-invoice viewers print them (fields/item-blocks.ts):
 * each item a run of label and value pairs, the value in a column of its own or after the label's
 * colon, often under a heading ("Position 1", "Invoice line 2").
 */

const TOP: Placed[] = [
  ...lines(50, 40, ['Nordlicht Bürobedarf GmbH', 'Hafenstraße 12', '20095 Hamburg']),
  { x: 430, y: 40, text: 'Rechnung' },
  { x: 330, y: 110, text: 'Rechnungsnummer:' },
  { x: 460, y: 110, text: 'RE-2023-0117' },
  { x: 330, y: 124, text: 'Rechnungsdatum:' },
  { x: 460, y: 124, text: '19.03.2023' },
];

/** Blocks of pairs from y = 200, 14 points a line, a heading over each block and a gap after it. */
function blocks(headings: string[], pairs: [string, string][][], valueX: number | null): Placed[] {
  const placed: Placed[] = [];
  let y = 200;
  pairs.forEach((block, i) => {
    placed.push({ x: 50, y, text: headings[i]! });
    y += 14;
    for (const [label, value] of block) {
      if (valueX === null) placed.push({ x: 60, y, text: `${label} ${value}` });
      else placed.push({ x: 60, y, text: label }, { x: valueX, y, text: value });
      y += 14;
    }
    y += 14;
  });
  return placed;
}

function totals(y: number, pairs: [string, string][]): Placed[] {
  return pairs.flatMap(([label, value], i) => [
    { x: 50, y: y + i * 14, text: label },
    { x: 300, y: y + i * 14, text: value },
  ]);
}

const items = (placed: Placed[]) =>
  extractFields(doc([page(placed)]), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data
    .line_items;

describe('line items as labelled blocks', () => {
  it('German pairs with the values in a column: one item per "Pos." block', () => {
    const placed = [
      ...TOP,
      ...blocks(
        ['Pos. 1', 'Pos. 2'],
        [
          [
            ['Bezeichnung:', 'Notizbuch'],
            ['Menge:', '12 HUR'],
            ['Nettopreis:', '3,54'],
            ['USt.:', 'S 19 %'],
            ['Nettobetrag der Position:', '42,48'],
          ],
          [
            ['Bezeichnung:', 'Tonerkartusche'],
            ['Menge:', '9 HUR'],
            ['Nettopreis:', '1,13'],
            ['USt.:', 'S 19 %'],
            ['Nettobetrag der Position:', '10,17'],
          ],
        ],
        250,
      ),
      ...totals(420, [
        ['Summe aller Positionen netto:', '52,65'],
        ['Gesamtbetrag der USt.:', '10,00'],
        ['Gesamtbetrag einschl. USt.:', '62,65'],
      ]),
    ];
    expect(items(placed)).toEqual([
      { description: 'Notizbuch', quantity: 12, unit_price: 3.54, amount: 42.48 },
      { description: 'Tonerkartusche', quantity: 9, unit_price: 1.13, amount: 10.17 },
    ]);
  });

  it('English business-term labels after their colon: "Item net price" is a price, not a description', () => {
    const placed = [
      ...TOP,
      ...blocks(
        ['Invoice line 1'],
        [
          [
            ['Item name (BT-153):', 'Copy paper A4'],
            ['Invoiced quantity (BT-129):', '4 H87'],
            ['Item net price (BT-146):', '0.69'],
            ['Invoice line net amount (BT-131):', '2.76'],
          ],
        ],
        null,
      ),
      ...totals(300, [['Invoice total amount with VAT (BT-112):', '3.04']]),
    ];
    expect(items(placed)).toEqual([{ description: 'Copy paper A4', quantity: 4, unit_price: 0.69, amount: 2.76 }]);
  });

  it('Dutch labels ("Artikelnaam", "Gefactureerde hoeveelheid", "Nettoprijs", "Regelbedrag netto")', () => {
    const placed = [
      ...TOP,
      ...blocks(
        ['Factuurregel 1', 'Factuurregel 2'],
        [
          [
            ['Artikelnaam:', 'Bureaustoel'],
            ['Gefactureerde hoeveelheid:', '2,25 H87'],
            ['Nettoprijs:', '142,14 EUR'],
            ['Regelbedrag netto:', '319,82 EUR'],
          ],
          [
            ['Artikelnaam:', 'Verzendkosten'],
            ['Gefactureerde hoeveelheid:', '1 H87'],
            ['Nettoprijs:', '12,50 EUR'],
            ['Regelbedrag netto:', '12,50 EUR'],
          ],
        ],
        250,
      ),
    ];
    expect(items(placed)).toEqual([
      { description: 'Bureaustoel', quantity: 2.25, unit_price: 142.14, amount: 319.82 },
      { description: 'Verzendkosten', quantity: 1, unit_price: 12.5, amount: 12.5 },
    ]);
  });

  it('OCR\'d pairs whose colon touches the value ("VAT:S 7%") keep their block open', () => {
    const placed = [
      ...TOP,
      ...blocks(
        ['Line 1'],
        [
          [
            ['Item:', 'Office chair'],
            ['Quantity:', '6.25 HUR'],
            ['Net price:', '1.06 USD'],
            ['VAT:S', '7%'],
            ['Invoice line net amount:', '6.63 USD'],
          ],
        ],
        null,
      ),
    ];
    const read = extractFields(doc([page(placed, { source: 'ocr' })]), [...RECOMMENDED_FIELDS.invoice], {
      documentType: 'invoice',
    }).extracted_data.line_items;
    expect(read).toEqual([{ description: 'Office chair', quantity: 6.25, unit_price: 1.06, amount: 6.63 }]);
  });

  it('a description pair with one number beside it is no item (a header block, not an item)', () => {
    const placed = [
      ...TOP,
      ...blocks(
        ['Leistung'],
        [
          [
            ['Bezeichnung:', 'Wartungsvertrag 2023'],
            ['Betrag:', '500,00'],
          ],
        ],
        250,
      ),
    ];
    expect(items(placed)).toBeUndefined();
  });

  it('a table under a header is read as a table; blocks are only where no table is found', () => {
    const placed = [
      ...TOP,
      { x: 50, y: 200, text: 'Bezeichnung' },
      { x: 300, y: 200, text: 'Menge' },
      { x: 380, y: 200, text: 'Preis' },
      { x: 480, y: 200, text: 'Betrag' },
      { x: 50, y: 214, text: 'Notizbuch' },
      { x: 300, y: 214, text: '2' },
      { x: 380, y: 214, text: '3,00' },
      { x: 480, y: 214, text: '6,00' },
      ...totals(260, [['Gesamtbetrag:', '6,00']]),
    ];
    expect(items(placed)).toEqual([{ description: 'Notizbuch', quantity: 2, unit_price: 3, amount: 6 }]);
  });
});
