import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * Invoicing programs that print no due date field often say it in a sentence under the totals
 * ("Der Rechnungsbetrag ist bis zum 16.12.2024 fällig.", "À régler avant le 16/12/2024."): the
 * words before the date are the due date's label. A service period ("vom ... bis zum ...") stays
 * no due date.
 */

const extract = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
const invoice = (placed: Placed[]) => extract(placed).extracted_data;

/** A seller, a number and date, one item, the totals, and the lines given under them. */
const withFooter = (date: string, footer: string[], totals = ['Subtotal', 'VAT', 'Total']): Placed[] => [
  { x: 40, y: 30, text: 'Blue Heron Press Ltd' },
  { x: 40, y: 44, text: '14 Mill Lane, Bristol BS1 4DJ' },
  { x: 300, y: 90, text: 'Invoice No. 2024-118' },
  { x: 300, y: 104, text: date },
  { x: 40, y: 200, text: 'Description' },
  { x: 480, y: 200, text: 'Amount' },
  { x: 40, y: 218, text: 'Logo design' },
  { x: 480, y: 218, text: '1,250.00' },
  { x: 380, y: 260, text: totals[0]! },
  { x: 480, y: 260, text: '1,250.00' },
  { x: 380, y: 274, text: totals[1]! },
  { x: 480, y: 274, text: '250.00' },
  { x: 380, y: 288, text: totals[2]! },
  { x: 480, y: 288, text: '1,500.00' },
  ...footer.map((text, i) => ({ x: 40, y: 330 + i * 14, text })),
];

describe('a due date inside a sentence', () => {
  it.each([
    ['English', 'Kindly settle this invoice by 16/12/2024.'],
    ['German', 'Der Rechnungsbetrag ist bis zum 16.12.2024 fällig.'],
    ['German', 'Bitte zahlen Sie bis 16.12.2024 ohne Abzug.'],
    ['French', 'À régler avant le 16/12/2024.'],
    ['Spanish', 'Pagar antes del 16/12/2024.'],
    ['Italian', 'Si prega di pagare entro il 16/12/2024.'],
    ['Portuguese', 'Pagamento até 16/12/2024.'],
  ])('is read from the words before it (%s)', (_, sentence) => {
    const found = invoice(withFooter('Date: 16/11/2024', [sentence]));
    expect(found.due_date).toBe('2024-12-16');
    expect(found.invoice_date).toBe('2024-11-16');
  });

  it('is no service period\'s end ("vom ... bis zum ...")', () => {
    const found = invoice(
      withFooter('Rechnungsdatum: 16.11.2024', ['Leistungszeitraum vom 01.10.2024 bis zum 31.10.2024']),
    );
    expect(found.due_date).toBeUndefined();
  });
});
