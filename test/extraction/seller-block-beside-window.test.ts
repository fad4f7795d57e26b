import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * The client's block at the top left with no label (an envelope's window) and the seller's own block
 * at the right: name, street, town and phone, with a details box between the two whose last row falls
 * between the block's lines. The seller's name is printed again in the payment line and the footer;
 * the ranker is to read it at the top, where its block stands (fields/contact-blocks.ts, parties.ts).
 * The town's line may carry a British or an Irish postcode (an Eircode: "Limerick V94 T9PX").
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
    {
      title: 'INVOICE',
      client: ['John Carter', 'Unit 12, Ballycurreen Industrial Estate', 'Cork T12 RX2C'],
      seller: ['Clover Hill Florist', '18 Shop Street', 'Limerick V94 T9PX', '+353 13 603 4266'],
      box: ['Invoice Date 16 Mar 2025', 'Reference 17806', 'VAT No IE8288857E'],
      pay: 'Payment details: Clover Hill Florist · IBAN IE29 AIBK 9311 5212 3456 78',
      foot: 'Clover Hill Florist · VAT No IE8288857E · 18 Shop Street, Limerick V94 T9PX',
    },
    {
      title: 'Faktura',
      client: ['Anna Nowak', 'ul. Lipowa 7', '31-154 Kraków'],
      seller: ['Pracownia Stolarska Kowalczyk', 'ul. Długa 12', '00-950 Warszawa', '+48 22 123 45 67'],
      box: ['Data wystawienia 20.07.2025', 'Numer FV/2025/118', 'NIP 526-104-08-28'],
      pay: 'Konto: Pracownia Stolarska Kowalczyk · PL61 1090 1014 0000 0712 1981 2874',
      foot: 'Pracownia Stolarska Kowalczyk · ul. Długa 12 · 00-950 Warszawa · NIP 526-104-08-28',
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
