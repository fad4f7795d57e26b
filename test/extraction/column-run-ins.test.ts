import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * Two columns of labelled values set closer than a segment gap (the detail rows of ERP print
 * layouts: "Supplier  <name>" left, "Date  <date>" right), and a header row of labels over one row
 * of values ("Invoice #  Date  Due" as accounting programs print them).
 */

/** Text placed one word space right of `left`, as a column that starts where the other ends. */
const runIn = (left: Placed, text: string): Placed => ({ x: left.x + (left.text.length + 1) * 6, y: left.y, text });

const extract = (type: 'invoice' | 'purchase_order', placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS[type]], { documentType: type }).extracted_data;

/** An order's title, number and one row with its total, under the detail rows. */
const orderBody: Placed[] = [
  { x: 380, y: 60, text: 'PURCHASE ORDER' },
  { x: 380, y: 76, text: 'PUR-ORD-2024-00381' },
  { x: 50, y: 260, text: 'Description' },
  { x: 330, y: 260, text: 'Qty' },
  { x: 440, y: 260, text: 'Amount' },
  { x: 50, y: 278, text: 'Desk lamp' },
  { x: 330, y: 278, text: '2' },
  { x: 440, y: 278, text: '80.00' },
  { x: 380, y: 320, text: 'Grand Total' },
  { x: 470, y: 320, text: '80.00' },
];

describe("a value's segment run into the next column's label", () => {
  it('a supplier name ends before the date label of the column beside it (en)', () => {
    const name: Placed = { x: 140, y: 150, text: 'Northwind Joinery Ltd' };
    const placed = [
      ...orderBody,
      { x: 50, y: 150, text: 'Supplier' },
      name,
      runIn(name, 'Date'),
      { x: 400, y: 150, text: '06/01/2024' },
    ];
    expect(extract('purchase_order', placed).supplier_name).toBe('Northwind Joinery Ltd');
  });

  it("a French supplier name ends before « Date » and its address before « Date d'échéance »", () => {
    const name: Placed = { x: 140, y: 150, text: 'Atelier Girard SARL' };
    const street: Placed = { x: 140, y: 164, text: '12 rue des Lilas' };
    const placed = [
      ...orderBody,
      { x: 50, y: 150, text: 'Fournisseur' },
      name,
      runIn(name, 'Date'),
      { x: 400, y: 150, text: '01-06-2024' },
      { x: 50, y: 164, text: 'Adresse' },
      street,
      runIn(street, "Date d'échéance"),
      { x: 400, y: 164, text: '15-06-2024' },
      { x: 140, y: 178, text: '69003 Lyon' },
    ];
    const result = extract('purchase_order', placed);
    expect(result.supplier_name).toBe('Atelier Girard SARL');
  });

  it('a name ending in a label word keeps it when no date follows ("Up To Date")', () => {
    const name: Placed = { x: 140, y: 150, text: 'Always Up To Date' };
    const placed = [
      ...orderBody,
      { x: 50, y: 150, text: 'Supplier' },
      name,
      runIn(name, 'Ltd'),
      { x: 400, y: 150, text: 'Tel 0117 496 0000' },
    ];
    expect(extract('purchase_order', placed).supplier_name).toBe('Always Up To Date Ltd');
  });
});

describe("an address label's value ends at the next column's label", () => {
  it.each([
    ['en', 'Supplier', 'Address', 'Payment Due Date', '45 Orchard Lane', 'Portland, OR 97205', '2024-09-28'],
    ['de', 'Lieferant', 'Adresse', 'Fälligkeitsdatum', 'Industriestraße 14', '70565 Stuttgart', '28.09.2024'],
  ])('the street beside a due date is the street alone (%s)', (_lang, party, address, due, street, city, date) => {
    const placed = [
      ...orderBody.slice(2),
      { x: 380, y: 60, text: 'INVOICE INV-2024-0042' },
      { x: 50, y: 150, text: party },
      { x: 140, y: 150, text: 'Cedar Ridge Landscaping' },
      { x: 50, y: 164, text: address },
      { x: 140, y: 164, text: street },
      { x: 300, y: 164, text: due },
      { x: 400, y: 164, text: date },
      { x: 140, y: 178, text: city },
    ];
    expect(extract('invoice', placed).vendor_address).toBe(`${street}, ${city}`);
  });
});

describe('a header row of labels over one row of values', () => {
  /** An item table whose first column is the item's number ("Item Number"), and its total. */
  const items = (numberHeader: string): Placed[] => [
    { x: 58, y: 256, text: numberHeader },
    { x: 146, y: 256, text: 'Description' },
    { x: 480, y: 256, text: 'Extended' },
    { x: 73, y: 272, text: '1. A6229' },
    { x: 146, y: 272, text: 'Server maintenance' },
    { x: 480, y: 272, text: '504.00' },
    { x: 400, y: 300, text: 'Total' },
    { x: 480, y: 300, text: '504.00' },
  ];
  const seller: Placed[] = [
    { x: 50, y: 40, text: 'Northwind Joinery Inc.' },
    { x: 50, y: 54, text: '1180 Oak Avenue' },
    { x: 50, y: 68, text: 'Austin, TX 78701' },
  ];

  it('the invoice number under the first label of the row, no item number', () => {
    const header = ['Invoice #', 'Date', 'Due'].map((text, i) => ({ x: 50 + i * 74, y: 215, text }));
    const row = ['44872', '05/13/2024', '05/27/2024'].map((text, i) => ({ x: 50 + i * 74, y: 233, text }));
    const placed = [...seller, { x: 250, y: 110, text: 'INVOICE' }, ...header, ...row, ...items('Item Number')];
    expect(extract('invoice', placed)).toMatchObject({ invoice_number: '44872', invoice_date: '2024-05-13' });
  });

  it('the same row in Spanish, whose number sign closes no longer label, keeps its number', () => {
    const header = ['Factura #', 'Fecha', 'Vencimiento'].map((text, i) => ({ x: 50 + i * 74, y: 215, text }));
    const row = ['44872', '13/05/2024', '27/05/2024'].map((text, i) => ({ x: 50 + i * 74, y: 233, text }));
    const placed = [...seller, { x: 250, y: 110, text: 'FACTURA' }, ...header, ...row, ...items('Artículo N°')];
    expect(extract('invoice', placed)).toMatchObject({ invoice_number: '44872', due_date: '2024-05-27' });
  });
});
