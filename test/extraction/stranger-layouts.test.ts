import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Headings and labels as invoices and orders print them beyond the development corpus (found with
 * the lab's `synth --family stranger` and `weak` on fresh seeds): buyer headings and due or
 * delivery date labels of the lexicon.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** An invoice's number and date in the right column, one row and its totals. */
const invoiceBody: Placed[] = [
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'INV-2024-0042' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Desk lamp' },
  { x: 330, y: 318, text: '2' },
  { x: 440, y: 318, text: '80.00' },
  { x: 380, y: 350, text: 'Subtotal' },
  { x: 470, y: 350, text: '80.00' },
  { x: 380, y: 366, text: 'VAT' },
  { x: 470, y: 366, text: '16.00' },
  { x: 380, y: 382, text: 'Total' },
  { x: 470, y: 382, text: '96.00' },
];

/** An order's number and date in the right column, one row and its total. */
const orderBody: Placed[] = [
  { x: 340, y: 110, text: 'PO Number' },
  { x: 470, y: 110, text: 'PO-88213' },
  { x: 340, y: 125, text: 'Order Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Toner cartridge' },
  { x: 330, y: 318, text: '4' },
  { x: 440, y: 318, text: '48.00' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '48.00' },
];

const footer = (text: string): Placed => ({ x: 60, y: 790, text });

describe('buyer headings and date labels of the lexicon (lexicons/field-labels.json)', () => {
  it.each([
    ['Ordered By', 'Northern Supplies Corp.'],
    ["Donneur d'ordre", 'Atlantique Négoce SARL'],
    ['Opdrachtgever', 'Bakker Groothandel V.O.F.'],
    ['Solicitante', 'López Ferretería S.L.U.'],
  ])('an order\'s buyer under "%s" is the name under it, not the heading', (heading, buyer) => {
    const result = order([
      ...lines(50, 110, [heading, buyer, '12 Mill Lane', 'Leeds LS1 4DY']),
      ...orderBody,
      footer('Summit Office Goods · 5 Market Road · Manchester M1 1AA'),
    ]);
    expect(result.buyer_name).toBe(buyer);
    expect(result.supplier_name).toBe('Summit Office Goods');
  });

  it.each([
    ['Due', 'May 23, 2024', '2024-05-23'],
    ['Vence', '19/11/2025', '2025-11-19'],
    ['Betaaltermijn tot', '2 november 2025', '2025-11-02'],
  ])('"%s" labels the due date', (label, printed, iso) => {
    const result = invoice([
      ...lines(50, 110, ['Bill To', 'Granite Foods LLC', '171 Commerce Street', 'Manchester M1 1AA']),
      ...invoiceBody,
      { x: 340, y: 140, text: label },
      { x: 470, y: 140, text: printed },
    ]);
    expect(result.due_date).toBe(iso);
  });

  it.each([
    ['Required By', '2024-04-02'],
    ['Wunschtermin', '02.04.2024'],
    ['Gewenste levering', '02-04-2024'],
  ])('"%s" labels the delivery date', (label, printed) => {
    const result = order([
      ...lines(50, 110, ['Buyer', 'Granite Foods LLC', '171 Commerce Street', 'Manchester M1 1AA']),
      ...orderBody,
      { x: 340, y: 140, text: label },
      { x: 470, y: 140, text: printed },
    ]);
    expect(result.delivery_date).toBe('2024-04-02');
  });
});
