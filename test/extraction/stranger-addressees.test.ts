import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * A name printed where the buyer stands is the buyer's (fields/addressee-names.ts): an order's
 * buyer prints its own letterhead and its name again under "Ship To", a window invoice prints its
 * addressee under the seller's one-line sender address. Delivery headings are buyer labels
 * (lexicons/field-labels.json), and a contact person over the buyer's name gives way to the name
 * the page prints again (fields/parties.ts, `organizationUnder`).
 */

/** Placed text, the words of the row at `large` (a letterhead) set half as big again, as bold print is. */
function readDocument(placed: Placed[], large?: number): ReadDocument {
  const read = doc(placed);
  for (const word of read.pages[0]!.words) {
    if (word.bbox.y0 !== large) continue;
    const x0 = 50 + (word.bbox.x0 - 50) * 1.5;
    word.bbox = { x0, y0: word.bbox.y0 - 5, x1: x0 + (word.bbox.x1 - word.bbox.x0) * 1.5, y1: word.bbox.y1 };
  }
  return read;
}

const order = (placed: Placed[], large?: number) =>
  extractFields(readDocument(placed, large), [...RECOMMENDED_FIELDS.purchase_order], {
    documentType: 'purchase_order',
  }).extracted_data;
const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

/** The order's number, dates, one row and its total. */
const orderBody: Placed[] = [
  { x: 340, y: 111, text: 'PO Number' },
  { x: 489, y: 111, text: 'PO33-56091' },
  { x: 340, y: 123, text: 'Date' },
  { x: 489, y: 123, text: '2019-03-12' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Papier A4' },
  { x: 330, y: 318, text: '7' },
  { x: 440, y: 318, text: '420.50' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '420.50' },
];

/** The buyer's letterhead on top, the supplier under its heading at the left, the buyer again under a delivery heading. */
const letterheadOrder = (buyer: string, buyerLine: string, supplierHeading: string, shipTo: string, above?: string) => [
  { x: 50, y: 31, text: buyer },
  { x: 50, y: 51, text: buyerLine },
  { x: 400, y: 73, text: 'PURCHASE ORDER' },
  ...lines(50, 137, [supplierHeading, 'Hansa Handel', 'Industriestraße 21', '80331 München']),
  ...lines(340, 186, [shipTo, ...(above ? [above] : []), buyer, buyerLine.split(' · ')[0]!]),
  ...orderBody,
];

describe("an order on the buyer's letterhead", () => {
  it.each([
    ['Nordlicht Werkzeuge GmbH & Co. KG', 'Marktplatz 195 · 70173 Stuttgart', 'Lieferant', 'Lieferadresse'],
    ['Tulp Voeding N.V.', 'Stationsweg 222 · 5611 EM Eindhoven', 'Dienstverlener', 'Leveren aan'],
    ['Provence Conseil EURL', '130 place de la Gare · 33000 Bordeaux', 'Fournisseur', 'Adresse de livraison'],
    ['Granite Consulting', 'PO Box 6195 · Austin, TX 78701', 'Supplier', 'Delivery Address'],
  ])(
    '"%s" on top and under a delivery heading is the buyer; the supplier is under its heading',
    (buyer, line, supplier, shipTo) => {
      const result = order(letterheadOrder(buyer, line, supplier, shipTo), 31);
      expect(result.supplier_name).toBe('Hansa Handel');
      expect(result.buyer_name).toBe(buyer);
    },
  );

  it('takes the buyer, not the contact person printed over its name', () => {
    const result = order(
      letterheadOrder(
        'Smit Kantoorartikelen',
        'Dorpsstraat 240 · 2511 CV Den Haag',
        'Leverancier',
        'Leveren aan',
        'Dhr. Pieter de Vries',
      ),
    );
    expect(result.buyer_name).toBe('Smit Kantoorartikelen');
  });
});

describe('a window invoice: the addressee under the sender line', () => {
  it.each([
    ['Tulp Groothandel · Postbus 1425 · 2511 CV Den Haag', 'Tulp Logistiek V.O.F.', 'Tulp Groothandel'],
    ['Bright Traders · 12 Mill Lane · Leeds LS1 4DY', 'Blue Logistics Ltd', 'Bright Traders'],
  ])('"%s" over "%s" names the seller in the sender line', (sender, addressee, seller) => {
    const result = invoice([
      { x: 470, y: 41, text: 'INVOICE' },
      { x: 50, y: 96, text: sender },
      ...lines(50, 111, [addressee, 'Postbus 9772', '5611 EM Eindhoven']),
      { x: 340, y: 126, text: 'Invoice No.' },
      { x: 470, y: 126, text: '2021/5936' },
      { x: 340, y: 141, text: 'Date' },
      { x: 470, y: 141, text: '2020-11-19' },
      ...orderBody.slice(4),
    ]);
    expect(result.vendor_name).toBe(seller);
  });
});
