import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Seller names on layouts the development corpus lacks (the lab's `synth --family stranger`): the
 * buyer's block first, the seller only at the foot of the page, a logo word, a web address.
 */

const invoice = (placed: Placed[]) => extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice]);
const order = (placed: Placed[]) => extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order]);

/** An invoice's middle: number, date, one row and its totals. */
const invoiceBody: Placed[] = [
  { x: 420, y: 40, text: 'INVOICE' },
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'INV-2024-0042' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 270, text: 'Description' },
  { x: 330, y: 270, text: 'Qty' },
  { x: 440, y: 270, text: 'Amount' },
  { x: 50, y: 288, text: 'Consulting hours' },
  { x: 330, y: 288, text: '2' },
  { x: 440, y: 288, text: '200.00' },
  { x: 380, y: 320, text: 'Total' },
  { x: 440, y: 320, text: '200.00' },
];

describe("a seller name the page's own web or e-mail address spells", () => {
  it('wins over the buyer printed at the top without a heading', () => {
    const result = invoice([
      ...lines(50, 110, ['Pioneer Hardware Ltd', '12 Mill Lane', 'Leeds LS1 4DY']),
      ...invoiceBody,
      { x: 120, y: 790, text: 'Atlas Consulting Ltd · 5 High Street · Bristol BS1 5TR · www.atlasconsulting.co.uk' },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Atlas Consulting Ltd');
  });

  it('wins over its own logo word, which the address does not spell whole', () => {
    const result = invoice([
      { x: 50, y: 40, text: 'HARBOR' },
      ...lines(50, 110, ['Bill To', 'Oak Supplies Inc.', '5 Market Road', 'Austin, TX 78701']),
      ...invoiceBody,
      { x: 150, y: 790, text: 'Harbor Foods LLC · 80 Station Avenue · Denver, CO 80202' },
      { x: 230, y: 804, text: 'billing@harborfoods.com' },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Harbor Foods LLC');
  });
});

describe("an order's buyer heading in the words of its language", () => {
  const orderBody: Placed[] = [
    { x: 340, y: 110, text: 'PO Number' },
    { x: 470, y: 110, text: 'PO-88213' },
    { x: 340, y: 125, text: 'Date' },
    { x: 470, y: 125, text: '2024-03-08' },
    { x: 380, y: 320, text: 'Total' },
    { x: 440, y: 320, text: '200.00' },
  ];
  it.each([
    ['Livrer à', 'Martin Fournitures SAS', 'Lefèvre Conseil SARL'],
    ['Enviar a', 'Sol Ferretería S.L.', 'Norte Suministros S.A.'],
    ['Besteller', 'Becker Bürobedarf GmbH', 'Schmidt Handel GmbH'],
    ['Afleveradres', 'Jansen Voeding B.V.', 'Noordzee Groothandel B.V.'],
  ])('"%s" heads the buyer, so the supplier is the other company', (heading, buyer, supplier) => {
    const result = order([
      ...lines(50, 110, [heading, buyer, 'Hauptstraße 5', '10115 Berlin']),
      ...orderBody,
      { x: 150, y: 790, text: `${supplier} · Rue de la Paix 12 · 75002 Paris` },
    ]);
    expect(result.extracted_data.supplier_name).toBe(supplier);
    expect(result.extracted_data.buyer_name).toBe(buyer);
  });

  it('a Dutch order number label right of the buyer heading ("Koper" ... "Inkoopnr.") is no buyer name', () => {
    const result = order([
      ...lines(50, 110, ['Koper', 'Bakker Groothandel V.O.F.', 'Kerkstraat 80', '5611 EM Eindhoven']),
      { x: 340, y: 110, text: 'Inkoopnr.' },
      { x: 470, y: 110, text: 'BE18843' },
      { x: 340, y: 125, text: 'Datum' },
      { x: 470, y: 125, text: '2021-06-06' },
      { x: 380, y: 320, text: 'Totaal' },
      { x: 440, y: 320, text: '200,00' },
    ]);
    expect(result.extracted_data.buyer_name).toBe('Bakker Groothandel V.O.F.');
    expect(result.extracted_data.po_number).toBe('BE18843');
  });
});
