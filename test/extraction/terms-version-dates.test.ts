import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * General terms printed after an invoice carry the date of their version ("Version dated 1 June
 * 2023"). "Dated" alone is an invoice date's label ("Dated: 05/02/2024" in a header cell), but the
 * words before it say whose date it is: the terms' version, not the invoice's.
 */

const invoicePage: Placed[] = [
  ...lines(50, 40, ['Harrow & Vale Joinery', '22 Station Road', 'Reading RG1 1LX']),
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'RE48969' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '05/02/2024' },
  { x: 50, y: 300, text: 'Labour' },
  { x: 440, y: 300, text: '240.00' },
  { x: 340, y: 330, text: 'Total due' },
  { x: 440, y: 330, text: '£288.00' },
];

const termsPage = (dated: string): Placed[] => [
  { x: 50, y: 40, text: 'Terms and Conditions of Harrow & Vale Joinery' },
  { x: 50, y: 56, text: dated },
  { x: 50, y: 80, text: '1. Payment. Invoices are payable within 30 days of the invoice date.' },
];

const invoiceDate = (pages: Placed[][]) =>
  extractFields(doc(pages.map((p) => page(p))), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' })
    .extracted_data.invoice_date;

describe("the terms' version date after an invoice", () => {
  it('"Version dated" dates the terms, not the invoice', () => {
    expect(invoiceDate([invoicePage, termsPage('Version dated 1 June 2023')])).toBe('2024-02-05');
  });

  it('"Dated" alone in its cell still labels the invoice date', () => {
    const dated = invoicePage.map((p) => (p.text === 'Invoice Date' ? { ...p, text: 'Dated' } : p));
    expect(invoiceDate([dated])).toBe('2024-02-05');
  });
});
