import { describe, expect, it } from 'vitest';
import { nameBeforeShareCapital } from '../../packages/core/src/extraction/fields/party-lines.js';
import { extractInvoice, lines, type Placed } from './synthetic.js';

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

describe('the name in a legal footer before its share capital', () => {
  it('is cut before the capital in French, English, German and Italian', () => {
    expect(nameBeforeShareCapital('Azur Énergie SAS au capital de 2 500 000 €')).toBe('Azur Énergie SAS');
    expect(nameBeforeShareCapital('Kestrel Networks Ltd, share capital £1,000,000')).toBe('Kestrel Networks Ltd');
    expect(nameBeforeShareCapital('Muster Netz GmbH, Stammkapital 25.000 €')).toBe('Muster Netz GmbH');
    expect(nameBeforeShareCapital('Rossi Servizi S.r.l. capitale sociale € 10.000 i.v.')).toBe('Rossi Servizi S.r.l.');
    expect(nameBeforeShareCapital('SARL au capital de 10 000 €')).toBe('SARL');
    expect(nameBeforeShareCapital('Au capital de 10 000 €')).toBeUndefined();
    expect(nameBeforeShareCapital('Azur Énergie SAS')).toBeUndefined();
  });
});
