import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * Invoicing programs that print no due date field often say it in a sentence under the totals
 * ("Der Rechnungsbetrag ist bis zum 16.12.2024 fällig.", "À régler avant le 16/12/2024."): the
 * words before the date are the due date's label. A service period ("vom ... bis zum ...") stays
 * no due date, and a subtotal printed as "Net" alone is read over its tax and total.
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

  // Wordings no label list holds: read by their parts, a deadline word before the date and a
  // payment word in the sentence (lexicons/deadline-words.json).
  it.each([
    ['English', 'Kindly arrange payment no later than 16/12/2024, thank you.'],
    ['English', 'The amount must be paid before 16/12/2024.'],
    ['German', 'Wir bitten um Zahlung bis spätestens 16.12.2024.'],
    ['German', 'Bitte begleichen Sie den offenen Betrag vor dem 16.12.2024.'],
    ['French', 'Le paiement doit nous parvenir au plus tard le 16/12/2024.'],
    ['Spanish', 'El importe deberá abonarse antes del 16/12/2024.'],
    ['Italian', 'Il saldo dovrà avvenire entro il 16/12/2024.'],
    ['Portuguese', 'O pagamento deve ser efetuado até 16/12/2024.'],
    ['Dutch', 'Het bedrag dient uiterlijk 16-12-2024 te worden voldaan.'],
    ['Polish', 'Prosimy o uregulowanie należności do 16.12.2024.'],
  ])('is read from a deadline word and a payment word in any wording (%s)', (_, sentence) => {
    const found = invoice(withFooter('Date: 16/11/2024', [sentence]));
    expect(found.due_date).toBe('2024-12-16');
    expect(found.invoice_date).toBe('2024-11-16');
  });

  it("is the net deadline, not a discount's (German Skonto terms)", () => {
    const found = invoice(
      withFooter('Datum: 05.03.2013', [
        'Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto innerhalb 10 Tagen bis 15.03.2013',
      ]),
    );
    expect(found.due_date).toBe('2013-04-04');
  });

  it.each([
    ['a deadline without payment', 'Lieferung bis spätestens 16.12.2024.'],
    ["an offer's validity", 'This quotation is valid until 16/12/2024.'],
    ['a payment sentence ended before the date', 'Please pay promptly. Delivery before 16/12/2024.'],
    ['a period of payments', 'Zahlungen im Zeitraum 01.12.2024 bis 16.12.2024 werden verrechnet.'],
  ])('is not read from %s', (_, sentence) => {
    const found = invoice(withFooter('Date: 16/11/2024', [sentence]));
    expect(found.due_date).toBeUndefined();
  });

  it('is no service period\'s end ("vom ... bis zum ...")', () => {
    const found = invoice(
      withFooter('Rechnungsdatum: 16.11.2024', ['Leistungszeitraum vom 01.10.2024 bis zum 31.10.2024']),
    );
    expect(found.due_date).toBeUndefined();
  });
});

describe('the totals block of UK accounting printouts', () => {
  it('reads "Net" alone over the VAT and the total as the subtotal', () => {
    const found = invoice(withFooter('Date: 16/11/2024', [], ['Net', 'VAT', 'Total']));
    expect(found.subtotal).toBe(1250);
    expect(found.total_amount).toBe(1500);
  });

  it('reads no subtotal from an item column headed "Net"', () => {
    const found = invoice([
      { x: 40, y: 30, text: 'Blue Heron Press Ltd' },
      { x: 300, y: 90, text: 'Invoice No. 2024-118' },
      { x: 300, y: 104, text: 'Date: 16/11/2024' },
      { x: 40, y: 200, text: 'Description' },
      { x: 300, y: 200, text: 'Net' },
      { x: 400, y: 200, text: 'VAT' },
      { x: 480, y: 200, text: 'Gross' },
      { x: 40, y: 218, text: 'Logo design' },
      { x: 300, y: 218, text: '1,000.00' },
      { x: 400, y: 218, text: '200.00' },
      { x: 480, y: 218, text: '1,200.00' },
      { x: 40, y: 232, text: 'Print run' },
      { x: 300, y: 232, text: '250.00' },
      { x: 400, y: 232, text: '50.00' },
      { x: 480, y: 232, text: '300.00' },
      { x: 380, y: 274, text: 'Total VAT' },
      { x: 480, y: 274, text: '250.00' },
      { x: 380, y: 288, text: 'Total' },
      { x: 480, y: 288, text: '1,500.00' },
    ]);
    expect(found.subtotal).not.toBe(1000);
    expect(found.total_amount).toBe(1500);
  });
});

describe("Google Docs' invoice template", () => {
  it('is sure of the date under the heading "SUBMITTED ON"', () => {
    const result = extract([
      { x: 40, y: 30, text: 'Blue Heron Press Ltd' },
      { x: 40, y: 90, text: 'SUBMITTED ON' },
      { x: 200, y: 90, text: 'INVOICE FOR' },
      { x: 380, y: 90, text: 'INVOICE #' },
      { x: 40, y: 104, text: '16/11/2024' },
      { x: 200, y: 104, text: 'Harbour Cafe' },
      { x: 380, y: 104, text: '000118' },
      { x: 40, y: 200, text: 'Description' },
      { x: 480, y: 200, text: 'Amount' },
      { x: 40, y: 218, text: 'Menu design, 02/11/2024' },
      { x: 480, y: 218, text: '400.00' },
      { x: 380, y: 260, text: 'TOTAL' },
      { x: 480, y: 260, text: '400.00' },
    ]);
    // The only date at the top is the likely invoice date even unlabelled; its label makes it sure.
    expect(result.extracted_data.invoice_date).toBe('2024-11-16');
    expect(result.confidence.invoice_date).toBeGreaterThanOrEqual(0.9);
  });
});
