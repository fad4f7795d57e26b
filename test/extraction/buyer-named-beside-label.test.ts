import { describe, expect, it } from 'vitest';
import { extractInvoice, oneItemTable, type Placed } from './synthetic.js';

/**
 * A buyer's label that gives the buyer's name on its own row, as a key gives its value (a payment
 * advice's "Customer   Redwood Property Group LLC", a meta block's "Kunde   Hansen Logistik GmbH"),
 * names the buyer as a heading over a block does: the name printed unlabelled at the top (under
 * the title, where a window envelope shows it) is no seller candidate, even with a legal form the
 * seller's name lacks (`nameBeside` in fields/addressee-names.ts). A table cell that wraps the
 * name ("Redwood Property" over "Group LLC") still names it.
 */

const invoice = extractInvoice;

interface Words {
  title: string;
  dateLabel: string;
  numberLabel: string;
  buyer: string;
  seller: string;
  customer: string;
  total: string;
}

/** The buyer under the title at the left, the seller at the right, a buyer's key-value row below. */
const buyerUnderTitle = (w: Words, customerRow: Placed[]): Placed[] => [
  { x: 61, y: 40, text: w.title, height: 20 },
  { x: 400, y: 40, text: w.seller },
  { x: 400, y: 52, text: '350 Queen Street West' },
  { x: 400, y: 64, text: 'Toronto ON M5V 2A8' },
  { x: 61, y: 92, text: w.buyer },
  { x: 61, y: 104, text: '88 Wellington Road' },
  { x: 61, y: 116, text: 'Sydney NSW 2000' },
  { x: 269, y: 92, text: w.dateLabel },
  { x: 269, y: 104, text: '18.09.2024' },
  { x: 269, y: 128, text: w.numberLabel },
  { x: 269, y: 140, text: 'INV-4674' },
  ...oneItemTable(w.total),
  ...customerRow,
];

const LANGUAGES: Words[] = [
  {
    title: 'TAX INVOICE',
    dateLabel: 'Invoice Date',
    numberLabel: 'Invoice Number',
    buyer: 'Redwood Property Group LLC',
    seller: 'Blue Fjord Studio',
    customer: 'Customer',
    total: 'TOTAL',
  },
  {
    title: 'RECHNUNG',
    dateLabel: 'Rechnungsdatum',
    numberLabel: 'Rechnungsnummer',
    buyer: 'Hansen Logistik GmbH',
    seller: 'Atelier Sommerfeld',
    customer: 'Kunde',
    total: 'Gesamtbetrag',
  },
];

describe('a buyer named beside its label', () => {
  it.each(LANGUAGES)('"$customer" beside "$buyer" keeps it from the seller', (w) => {
    const result = invoice(
      buyerUnderTitle(w, [
        { x: 191, y: 600, text: w.customer },
        { x: 297, y: 600, text: w.buyer },
      ]),
    );
    expect(result.vendor_name).toBe(w.seller);
  });

  it('a wrapped cell ("Redwood Property" over "Group LLC") still names the buyer', () => {
    const w = LANGUAGES[0]!;
    const result = invoice(
      buyerUnderTitle(w, [
        { x: 191, y: 600, text: w.customer },
        { x: 297, y: 600, text: 'Redwood Property' },
        { x: 297, y: 612, text: 'Group LLC' },
      ]),
    );
    expect(result.vendor_name).toBe(w.seller);
  });
});
