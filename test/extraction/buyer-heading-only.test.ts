import { describe, expect, it } from 'vitest';
import { extractInvoice, invoiceBody, lines } from './synthetic.js';

/**
 * Buyer headings too common to be labels ("An", "Aan", "To", "Para"; `buyer_heading` in
 * lexicons/field-labels.json) count only alone at the top of a block of name and address lines.
 */

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
    const result = extractInvoice([
      { x: 50, y: 30, text: 'RECHNUNG' },
      ...lines(50, 110, [heading, buyer, street, city]),
      ...invoiceBody,
      { x: 60, y: 790, text: sender },
    ]);
    expect(result.vendor_name).not.toBe(buyer);
    expect(JSON.stringify(result.vendor_address ?? null)).not.toContain(street);
  });
});
