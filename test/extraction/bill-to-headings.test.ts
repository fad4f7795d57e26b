import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * German and Dutch invoice templates head the customer's address "Rechnung an" and "Factuur aan"
 * (as English ones print "Bill to"). When the seller's name carries no legal form and the
 * customer's does, only that heading tells the two apart: the name under it is the buyer's.
 */

/** A coloured header band: the seller's name and address, the title at the right; the buyer under its heading. */
const banded = (seller: string, title: string, heading: string, buyer: string, labels: string[]): Placed[] => [
  { x: 50, y: 40, text: seller, height: 16 },
  { x: 50, y: 58, text: 'Havenstraat 11, 3024 SK Rotterdam' },
  { x: 440, y: 48, text: title, height: 20 },
  { x: 50, y: 110, text: heading },
  { x: 50, y: 124, text: buyer },
  { x: 50, y: 138, text: 'Dorpsweg 40' },
  { x: 50, y: 152, text: '5611 AB Eindhoven' },
  { x: 300, y: 110, text: labels[0]! },
  { x: 420, y: 110, text: 'RE21362' },
  { x: 300, y: 124, text: labels[1]! },
  { x: 420, y: 124, text: '23-03-2025' },
  { x: 50, y: 200, text: labels[2]! },
  { x: 480, y: 200, text: '195,00' },
  { x: 50, y: 216, text: labels[3]! },
  { x: 480, y: 216, text: '195,00 €' },
];

const vendor = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.vendor_name;

describe('a customer heading of German and Dutch templates', () => {
  it('"Factuur aan" heads the buyer, not the seller', () => {
    const nl = ['Factuurnummer', 'Factuurdatum', 'Materiaal', 'Totaal te betalen'];
    const placed = banded('Hoveniersbedrijf Peters', 'FACTUUR', 'Factuur aan', 'Vos Vastgoed B.V.', nl);
    expect(vendor(placed)).toBe('Hoveniersbedrijf Peters');
  });

  it('"Rechnung an" heads the buyer, not the seller', () => {
    const de = ['Rechnungsnr.', 'Rechnungsdatum', 'Montage', 'Rechnungsbetrag'];
    const placed = banded('Gebäudereinigung Lorenz', 'RECHNUNG', 'Rechnung an', 'Hausverwaltung Seidel GmbH', de);
    expect(vendor(placed)).toBe('Gebäudereinigung Lorenz');
  });
});
