import { describe, expect, it } from 'vitest';
import { extractFields, type FieldDefinition } from '@intake/core';
import { doc } from './synthetic.js';

const date = (name = 'invoice_date'): FieldDefinition => ({
  name,
  type: 'date',
  required: true,
  description: 'Date the invoice was issued',
});
const dateOf = (text: string, extra: string[] = []) =>
  extractFields(
    doc([
      { x: 40, y: 100, text: `Invoice Date: ${text}` },
      ...extra.map((t, i) => ({ x: 40, y: 300 + i * 14, text: t })),
    ]),
    [date()],
  ).extracted_data.invoice_date;

describe('dates', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['05.03.2024', '2024-03-05'],
    ['5.3.24', '2024-03-05'],
    ['25/12/2023', '2023-12-25'],
    ['12/25/2023', '2023-12-25'],
    ['25-12-2023', '2023-12-25'],
    ['March 5, 2024', '2024-03-05'],
    ['Mar 5 2024', '2024-03-05'],
    ['5 March 2024', '2024-03-05'],
    ['5th March 2024', '2024-03-05'],
    ['05-MAR-2024', '2024-03-05'],
    ['5. März 2024', '2024-03-05'],
    ['29 maart 2014', '2014-03-29'],
    ['1er février 2024', '2024-02-01'],
    ['15 de marzo de 2024', '2024-03-15'],
  ])('reads "%s" as %s', (text, iso) => {
    expect(dateOf(text)).toBe(iso);
  });

  it('reads an ambiguous numeric date the way the rest of the document writes dates', () => {
    expect(dateOf('03/04/2024', ['Delivered 25/04/2024'])).toBe('2024-04-03');
    expect(dateOf('03/04/2024', ['Delivered 04/25/2024'])).toBe('2024-03-04');
  });

  it('takes no witness from numbers that cannot be a date ("2.90 .00": two amounts OCR spaced)', () => {
    expect(dateOf('08/04/2018', ['CASH 2.90 .00'])).toBe('2018-04-08');
    expect(dateOf('08/04/2018', ['Delivered 04/25/2018'])).toBe('2018-08-04');
  });

  it('reads an ambiguous date month-first on a dollar document and day-first on a euro one', () => {
    expect(dateOf('03/04/2024', ['Total $ 10.00'])).toBe('2024-03-04');
    expect(dateOf('03/04/2024', ['Total 10,00 €'])).toBe('2024-04-03');
  });

  it('reads it month-first on a document addressed in the United States, without any currency', () => {
    expect(dateOf('8/1/2019', ['Redmond, WA 98052'])).toBe('2019-08-01');
    expect(dateOf('8/1/2019', ['Issaquah, WA 98029-1234'])).toBe('2019-08-01');
    // "DE 80333" is a German postcode with its country code, not Delaware.
    expect(dateOf('8/1/2019', ['Lieferantenstraße 20, DE 80333 München'])).toBe('2019-01-08');
  });

  it('reads it day-first where the dollars are of a country that writes day-first', () => {
    for (const money of ['A$ 10.00', 'AUD 10.00', 'NZ$10.00', 'S$ 10.00', 'HK$ 10.00', 'C$ 10.00', 'Rs. 10.00'])
      expect(dateOf('03/04/2024', [`Total ${money}`]), money).toBe('2024-04-03');
    // Registrations and an Australian state with its postcode outvote a bare "$".
    expect(dateOf('03/04/2024', ['ABN 51 824 753 556', 'Total $10.00'])).toBe('2024-04-03');
    expect(dateOf('03/04/2024', ['Sydney NSW 2000', 'Total $10.00'])).toBe('2024-04-03');
    expect(dateOf('03/04/2024', ['Total $10.00'])).toBe('2024-03-04');
  });

  it('reads it the way the payment terms lead from the document date to the due date', () => {
    // Net 30 from 3 April is 3 May: day-first, whatever the dollar says.
    expect(dateOf('03/04/2024', ['Due 03/05/2024', 'Terms: Net 30', 'Total $10.00'])).toBe('2024-04-03');
    expect(dateOf('04/03/2024', ['Due 05/03/2024', 'Terms: Net 30', 'Total 10,00 €'])).toBe('2024-04-03');
    expect(dateOf('03/04/2024', ['Fällig 17/04/2024', 'Zahlbar innerhalb 14 Tagen', 'Total $10.00'])).toBe(
      '2024-04-03',
    );
    expect(dateOf('03/04/2024', ['Échéance 03/05/2024', 'Paiement à 30 jours', 'Total $10.00'])).toBe('2024-04-03');
    // Two dates a day apart read as a month apart under the other order (4 and 5 August, or 8 April
    // and 8 May) are no due date: the terms lead to the page's latest date or settle nothing.
    expect(dateOf('04/08/2023', ['Order date 05/08/2023', 'Need by 12/08/2023', 'Net 30', 'Total HK$ 10.00'])).toBe(
      '2023-08-04',
    );
    // Terms that fit neither reading settle nothing.
    expect(dateOf('03/04/2024', ['Due 03/05/2024', 'Terms: Net 45', 'Total $10.00'])).toBe('2024-03-04');
  });

  it('reads it the way a date with its month name on the page orders day and month', () => {
    expect(dateOf('03/04/2024', ['Printed 28 March 2024', 'Total $10.00'])).toBe('2024-04-03');
    expect(dateOf('03/04/2024', ['Printed March 28, 2024'])).toBe('2024-03-04');
  });

  it('does not read invalid dates or long ids as dates', () => {
    expect(dateOf('31.02.2024')).toBeUndefined();
    expect(dateOf('E2018092011804')).toBeUndefined();
  });
});

