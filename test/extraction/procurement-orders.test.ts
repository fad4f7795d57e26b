import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, extractInvoice as invoice, lines, type Placed } from './synthetic.js';

/**
 * Purchase orders as large buyers' ERP and procurement systems print them (probed on SAP's,
 * Oracle's, Coupa's and Business Central's layouts, in English, German, French and Spanish): the
 * buyer sends the order, so its one-line sender address stands over the window and the supplier
 * is the window's addressee; a details box names the supplier's number at the buyer and the
 * purchasing agent beside the order's number.
 */

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** One item row and the order's total under it. */
const items = (total: string, label = 'Total'): Placed[] => [
  { x: 50, y: 400, text: 'Description' },
  { x: 330, y: 400, text: 'Quantity' },
  { x: 470, y: 400, text: 'Amount' },
  { x: 50, y: 416, text: 'Ball bearing 6204-2RS' },
  { x: 330, y: 416, text: '100' },
  { x: 470, y: 416, text: total },
  { x: 300, y: 440, text: label },
  { x: 470, y: 440, text: total },
];

/** A sender line over a window address, and the buyer's letterhead at the top right. */
const windowed = (sender: string, supplier: string[], letterhead: string[]): Placed[] => [
  ...lines(340, 50, letterhead),
  { x: 50, y: 120, text: sender, height: 7 },
  ...lines(50, 140, supplier),
];

describe('a purchase order sent in a window envelope', () => {
  it.each([
    [
      'Stadtwerke Nordhafen GmbH · Hafenstraße 14 · 20457 Hamburg',
      ['Kugellager Vogt GmbH', 'Lindenweg 5', '72336 Balingen'],
      'Stadtwerke Nordhafen GmbH',
      'Kugellager Vogt GmbH',
    ],
    [
      'Northwind Utilities Inc., 1200 Harbor Blvd, Oakland, CA 94607',
      ['Hollis & Grant Lab Services', '14 Mill Lane', 'Reading RG1 7PT'],
      'Northwind Utilities Inc.',
      'Hollis & Grant Lab Services',
    ],
  ])('over "%s" names the buyer, and the window the supplier', (sender, supplier, buyer, supplierName) => {
    const result = order([
      ...windowed(sender, supplier, [buyer, 'Purchase Order']),
      { x: 340, y: 200, text: 'Order No.' },
      { x: 460, y: 200, text: '106565' },
      ...items('345.00'),
    ]);
    expect(result.supplier_name).toBe(supplierName);
    expect(result.buyer_name).toBe(buyer);
  });

  it('takes the buyer for the organization, not the purchaser named under its label', () => {
    const result = order([
      ...windowed(
        'Aguas de Levante S.A., Avda. del Puerto 210, 46023 Valencia',
        ['Rodamientos Iturbe S.L.', 'C/ Urola 12', '20730 Azpeitia'],
        ['Pedido compra'],
      ),
      { x: 50, y: 220, text: 'Comprador' },
      { x: 200, y: 220, text: 'Marta Castillo' },
      { x: 50, y: 234, text: 'Nº pedido' },
      { x: 200, y: 234, text: 'B26567' },
      ...items('1.234,50'),
    ]);
    expect(result.buyer_name).toBe('Aguas de Levante S.A.');
    expect(result.supplier_name).toBe('Rodamientos Iturbe S.L.');
  });

  it('takes the sender over the window for the buyer, not the purchaser, though no legal form names it', () => {
    const result = order([
      ...windowed(
        'Meridian Health System, 455 Lakeview Parkway, Columbus, OH 43215',
        ['Pacific Fastener Supply Co.', '310 Mission Street', 'San Mateo, CA 94401'],
        ['Purchase Order'],
      ),
      { x: 50, y: 220, text: 'Purchaser' },
      { x: 200, y: 220, text: 'Jennifer Walsh' },
      { x: 50, y: 234, text: 'Order No.' },
      { x: 200, y: 234, text: '106241' },
      ...items('345.00'),
    ]);
    expect(result.buyer_name).toBe('Meridian Health System');
  });

  it("reads a one-line address in the footer as the supplier's own, no window over an addressee", () => {
    // The supplier's letterhead at the top, the buyer under its heading, and the supplier's name and
    // address again on one line at the foot, over a line of terms: no window is that low.
    const result = order([
      ...lines(50, 40, ['DUPONT LOGISTIQUE SARL', 'CS 2534', '69002 Lyon']),
      { x: 340, y: 40, text: 'BON DE COMMANDE' },
      ...lines(50, 120, ['Adresse de facturation', 'Provence Logistique SARL', 'CS 1507', '75011 Paris']),
      { x: 340, y: 134, text: 'N° de commande' },
      { x: 460, y: 134, text: '025238' },
      ...items('345.00'),
      { x: 150, y: 790, text: 'DUPONT LOGISTIQUE SARL · CS 2534 · 69002 Lyon' },
      { x: 150, y: 804, text: 'Conditions générales au 8 février 2024' },
    ]);
    expect(result.supplier_name).toBe('DUPONT LOGISTIQUE SARL');
    expect(result.buyer_name).toBe('Provence Logistique SARL');
  });
});

describe('an order details box', () => {
  it.each([
    ['Eink. von Kred.-Nr.', 'Bestellnr.', 'B88175'],
    ['Buy-from Vendor No.', 'Order No.', '106241'],
    ['N° fournisseur', 'N° commande', '106943'],
    ['Compra a-Nº proveedor', 'Nº pedido', 'PO-4731'],
  ])('"%s" numbers the supplier, "%s" the order', (vendorKey, orderKey, number) => {
    const result = order([
      ...lines(340, 50, ['Hessler Maschinenbau GmbH', 'Am Gewerbepark 3', '74523 Schwäbisch Hall']),
      ...lines(50, 140, ['Elektro Brandl e.K.', 'Gewerbestraße 41', '94032 Passau']),
      { x: 50, y: 220, text: vendorKey },
      { x: 200, y: 220, text: '88000' },
      { x: 50, y: 234, text: orderKey },
      { x: 200, y: 234, text: number },
      ...items('345,00'),
    ]);
    expect(result.po_number).toBe(number);
  });

  it('reads no supplier from the key of its number at the buyer', () => {
    const result = order([
      { x: 300, y: 40, text: 'Meridian Health System' },
      { x: 50, y: 120, text: 'Meridian Health System · 455 Lakeview Parkway · Columbus, OH 43215', height: 7 },
      ...lines(50, 140, ['Pacific Fastener Supply Co.', '310 Mission Street', 'San Mateo, CA 94401']),
      ...lines(340, 140, ['Purchase Order', 'PO Number/Date', '4500046632 / 07/22/2025', 'Vendor number', '335865']),
      ...lines(340, 210, ['Contact person/Telephone', 'Marcus Doyle / +39 865 965860']),
      ...items('345.00'),
    ]);
    expect(result.supplier_name).toBe('Pacific Fastener Supply Co.');
    expect(result.po_number).toBe('4500046632');
  });
});

describe('a sender line set with commas', () => {
  it('over an invoice window names the seller, not the addressee under it', () => {
    const result = invoice([
      { x: 50, y: 120, text: 'Schäfer Büroorganisation KG, Kantstraße 90, 10627 Berlin', height: 7 },
      ...lines(50, 140, ['Rheinmetallbau AG', 'Industriering 7', '40549 Düsseldorf']),
      { x: 340, y: 200, text: 'Rechnung Nr. 2024-118' },
      ...items('345,00', 'Gesamtbetrag'),
    ]);
    expect(result.vendor_name).toBe('Schäfer Büroorganisation KG');
  });
});
