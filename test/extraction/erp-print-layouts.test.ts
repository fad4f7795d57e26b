import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, extractInvoice as invoice, lines, type Placed } from './synthetic.js';

/**
 * Shapes that the print layouts of ERP and invoicing software give invoices and orders (probed on
 * Odoo's and ERPNext's layouts, filled and printed with Chromium): the totals block's labels, the
 * row numbers of an item table, the title over the number, and the parties.
 */

/** An invoice's number, dates and one row, without a totals block. */
const head: Placed[] = [
  { x: 50, y: 60, text: 'Harbor Lane Supply Inc.' },
  { x: 50, y: 74, text: '2100 Riverside Avenue' },
  { x: 50, y: 88, text: 'Jacksonville, FL 32204' },
  { x: 50, y: 180, text: 'Invoice INV/2024/00031' },
  { x: 50, y: 205, text: 'Invoice Date:' },
  { x: 50, y: 219, text: '07/17/2024' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Quantity' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Office chair' },
  { x: 330, y: 318, text: '5.00' },
  { x: 440, y: 318, text: '$ 265.70' },
  { x: 50, y: 334, text: 'Toner cartridge' },
  { x: 330, y: 334, text: '2.00' },
  { x: 440, y: 334, text: '$ 80.00' },
];

describe('totals block labels', () => {
  it.each([
    ['Untaxed Amount', 'Tax 15%'],
    ['Untaxed Amount', 'VAT 20%'],
  ])('"%s" labels the net amount above "%s" and the total', (net, tax) => {
    const result = invoice([
      ...head,
      { x: 340, y: 360, text: net },
      { x: 470, y: 360, text: '$ 345.70' },
      { x: 340, y: 376, text: tax },
      { x: 470, y: 376, text: '$ 51.86' },
      { x: 340, y: 392, text: 'Total' },
      { x: 470, y: 392, text: '$ 397.56' },
    ]);
    expect(result.subtotal).toBe(345.7);
    expect(result.total_amount).toBe(397.56);
  });
});

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** An item table whose first column numbers the rows, under a header of the given words. */
const numberedRows = (header: string[]): Placed[] => [
  { x: 50, y: 300, text: header[0]! },
  { x: 90, y: 300, text: header[1]! },
  { x: 330, y: 300, text: header[2]! },
  { x: 400, y: 300, text: header[3]! },
  { x: 470, y: 300, text: header[4]! },
  ...[1, 2, 3].flatMap((n) => [
    { x: 50, y: 300 + n * 16, text: String(n) },
    { x: 90, y: 300 + n * 16, text: `Filter set ${n}` },
    { x: 330, y: 300 + n * 16, text: '2' },
    { x: 400, y: 300 + n * 16, text: '€ 10,00' },
    { x: 470, y: 300 + n * 16, text: '€ 20,00' },
  ]),
  { x: 400, y: 380, text: 'Summe' },
  { x: 470, y: 380, text: '€ 60,00' },
];

describe('date labels', () => {
  it.each([
    ['Zahlungsstichtag:', '20.08.2024', '2024-08-20'],
    ['Zahlungsstichtag', '2024-08-20', '2024-08-20'],
  ])('"%s" labels the due date', (label, printed, iso) => {
    const result = invoice([
      ...head,
      { x: 330, y: 205, text: label },
      { x: 450, y: 205, text: printed },
      { x: 340, y: 376, text: 'Summe' },
      { x: 470, y: 376, text: '$ 345.70' },
    ]);
    expect(result.due_date).toBe(iso);
  });
});

describe("a table's row numbers", () => {
  it('a column of row numbers under "Nr." is no order number', () => {
    const result = order([
      { x: 50, y: 110, text: 'Lieferant' },
      { x: 170, y: 110, text: 'Schneider & Weber KG' },
      { x: 330, y: 110, text: 'Datum' },
      { x: 420, y: 110, text: '21.07.2024' },
      ...numberedRows(['Nr.', 'Artikel', 'Menge', 'Preis', 'Betrag']),
    ]);
    expect(result.po_number).toBeUndefined();
    expect(result.supplier_name).toBe('Schneider & Weber KG');
  });
});

describe('the title over the number', () => {
  it.each([
    ['SALES INVOICE', ['No', 'Item', 'Quantity', 'Rate', 'Amount']],
    ['AUSGANGSRECHNUNG', ['Nr.', 'Artikel', 'Menge', 'Preis', 'Betrag']],
    ['FACTURE DE VENTE', ['N°', 'Article', 'Quantité', 'Prix', 'Montant']],
  ])('"%s" over its number names it; the rows\' numbers under "No" do not', (title, header) => {
    const result = invoice([
      { x: 420, y: 60, text: title },
      { x: 420, y: 76, text: 'ACC-SINV-2024-00147' },
      { x: 50, y: 110, text: 'Customer Name' },
      { x: 170, y: 110, text: 'Greenfield Analytics Ltd' },
      { x: 330, y: 110, text: 'Date' },
      { x: 420, y: 110, text: '2024-07-21' },
      ...numberedRows(header),
    ]);
    expect(result.invoice_number).toBe('ACC-SINV-2024-00147');
    expect(result.vendor_name).not.toBe(title.split(' ')[0]);
  });
});

describe('parties', () => {
  it.each([
    ['Shipping address:', 'Summit Office Goods'],
    ['Adresse de livraison :', 'Boulangerie Petit'],
  ])('the buyer under "%s" is not the supplier\'s block beside it', (label, buyer) => {
    // An order's company header names the buyer; its delivery address heads the left block, the
    // supplier the order is addressed to stands right of it, each name over its own street.
    const result = order([
      ...lines(400, 40, [buyer, '27 Market Road', 'Leeds LS1 4DY']),
      ...lines(50, 110, [label, buyer, '27 Market Road', 'Leeds LS1 4DY']),
      ...lines(330, 110, ['Atelier Durand SARL', '12 rue des Lilas', '69003 Lyon', 'France']),
      { x: 50, y: 200, text: 'Purchase Order #P00586' },
      { x: 50, y: 220, text: 'Order Date:' },
      { x: 50, y: 234, text: '2025-04-11' },
      ...numberedRows(['No', 'Item', 'Quantity', 'Rate', 'Amount']),
    ]);
    expect(result.buyer_name).toBe(buyer);
  });
});
