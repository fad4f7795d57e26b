import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * The client's block at the top left with no label (an envelope's window) and the seller's own block
 * at the right: name, street, town and phone, with a details box between the two whose last row falls
 * between the block's lines. The seller's name is printed again in the payment line and the footer;
 * the ranker is to read it at the top, where its block stands (fields/contact-blocks.ts, parties.ts).
 */

const vendorOf = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.vendor_name;

/** The seller's block at x = 420 from y = 48, a line every 14 points. */
const sellerBlock = (texts: string[]): Placed[] => lines(420, 48, texts);

/** The details box's rows at x = 240, its last row set between the block's third and fourth lines. */
const detailsBox = (rows: string[]): Placed[] => rows.map((text, i) => ({ x: 240, y: [48, 62, 84][i]!, text }));

describe("the seller's block beside an unlabelled client block", () => {
  it.each([
    {
      title: 'SALES INVOICE',
      client: ['Meridian Health Partners', 'Unit 7, Riverside Business Park', 'Leeds LS1 4DT'],
      seller: ['Hollis Graphic Design', '221 High Street', 'Bristol BS1 5TR', '0124 819 2044'],
      box: ['Invoice Date 20 July 2025', 'Reference J50469', 'VAT Reg No GB 617 4209 87'],
      pay: 'Payment details: Hollis Graphic Design · Sort code 40-11-62 Account 71829301',
      foot: 'Hollis Graphic Design · VAT Reg No GB 617 4209 87 · 221 High Street, Bristol BS1 5TR',
    },
    {
      title: 'Rechnung',
      client: ['Praxis Dr. Weber', 'Lindenstraße 12', '50667 Köln'],
      seller: ['Malerbetrieb Jonas Brandt', 'Hauptstraße 5', '53111 Bonn', '+49 228 123456'],
      box: ['Datum 20.07.2025', 'Rechnungsnummer 2024-118', 'USt-IdNr. DE123456789'],
      pay: 'Bankverbindung: Malerbetrieb Jonas Brandt · IBAN DE89 3704 0044 0532 0130 00',
      foot: 'Malerbetrieb Jonas Brandt · Hauptstraße 5 · 53111 Bonn · USt-IdNr. DE123456789',
    },
  ])('names the seller whose block prints a phone: $seller.0', ({ title, client, seller, box, pay, foot }) => {
    const placed: Placed[] = [
      { x: 50, y: 48, text: title },
      ...lines(50, 76, client),
      ...detailsBox(box),
      ...sellerBlock(seller),
      { x: 50, y: 160, text: 'Description' },
      { x: 440, y: 160, text: 'Amount' },
      { x: 50, y: 178, text: 'Design work' },
      { x: 440, y: 178, text: '2,328.50' },
      { x: 380, y: 210, text: 'Total' },
      { x: 440, y: 210, text: '2,794.20' },
      { x: 50, y: 250, text: pay },
      { x: 50, y: 270, text: foot },
    ];
    expect(vendorOf(placed)).toBe(seller[0]);
  });
});
