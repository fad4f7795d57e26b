import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { isStreetAddress, POSTCODE } from '../../packages/core/src/extraction/fields/address-numbers.js';
import { isStreetLine, looksLikeStreet } from '../../packages/core/src/extraction/fields/party-lines.js';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Street words of Polish, Italian, Portuguese and Catalan addresses (lexicons/address-words.json):
 * a street line is no party's name, and its number is no document's number.
 */

describe.each([
  ['pl', 'ul. Marszałkowska 177, budynek 36'],
  ['pl', 'Aleje Jerozolimskie 44'],
  ['it', 'Via Roma 12'],
  ['it', 'Piazza del Duomo 3'],
  ['pt', 'Rua Augusta 100, 2.º andar'],
  ['pt', 'Avenida da Liberdade 245'],
  ['ca', 'Carrer de Mallorca 401'],
])('a street line in %s: %s', (_language, text) => {
  it('is a street line and a street address', () => {
    expect(looksLikeStreet(text)).toBe(true);
    expect(isStreetAddress(text)).toBe(true);
  });
});

describe('words that are no street', () => {
  it.each(['Marszałkowska Handel Sp. z o.o.', 'Libreria Dante', 'Sent 2 parcels by courier'])('%s', (text) => {
    expect(isStreetAddress(text)).toBe(false);
  });
});

/**
 * The seller's block under its heading at the foot of an order: the owner's name over the
 * business's, then its street, which the letterhead prints again. The street line printed twice
 * is no organization's name; the block's name is.
 */
const order = (street: string): Placed[] => [
  ...lines(50, 40, ['Michał Grabowski', 'Narzędzia']),
  { x: 50, y: 70, text: 'Zamówienie nr PO89-21724' },
  ...lines(50, 84, [street, '50-001 Wrocław']),
  ...lines(50, 130, ['Adres dostawy', 'Tomasz Dąbrowski', 'Bałtyk Narzędzia', 'ul. Piotrkowska 43', '90-001 Łódź']),
  { x: 50, y: 220, text: 'Data zamówienia' },
  { x: 50, y: 234, text: '22.04.2025' },
  { x: 50, y: 270, text: 'Nazwa towaru' },
  { x: 470, y: 270, text: 'Kwota' },
  { x: 50, y: 286, text: 'Kabel USB-C' },
  { x: 470, y: 286, text: '129,18' },
  { x: 380, y: 320, text: 'Wartość brutto' },
  { x: 470, y: 320, text: '129,18' },
  ...lines(50, 700, ['Sprzedający', 'Michał Grabowski Narzędzia', street, '50-001 Wrocław']),
];

describe("a supplier's block whose street the letterhead prints again", () => {
  it.each(['ul. Marszałkowska 177', 'Via Roma 12', 'Rua Augusta 100'])('names the supplier, not %s', (street) => {
    const data = extractFields(doc(order(street)), [...RECOMMENDED_FIELDS.purchase_order], {
      documentType: 'purchase_order',
    }).extracted_data;
    expect(data.supplier_name).toBe('Michał Grabowski Narzędzia');
  });
});

describe('a unit before the house number', () => {
  it.each(['Suite 6, 81 Market Road', 'Unit 4 17 Mill Lane', 'Flat 2, 10 Market Street'])(
    '%s is a street line',
    (text) => {
      expect(isStreetLine(text)).toBe(true);
    },
  );

  it('is no street line without a house number after it', () => {
    expect(isStreetLine('Suite 200 Holdings')).toBe(false);
  });

  it("leaves the seller's name to the letterhead, though its street names a market", () => {
    const data = extractFields(
      doc([
        ...lines(50, 40, ['Sharma & Sons', 'Sales Office', 'Suite 6, 81 Market Road', 'Wellington 6011']),
        ...lines(50, 120, ['Ordered By', 'Global Consulting LLC', 'Suite 44, 24 Station Avenue', 'Manchester M1 1AA']),
        { x: 330, y: 134, text: 'Order No.' },
        { x: 450, y: 134, text: '2022/5519' },
        { x: 330, y: 148, text: 'Order Date' },
        { x: 450, y: 148, text: '03/06/2022' },
        { x: 50, y: 220, text: 'Item' },
        { x: 470, y: 220, text: 'Line Total' },
        { x: 50, y: 236, text: 'Bottled water' },
        { x: 470, y: 236, text: '2,230.79' },
        { x: 380, y: 270, text: 'Total Due' },
        { x: 470, y: 270, text: '2,230.79' },
        { x: 50, y: 760, text: 'Sharma & Sons · Suite 6, 81 Market Road · Wellington 6011' },
      ]),
      [...RECOMMENDED_FIELDS.purchase_order],
      { documentType: 'purchase_order' },
    ).extracted_data;
    expect(data.supplier_name).toBe('Sharma & Sons');
  });
});

describe('postcodes of a place line', () => {
  it.each([
    '3511 AX Utrecht',
    '80331 München',
    'Bristol BS1 5TR',
    'Limerick V94 T9PX',
    'Ottawa K1A 0B1',
    '00-950 Warszawa',
  ])('%s holds one', (place) => {
    expect(POSTCODE.test(place)).toBe(true);
  });

  it.each(['Accounts Department', 'Tel. 123'])('%s holds none', (place) => {
    expect(POSTCODE.test(place)).toBe(false);
  });
});
