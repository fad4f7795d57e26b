import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * The parties of an e-invoice's printed view side by side, each a column of "Key: value" pairs
 * under its heading, the name under a trading-name key (key-words.json `name_keys`, per language):
 * the seller's column names the vendor, whatever the legal form of the buyer's name beside it.
 */

const view = (seller: string, buyer: string, key: string, address: string): Placed[] => [
  { x: 50, y: 40, text: 'Factuur' },
  { x: 50, y: 80, text: seller },
  { x: 360, y: 80, text: buyer },
  { x: 50, y: 96, text: key },
  { x: 150, y: 96, text: 'Tandartspraktijk Anouk Peters' },
  { x: 360, y: 96, text: key },
  { x: 460, y: 96, text: 'Smit Advies N.V.' },
  { x: 50, y: 110, text: address },
  { x: 150, y: 110, text: 'Stationsweg 79' },
  { x: 360, y: 110, text: address },
  { x: 460, y: 110, text: 'Marktplein 18' },
  { x: 150, y: 124, text: '3511 BK Utrecht' },
  { x: 460, y: 124, text: '3511 BK Utrecht' },
  { x: 50, y: 170, text: 'Factuurnummer:' },
  { x: 200, y: 170, text: 'F88335' },
  { x: 50, y: 184, text: 'Factuurdatum:' },
  { x: 200, y: 184, text: '27-11-2023' },
  { x: 50, y: 230, text: 'Omschrijving' },
  { x: 470, y: 230, text: 'Bedrag' },
  { x: 50, y: 246, text: 'Printpapier A4' },
  { x: 470, y: 246, text: '598,40' },
  { x: 380, y: 280, text: 'Te betalen' },
  { x: 470, y: 280, text: '598,40' },
];

describe("a trading name's key in a party's column", () => {
  it.each([
    ['Leverancier', 'Afnemer', 'Handelsnaam:', 'Adres:'],
    ['Verkoper', 'Koper', 'Handelsnaam:', 'Adres:'],
    ['Seller', 'Buyer', 'Trade name:', 'Address:'],
  ])('%s beside %s, names under %s', (seller, buyer, key, address) => {
    const data = extractFields(doc(view(seller, buyer, key, address)), [...RECOMMENDED_FIELDS.invoice], {
      documentType: 'invoice',
    }).extracted_data;
    expect(data.vendor_name).toBe('Tandartspraktijk Anouk Peters');
  });
});
