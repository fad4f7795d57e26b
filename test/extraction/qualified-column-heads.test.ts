import { describe, expect, it } from 'vitest';
import { extractInvoice, type Placed } from './synthetic.js';

/**
 * A column headed by a label and a qualifier in brackets ("Zwischensumme (ohne USt.)", "Amount
 * (EUR)") holds its values right-aligned under the whole heading, under the brackets more than
 * under the label's words, as marketplaces' VAT summaries print them.
 */

const summary = (head: string): Placed[] => [
  { x: 40, y: 30, text: 'Brightside Goods Ltd' },
  { x: 40, y: 44, text: '46 High Street, Leeds' },
  { x: 320, y: 60, text: 'Rechnungsnummer: INV-5026' },
  { x: 320, y: 74, text: 'Rechnungsdatum: 15.01.2024' },
  { x: 60, y: 300, text: 'USt. %' },
  { x: 200, y: 300, text: head },
  { x: 400, y: 300, text: 'USt.' },
  { x: 60, y: 314, text: '19%' },
  { x: 200 + head.length * 6 - 42, y: 314, text: '14,45 €' },
  { x: 400, y: 314, text: '2,75 €' },
  { x: 300, y: 340, text: 'Rechnungsbetrag 17,20 €' },
];

/** One item under headings whose last column is a gross subtotal, and the total under it. */
const grossColumn: Placed[] = [
  { x: 40, y: 30, text: 'Brightside Goods Ltd' },
  { x: 40, y: 44, text: '46 High Street, Leeds' },
  { x: 320, y: 60, text: 'Rechnungsnummer: INV-5026' },
  { x: 320, y: 74, text: 'Rechnungsdatum: 15.01.2024' },
  { x: 40, y: 200, text: 'Beschreibung' },
  { x: 160, y: 200, text: 'Menge' },
  { x: 220, y: 200, text: 'USt. %' },
  { x: 380, y: 200, text: 'Zwischensumme (inkl. USt.)' },
  { x: 40, y: 214, text: 'LED desk lamp' },
  { x: 160, y: 214, text: '1' },
  { x: 220, y: 214, text: '19%' },
  { x: 494, y: 214, text: '17,20 €' },
  { x: 380, y: 240, text: 'Rechnungsbetrag 17,20 €' },
];

describe('a column head with a qualifier in brackets', () => {
  it('"Zwischensumme (inkl. USt.)" heads a gross column, no subtotal', () => {
    expect(extractInvoice(grossColumn).subtotal).toBeUndefined();
  });

  it('takes the value right-aligned under its brackets', () => {
    const found = extractInvoice(summary('Zwischensumme (ohne USt.)'));
    expect(found.subtotal).toBe(14.45);
    expect(found.tax_amount).toBe(2.75);
  });

  it('takes nothing under words after the label that are no qualifier', () => {
    const found = extractInvoice(summary('Zwischensumme aller Artikel'));
    expect(found.subtotal).not.toBe(14.45);
  });
});
