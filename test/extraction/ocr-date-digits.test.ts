import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * Numeric dates as OCR reads them (values/dates.ts): look-alike glyphs for digits ("l2.O3.2024",
 * "1S.03.2024"), a dot read as a comma ("12,03.2024"), spaces around the dots ("12 . 03 . 2024");
 * and which order an ambiguous date is read in where only the currency says (values/conventions.ts).
 */

function invoice(date: string, total = 'Total 105.17 EUR', more: Placed[] = []) {
  const items: Placed[] = [
    { x: 40, y: 40, text: 'Rechnung' },
    { x: 340, y: 110, text: 'Rechnungsnummer' },
    { x: 470, y: 110, text: 'RE-10452' },
    { x: 340, y: 125, text: 'Rechnungsdatum' },
    { x: 470, y: 125, text: date },
    { x: 340, y: 400, text: total },
    ...more,
  ];
  const read = doc([
    page(
      items.map((i) => ({ ...i, confidence: 0.9 })),
      { source: 'ocr' },
    ),
  ]);
  return extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
}

describe('OCR numeric dates', () => {
  it.each([
    ['l2.O3.2024', '2024-03-12'],
    ['1S.03.2024', '2024-03-15'],
    ['3O.O6.2O2l', '2021-06-30'],
  ])('look-alike glyphs inside a date shape: "%s" is %s', (printed, iso) => {
    expect(invoice(printed).invoice_date).toBe(iso);
  });

  it.each([
    ['12,03.2024', '2024-03-12'],
    ['12.03,2024', '2024-03-12'],
    ['12 . 03 . 2024', '2024-03-12'],
  ])('a dot read as a comma or set apart: "%s" is %s', (printed, iso) => {
    expect(invoice(printed).invoice_date).toBe(iso);
  });

  it('an amount, a pair of amounts and a run of fewer than four digits are no dates', () => {
    expect(invoice('12,03').invoice_date).toBeUndefined();
    expect(invoice('26. 1.61').invoice_date).toBeUndefined();
    expect(invoice('lS.lO.2OlS').invoice_date).toBeUndefined();
  });
});

describe('day or month first, from the currency alone', () => {
  const due = (printed: string): Placed[] => [
    { x: 340, y: 140, text: 'Due date' },
    { x: 470, y: 140, text: printed },
  ];
  it('Australian, New Zealand and Singapore dollars write the day first', () => {
    for (const money of ['A$ 105.17', 'NZ$ 105.17', 'S$ 105.17', '105.17 AUD'])
      expect(invoice('01/09/2021', `Total ${money}`, due('01/10/2021')).invoice_date).toBe('2021-09-01');
  });

  it('a plain dollar sign or US$ writes the month first', () => {
    for (const money of ['$105.17', 'US$ 105.17'])
      expect(invoice('01/09/2021', `Total ${money}`, due('01/10/2021')).invoice_date).toBe('2021-01-09');
  });
});
