import { describe, expect, it } from 'vitest';
import { isAddressedPerson } from '../../packages/core/src/extraction/fields/contact-persons.js';
import { findTableHeaders } from '../../packages/core/src/extraction/fields/table-header.js';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { nameBeforeLegalMention } from '../../packages/core/src/extraction/fields/party-lines.js';
import { doc, extractInvoice, lines, oneItemTable, type Placed } from './synthetic.js';

/**
 * Bills of large service companies (telecom, energy, marketplaces) print their logo as an image:
 * the seller's name is in the text only after "Sold by" or in the legal footer, while the first
 * line of text at the top is the reader's window address.
 */

/** A bill's details box, its charges and totals, with no seller named. */
const billBody: Placed[] = [
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'F482913306' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '05/11/2024' },
  { x: 50, y: 300, text: 'Description' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Monthly plan' },
  { x: 440, y: 318, text: '40.00' },
  { x: 380, y: 350, text: 'Subtotal' },
  { x: 470, y: 350, text: '40.00' },
  { x: 380, y: 366, text: 'VAT 20%' },
  { x: 470, y: 366, text: '8.00' },
  { x: 380, y: 382, text: 'Total' },
  { x: 470, y: 382, text: '48.00' },
];

describe('a seller named after "Sold by" on its own line', () => {
  const soldBy = (line: string) =>
    extractInvoice([...lines(50, 110, [line, '12 High Street, Leeds', 'VAT # GB123456789']), ...billBody]).vendor_name;

  it('is the name without its label, in English, German and French', () => {
    expect(soldBy('Sold by Brightside Goods Ltd')).toBe('Brightside Goods Ltd');
    expect(soldBy('Verkauft von Bergmann Haushaltswaren GmbH')).toBe('Bergmann Haushaltswaren GmbH');
    expect(soldBy('Vendu par Maison Colbert SARL')).toBe('Maison Colbert SARL');
  });
});

describe('a cloud bill\'s net under "Total pre-tax"', () => {
  it('is the subtotal, not the tax its last word names', () => {
    const result = extractInvoice([
      ...lines(50, 60, ['Nimbus Cloud Ltd', '5 Barrow Street', 'Dublin 4']),
      { x: 340, y: 110, text: 'Invoice number' },
      { x: 470, y: 110, text: '2938475610' },
      { x: 50, y: 300, text: 'Service' },
      { x: 440, y: 300, text: 'Amount' },
      { x: 50, y: 318, text: 'Compute Instances' },
      { x: 440, y: 318, text: 'USD 389.09' },
      { x: 50, y: 350, text: 'Total pre-tax' },
      { x: 440, y: 350, text: 'USD 389.09' },
      { x: 50, y: 366, text: 'VAT (23%)' },
      { x: 440, y: 366, text: 'USD 89.49' },
      { x: 50, y: 382, text: 'Total' },
      { x: 440, y: 382, text: 'USD 478.58' },
    ]);
    expect(result.subtotal).toBe(389.09);
    expect(result.tax_amount).toBe(89.49);
    expect(result.total_amount).toBe(478.58);
  });
});

describe('the name in a legal footer before its share capital or seat', () => {
  it('is cut before the capital in French, English, German and Italian', () => {
    expect(nameBeforeLegalMention('Azur Énergie SAS au capital de 2 500 000 €')).toBe('Azur Énergie SAS');
    expect(nameBeforeLegalMention('Kestrel Networks Ltd, share capital £1,000,000')).toBe('Kestrel Networks Ltd');
    expect(nameBeforeLegalMention('Muster Netz GmbH, Stammkapital 25.000 €')).toBe('Muster Netz GmbH');
    expect(nameBeforeLegalMention('Rossi Servizi S.r.l. capitale sociale € 10.000 i.v.')).toBe('Rossi Servizi S.r.l.');
    expect(nameBeforeLegalMention('SARL au capital de 10 000 €')).toBe('SARL');
    expect(nameBeforeLegalMention('Au capital de 10 000 €')).toBeUndefined();
    expect(nameBeforeLegalMention('Azur Énergie SAS')).toBeUndefined();
  });

  it('is cut before its registered seat in Italian, German, English, Polish and Dutch (lexicons/seat-words.json)', () => {
    expect(nameBeforeLegalMention('LOMBARDA FORNITURE con sede legale in Torino')).toBe('LOMBARDA FORNITURE');
    expect(nameBeforeLegalMention('Nordwind Textil GmbH mit Sitz in Hamburg')).toBe('Nordwind Textil GmbH');
    expect(nameBeforeLegalMention('Harbor Foods Ltd, registered in England and Wales')).toBe('Harbor Foods Ltd');
    expect(nameBeforeLegalMention('Bałtyk Handel z siedzibą w Gdańsku')).toBe('Bałtyk Handel');
    expect(nameBeforeLegalMention('Polder Groothandel statutair gevestigd te Utrecht')).toBe('Polder Groothandel');
  });

  it("is the seller's name where the top of the page holds only the reader's address", () => {
    const page = [
      ...lines(320, 60, ['M. Louis Martin', '14 rue des Lilas', '69003 Lyon']),
      // The French table's headings, high on the page: "Détail" is a column's, no name at the top.
      ...billBody.map((p) => ({
        ...p,
        y: p.y >= 300 ? p.y - 100 : p.y,
        text: p.text === 'Description' ? 'Détail' : p.text === 'Amount' ? 'Montant HT' : p.text,
      })),
      {
        x: 40,
        y: 800,
        text: 'Azur Énergie SAS au capital de 2 500 000 € · 81 avenue Jean Jaurès 69007 Lyon · 956 715 855 RCS Lyon',
      },
    ];
    expect(extractInvoice(page).vendor_name).toBe('Azur Énergie SAS');
  });
});

