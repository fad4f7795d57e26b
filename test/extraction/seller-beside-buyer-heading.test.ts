import { describe, expect, it } from 'vitest';
import { extractInvoice, type Placed } from './synthetic.js';

/**
 * The seller's block beside the buyer's, its name on the row of the buyer's heading ("Pixel & Pine
 * Design      Bill to"), as hosted invoicing services print it under the invoice's number and
 * dates: the row belongs to the buyer's block only right of the seller's name
 * (`besideBuyerBlock` in fields/parties.ts). Before, the whole row was passed over, and a seller
 * without a legal form had no candidate at all.
 */

const invoice = extractInvoice;

interface Words {
  title: string;
  numberLabel: string;
  dateLabel: string;
  date: string;
  buyerHeading: string;
  seller: string;
  total: string;
}

const sellerBesideBuyer = (w: Words, buyerRow: Placed[]): Placed[] => [
  { x: 50, y: 40, text: w.title, height: 18 },
  { x: 50, y: 70, text: `${w.numberLabel} 14EE-0005` },
  { x: 50, y: 84, text: `${w.dateLabel} ${w.date}` },
  ...buyerRow,
  { x: 50, y: 134, text: 'Kingsway 27' },
  { x: 220, y: 134, text: 'Meridian Health Partners' },
  { x: 50, y: 148, text: 'Sydney NSW 2000' },
  { x: 220, y: 148, text: 'Harbour Drive 501' },
  { x: 50, y: 162, text: 'billing@pixelpine.example' },
  { x: 220, y: 162, text: 'Auckland 1010' },
  { x: 50, y: 260, text: 'Description' },
  { x: 480, y: 260, text: 'Amount' },
  { x: 50, y: 278, text: 'Logo design' },
  { x: 480, y: 278, text: '800.00' },
  { x: 400, y: 310, text: w.total },
  { x: 480, y: 310, text: '800.00' },
];

const LANGUAGES: Words[] = [
  {
    title: 'Invoice',
    numberLabel: 'Invoice number',
    dateLabel: 'Date of issue',
    date: 'May 15, 2024',
    buyerHeading: 'Bill to',
    seller: 'Pixel & Pine Design',
    total: 'Total',
  },
  {
    title: 'Rechnung',
    numberLabel: 'Rechnungsnummer',
    dateLabel: 'Rechnungsdatum',
    date: '15.05.2024',
    buyerHeading: 'Rechnungsempfänger',
    seller: 'Atelier Sommerfeld',
    total: 'Gesamtbetrag',
  },
  {
    title: 'Facture',
    numberLabel: 'Numéro de facture',
    dateLabel: 'Date de facture',
    date: '15/05/2024',
    buyerHeading: 'Facturé à',
    seller: 'Studio Lumière',
    total: 'Total TTC',
  },
];

describe('a seller’s name on the row of the buyer’s heading', () => {
  it.each(LANGUAGES)('"$seller" left of "$buyerHeading" is the seller', (w) => {
    const result = invoice(
      sellerBesideBuyer(w, [
        { x: 50, y: 120, text: w.seller },
        { x: 220, y: 120, text: w.buyerHeading },
      ]),
    );
    expect(result.vendor_name).toBe(w.seller);
  });

  it.each(LANGUAGES)('a name right of "$buyerHeading" on its row is the buyer’s, never the seller', (w) => {
    const result = invoice(
      sellerBesideBuyer(w, [
        { x: 50, y: 120, text: w.buyerHeading },
        { x: 220, y: 120, text: 'Meridian Health Partners' },
      ]),
    );
    expect(result.vendor_name).not.toBe('Meridian Health Partners');
  });
});
