import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * Service periods beside an invoice's own date (values/dates.ts): "July 1 - July 31, 2024" is no
 * date of 2031 (the "31" is July's day, not a two-digit year), and the short dates of a period
 * ("1.6.25 - 30.6.25") are no time of day that would make one of them a receipt's sale date.
 */

function invoice(rows: [string, string][], source: 'text_layer' | 'ocr' = 'text_layer') {
  const items: Placed[] = [
    { x: 40, y: 40, text: 'INVOICE' },
    { x: 340, y: 95, text: 'Invoice No.' },
    { x: 470, y: 95, text: 'INV-2024-0042' },
    ...rows.flatMap(([label, value], i): Placed[] => [
      { x: 340, y: 110 + i * 15, text: label },
      { x: 470, y: 110 + i * 15, text: value },
    ]),
    { x: 50, y: 300, text: 'Description' },
    { x: 440, y: 300, text: 'Amount' },
    { x: 50, y: 318, text: 'Consulting hours' },
    { x: 440, y: 318, text: '420.50' },
    { x: 380, y: 350, text: 'Total' },
    { x: 440, y: 350, text: '420.50' },
  ];
  const read = doc([page(source === 'ocr' ? items.map((i) => ({ ...i, confidence: 0.9 })) : items, { source })]);
  return extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
}

describe('a service period beside the invoice date', () => {
  it('"July 1 - July 31, 2024" printed first is not the invoice date', () => {
    const result = invoice([
      ['Billing period', 'July 1 - July 31, 2024'],
      ['Invoice Date', 'August 3, 2024'],
    ]);
    expect(result.extracted_data.invoice_date).toBe('2024-08-03');
  });

  it('"July 1 - July 31, 2024" is no date of 2031: where it is the only date, it is July 31', () => {
    expect(invoice([['Period', 'July 1 - July 31, 2024']]).extracted_data.invoice_date).toBe('2024-07-31');
  });

  it('the short dates of a period read by OCR are no time beside the first of them', () => {
    const result = invoice(
      [
        ['Berlin,', '14.7.25'],
        ['Leistungszeitraum', '1.6.25 - 30.6.25'],
      ],
      'ocr',
    );
    expect(result.extracted_data.invoice_date).toBe('2025-07-14');
  });

  it('the French month cut to "aoû" is August', () => {
    expect(invoice([['Date de facture', '03-AOÛ-24']]).extracted_data.invoice_date).toBe('2024-08-03');
  });
});