describe('amounts', () => {
  const total: FieldDefinition = { name: 'total_amount', type: 'currency', required: true, description: 'Grand total' };
  const amountOf = (text: string) =>
    extractFields(doc([{ x: 40, y: 100, text: `Total: ${text}` }]), [total]).extracted_data.total_amount;

  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['€ 1.234,56', 1234.56],
    ['1 234,56 EUR', 1234.56],
    ['$6,547.55', 6547.55],
    ['USD 99.90', 99.9],
    ['RM29.30', 29.3],
    ['12,00', 12],
    ['1,000', 1000],
    ['0,025', 0.025],
    ['15.387,0800', 15387.08],
    ['£ 12', 12],
  ])('reads "%s" as %d', (text, value) => {
    expect(amountOf(text)).toBe(value);
  });

  it('does not take a percentage or a date for an amount', () => {
    expect(amountOf('19 %')).toBeUndefined();
    expect(amountOf('01.02.2024')).toBeUndefined();
  });
});

describe('emails, phones and booleans', () => {
  const fields: FieldDefinition[] = [
    { name: 'contact_email', type: 'email', required: false, description: 'E-mail of the vendor' },
    { name: 'phone', type: 'phone', required: false, description: 'Telephone number' },
    { name: 'paid', type: 'boolean', required: false, description: 'Whether the invoice is paid' },
  ];

  it('finds each next to its label', () => {
    const page = doc([
      { x: 40, y: 100, text: 'Contact email: billing@acme.example' },
      { x: 40, y: 114, text: 'Phone: +49 (30) 123 456-78' },
      { x: 40, y: 128, text: 'Paid: yes' },
    ]);
    expect(extractFields(page, fields).extracted_data).toEqual({
      contact_email: 'billing@acme.example',
      phone: '+49 (30) 123 456-78',
      paid: true,
    });
  });

  it('reads no and nein as false', () => {
    expect(extractFields(doc([{ x: 40, y: 100, text: 'Paid: nein' }]), [fields[2]!]).extracted_data.paid).toBe(false);
  });
});
