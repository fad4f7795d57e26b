import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Buyer headings too common to be labels ("An", "Aan", "To", "Para"; `buyer_heading` in
 * lexicons/field-labels.json) count only alone at the top of a block of name and address lines.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

/** An invoice's number and date in the right column, one row and its totals. */
const body: Placed[] = [
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'INV-2024-0042' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Desk lamp' },
  { x: 330, y: 318, text: '2' },
  { x: 440, y: 318, text: '80.00' },
  { x: 380, y: 350, text: 'Subtotal' },
  { x: 470, y: 350, text: '80.00' },
  { x: 380, y: 366, text: 'VAT' },
  { x: 470, y: 366, text: '16.00' },
  { x: 380, y: 382, text: 'Total' },
  { x: 470, y: 382, text: '96.00' },
];

describe('a buyer heading alone on its line (lexicons/field-labels.json, buyer_heading)', () => {
  it.each([
    ['An', 'Müller Bau GmbH', 'Hauptstraße 5', '10115 Berlin', 'Rhein Werkzeuge · Industriestraße 4 · 50667 Köln'],
    [
      'Aan:',
      'Bakker Groothandel',
      'Molenweg 30',
      '2511 CV Den Haag',
      'Oranje Voeding · Kerkstraat 46 · 3011 AD Rotterdam',
    ],
    [
      'Para',
      'Ferretería López',
      'Calle Mayor 12',
      '28013 Madrid',
      'Suministros Iberia · Calle Alcalá 8 · 28014 Madrid',
    ],
  ])('the block under "%s" is the buyer\'s, not the seller\'s', (heading, buyer, street, city, sender) => {
    const result = invoice([
      { x: 50, y: 30, text: 'RECHNUNG' },
      ...lines(50, 110, [heading, buyer, street, city]),
      ...body,
      { x: 60, y: 790, text: sender },
    ]);
    expect(result.vendor_name).not.toBe(buyer);
    expect(JSON.stringify(result.vendor_address ?? null)).not.toContain(street);
  });
});
