import { describe, expect, it } from 'vitest';
import { extractInvoice, type Placed } from './synthetic.js';

/**
 * The seller's name centred over the page, its block (name again, street, place) at the left and
 * the document's details at the right, their labels one compound word each ("Rechnungsnummer",
 * "Factuurnummer"), as invoicing programs print with the details table beside the seller's block.
 * A label that starts the segment taken under the centred name is no address line: the address is
 * the block's own, under the name at the left.
 */

const page = (labels: [string, string, string], name: string, street: string, place: string): Placed[] => [
  { x: 214, y: 40, text: name, height: 16 },
  { x: 34, y: 86, text: name },
  { x: 398, y: 88, text: labels[0] },
  { x: 506, y: 88, text: 'RE2024594' },
  { x: 34, y: 97, text: street },
  { x: 34, y: 108, text: place },
  { x: 398, y: 108, text: labels[1] },
  { x: 507, y: 108, text: '26.09.2024' },
  { x: 34, y: 119, text: 'Nederland' },
  { x: 398, y: 126, text: labels[2] },
  { x: 507, y: 126, text: '03.10.2024' },
  { x: 34, y: 160, text: 'Sanne Bakker' },
  { x: 34, y: 171, text: 'Stationsweg 4' },
  { x: 34, y: 182, text: '3511 ED Utrecht' },
  { x: 40, y: 240, text: 'Artikel' },
  { x: 440, y: 240, text: 'Bedrag' },
  { x: 40, y: 258, text: 'Webdesign' },
  { x: 440, y: 258, text: '80,00' },
  { x: 380, y: 300, text: 'Totaal' },
  { x: 470, y: 300, text: '80,00' },
];

describe('details beside a seller block under a centred name', () => {
  it.each([
    [
      ['Factuurnummer', 'Factuurdatum', 'Vervaldatum'],
      'Jansen & Zonen V.O.F.',
      'Keizersgracht 120',
      '1015 CX Amsterdam',
    ],
    [
      ['Rechnungsnummer', 'Rechnungsdatum', 'Fälligkeitsdatum'],
      'Rheinblick Medien GmbH',
      'Lindenweg 8',
      '80331 München',
    ],
  ] as const)('takes the block address, not the labels (%s)', (labels, name, street, place) => {
    const fields = extractInvoice(page([...labels], name, street, place));
    expect(fields.vendor_name).toBe(name);
    expect(fields.vendor_address).toBe(`${street}, ${place}`);
  });
});
