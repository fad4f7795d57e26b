import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * A number inside an address is no document's number (fields/address-numbers.ts, the words in
 * lexicons/address-words.json): a house or unit number on a street line, a post-office box, a
 * British or American postcode, where an address block stands on the title's row (the seller's
 * block right-aligned at the top) and the title reads as the number's label.
 */

const extract = (type: 'invoice' | 'purchase_order', placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS[type]], { documentType: type }).extracted_data;

/**
 * The seller's block right-aligned at the top with its street line on the title's row, the buyer's
 * block at the left, and the number and date in a strip of headings over their values, after the
 * buyer's telephone number (as the lab's stranger layouts print them).
 */
const page = (title: string, addressLine: string, label: string, number: string): Placed[] => [
  { x: 419, y: 23, text: 'Becker Lebensmittel GmbH' },
  { x: 50, y: 42, text: title },
  { x: 442, y: 42, text: addressLine },
  { x: 480, y: 65, text: '10115 Berlin' },
  { x: 50, y: 111, text: 'Hansa Logistik KG' },
  { x: 50, y: 123, text: 'Lindenweg 9' },
  { x: 50, y: 138, text: '70173 Stuttgart' },
  { x: 50, y: 338, text: 'Fax' },
  { x: 174, y: 338, text: label },
  { x: 298, y: 338, text: 'Date' },
  { x: 50, y: 351, text: '+49 30 1234567' },
  { x: 174, y: 351, text: number },
  { x: 298, y: 351, text: '2022-05-07' },
  { x: 50, y: 394, text: 'Description' },
  { x: 308, y: 394, text: 'Qty' },
  { x: 480, y: 394, text: 'Amount' },
  { x: 50, y: 412, text: 'Papier A4' },
  { x: 325, y: 412, text: '7' },
  { x: 480, y: 412, text: '420.50' },
  { x: 380, y: 450, text: 'Total' },
  { x: 480, y: 450, text: '420.50' },
];

describe('a number of an address on the title row', () => {
  it.each([
    ['RECHNUNG', 'Industriestraße 171', 'Rechnungs-Nr.', 'INV12-9525'],
    ['FACTUUR', 'Stationsweg 214', 'Factuurnummer', '2020/36353'],
    ['INVOICE', 'Unit 4, 17 Mill Lane', 'Invoice No.', 'FAC91-21876'],
    ['INVOICE', 'Bristol BS1 5TR', 'Invoice No.', '067906'],
  ])('under "%s", "%s" gives no invoice number', (title, addressLine, label, number) => {
    expect(extract('invoice', page(title, addressLine, label, number)).invoice_number).toBe(number);
  });

  it.each([
    ['PURCHASE ORDER', 'Austin, TX 78701', 'PO Number', 'PO13-43786'],
    ['Bestellung', 'Postfach 9304', 'Bestellnummer', '2026/38635'],
    ['Orden de compra', 'Apdo. 2286', 'N.º de pedido', '2019/6308'],
  ])('under "%s", "%s" gives no order number', (title, addressLine, label, number) => {
    expect(extract('purchase_order', page(title, addressLine, label, number)).po_number).toBe(number);
  });

  it('keeps a number printed after the title itself, beside a street line', () => {
    const placed = page('RECHNUNG Nr. 4711', 'Industriestraße 171', 'Datum', '2022-05-07').filter(
      (p) => p.y !== 338 && p.y !== 351,
    );
    expect(extract('invoice', placed).invoice_number).toBe('4711');
  });
});

describe('a post-office box is no label of the order number', () => {
  it('"PO Box 1716" in the letterhead leaves the labelled number', () => {
    const placed: Placed[] = [
      { x: 50, y: 30, text: 'Harbor Office Goods Inc.' },
      { x: 50, y: 44, text: 'PO Box 1716 · Austin, TX 78701' },
      { x: 400, y: 70, text: 'Purchase Order' },
      ...page('', '', 'P.O. #', 'PO18963').slice(3),
    ];
    expect(extract('purchase_order', placed).po_number).toBe('PO18963');
  });
});
