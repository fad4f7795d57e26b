import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * A generic date label that other words qualify in its segment ("Quotation date", "Date du devis",
 * "Fecha de oferta") labels another date than the document's (fields/date-labels.ts): an
 * unqualified "Date" beside it gives the document's date, printed before or after it.
 */

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' });

/** An order's buyer, number, one row and its total; the dates go in by the test. */
const body: Placed[] = [
  ...lines(50, 110, ['Ship To', 'Northern Systems Inc.', '201 Commerce Street', 'Leeds LS1 4DY']),
  { x: 340, y: 95, text: 'P.O. #' },
  { x: 470, y: 95, text: 'PO-2023-18114' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Quantity' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Notebook' },
  { x: 330, y: 318, text: '5' },
  { x: 440, y: 318, text: '60.30' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '60.30' },
];

/** Two labelled rows of the right column, the first at y 110. */
const rows = (a: [string, string], b: [string, string]): Placed[] => [
  { x: 340, y: 110, text: a[0] },
  { x: 470, y: 110, text: a[1] },
  { x: 340, y: 125, text: b[0] },
  { x: 470, y: 125, text: b[1] },
];

describe('a generic date label qualified by other words is another date', () => {
  it.each([
    ['Quotation date', '2021-11-14', 'Date', '2021-11-17'],
    ['Date du devis', '26/10/2021', 'Date', '03/11/2021'],
    ['Fecha de oferta', '14.10.2023', 'Fecha', '28.10.2023'],
  ])('"%s" printed first leaves the order date to the unqualified label', (other, otherValue, own, ownValue) => {
    const result = order([...rows([other, otherValue], [own, ownValue]), ...body]).extracted_data;
    const iso = ownValue.includes('-') ? ownValue : ownValue.split(/[./]/).reverse().join('-');
    expect(result.order_date).toBe(iso);
  });

  it('printed after the document date, it is still not taken', () => {
    const result = order([...rows(['Date', '2021-11-17'], ['Quotation date', '2021-11-14']), ...body]).extracted_data;
    expect(result.order_date).toBe('2021-11-17');
  });

  it('where it is the only date, it is still found', () => {
    const only = order([{ x: 340, y: 110, text: 'Quotation date' }, { x: 470, y: 110, text: '2021-11-14' }, ...body]);
    expect(only.extracted_data.order_date).toBe('2021-11-14');
  });

  it('words before a capitalised label in its segment are not its qualifier (a name set close beside it)', () => {
    const placed: Placed[] = [
      { x: 200, y: 110, text: 'Castilla Alimentación S.L. Fecha' },
      { x: 470, y: 110, text: '28.10.2023' },
      { x: 340, y: 125, text: 'Fecha de oferta' },
      { x: 470, y: 125, text: '14.10.2023' },
      ...body,
    ];
    expect(order(placed).extracted_data.order_date).toBe('2023-10-28');
  });
});