describe('a person addressed with a courtesy title', () => {
  it('is the reader of a window address, in German, French and English', () => {
    expect(isAddressedPerson('Herrn')).toBe(true);
    expect(isAddressedPerson('M. Louis Martin')).toBe(true);
    expect(isAddressedPerson('Mrs Jane Doe')).toBe(true);
  });

  it("is no company's name and no doctor's letterhead", () => {
    expect(isAddressedPerson('Dr. Anna Keller')).toBe(false);
    expect(isAddressedPerson('Herr Müller GmbH')).toBe(false);
    expect(isAddressedPerson('Martin Louis')).toBe(false);
  });
});

describe('a French bill\'s charges headed "Détail"', () => {
  it('is a table of items, whose heading names no one', () => {
    const page = buildLines(
      doc([
        { x: 50, y: 200, text: 'Détail' },
        { x: 440, y: 200, text: 'Montant HT' },
        { x: 50, y: 218, text: 'Forfait mensuel' },
        { x: 440, y: 218, text: '39,99 €' },
      ]),
    );
    expect(findTableHeaders(page).map((h) => h.line.text)).toEqual([page[0]!.text]);
  });
});

describe('an invoice date sharing its label with the delivery date', () => {
  it('is the date after "Rechnungsdatum/Lieferdatum", not the order date', () => {
    const result = extractInvoice([
      ...lines(50, 110, ['Verkauft von Bergmann Haushaltswaren GmbH', 'Hauptstraße 5, 20095 Hamburg']),
      { x: 340, y: 110, text: 'Rechnungsdatum/Lieferdatum: 19.06.2024' },
      { x: 340, y: 125, text: 'Rechnungsnummer: DE4-801315543' },
      { x: 340, y: 170, text: 'Bestelldatum: 15.06.2024' },
      { x: 50, y: 300, text: 'Beschreibung' },
      { x: 440, y: 300, text: 'Betrag' },
      { x: 50, y: 318, text: 'Wasserkocher' },
      { x: 440, y: 318, text: '59,50 €' },
      { x: 380, y: 350, text: 'Rechnungsbetrag' },
      { x: 440, y: 350, text: '59,50 €' },
    ]);
    expect(result.invoice_date).toBe('2024-06-19');
  });
});

describe('an invoice number printed in groups of digits', () => {
  it('is the whole number after its label', () => {
    const result = extractInvoice([
      ...lines(50, 60, ['Kabelnetz Nord GmbH', 'Hafenstraße 2', '24103 Kiel']),
      { x: 340, y: 110, text: 'Rechnungsnummer' },
      { x: 470, y: 110, text: '907 697 3754' },
      { x: 340, y: 125, text: 'Rechnungsdatum' },
      { x: 470, y: 125, text: '04.11.2024' },
      ...oneItemTable('Rechnungsbetrag'),
    ]);
    expect(result.invoice_number).toBe('907 697 3754');
  });

  it('is not a count grouped by thousands', () => {
    const result = extractInvoice([
      ...lines(50, 60, ['Kabelnetz Nord GmbH', 'Hafenstraße 2', '24103 Kiel']),
      { x: 340, y: 110, text: 'Rechnungsnummer' },
      { x: 470, y: 110, text: '1 250 000' },
      ...oneItemTable('Rechnungsbetrag'),
    ]);
    expect(result.invoice_number).not.toBe('1 250 000');
  });
});
