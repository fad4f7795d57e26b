import { describe, expect, it } from 'vitest';
import { extractInvoice, oneItemTable, type Placed } from './synthetic.js';

/**
 * A large title on the row of small values ("TAX INVOICE" at the left, the invoice date in the
 * column beside it): the row is as tall as the title, but its values are printed small. The
 * ranker reads a value's height from its own words (`valueHeight` in ranking/features.ts), and a
 * piece of a date written with its month's name is no identifier ("2024" of "18 Sep 2024",
 * `identifiers` in fields/typed-values.ts). Before, the title's row lent the date's year the
 * title's size, and it won the invoice number over the labelled one in the column.
 */

const invoice = extractInvoice;

interface Words {
  title: string;
  dateLabel: string;
  date: string;
  numberLabel: string;
  number: string;
  reference: string;
  total: string;
  advice: string;
}

/** Buyer under the title, a column of labels over values in the middle, the seller at the right. */
const titleBesideColumn = (w: Words): Placed[] => [
  { x: 61, y: 55, text: w.title, height: 22 },
  { x: 269, y: 55, text: w.dateLabel },
  { x: 404, y: 55, text: 'Greyline Logistics' },
  { x: 269, y: 65, text: w.date },
  { x: 404, y: 65, text: '27 King Street' },
  { x: 404, y: 78, text: 'Toronto ON M5V 2A8' },
  { x: 269, y: 88, text: w.numberLabel },
  { x: 61, y: 95, text: 'Delta Outdoor Gear' },
  { x: 269, y: 95, text: w.number },
  { x: 61, y: 106, text: '88 Wellington Road' },
  { x: 61, y: 117, text: 'Sydney NSW 2000' },
  { x: 269, y: 117, text: w.reference },
  ...oneItemTable(w.total),
  { x: 61, y: 600, text: w.advice, height: 16 },
  { x: 300, y: 630, text: w.numberLabel },
  { x: 420, y: 630, text: w.number },
];

describe('values on a large title’s row', () => {
  it.each<Words>([
    {
      title: 'TAX INVOICE',
      dateLabel: 'Invoice Date',
      date: '18 Sep 2024',
      numberLabel: 'Invoice Number',
      number: 'INV-4674',
      reference: 'Reference',
      total: 'TOTAL',
      advice: 'PAYMENT ADVICE',
    },
    {
      title: 'RECHNUNG',
      dateLabel: 'Rechnungsdatum',
      date: '18. September 2024',
      numberLabel: 'Rechnungsnummer',
      number: 'RE-20417',
      reference: 'Referenz',
      total: 'Gesamtbetrag',
      advice: 'ZAHLUNGSAVIS',
    },
    {
      title: 'FACTURE',
      dateLabel: 'Date de facture',
      date: '18 septembre 2024',
      numberLabel: 'Numéro de facture',
      number: 'FA-0736',
      reference: 'Référence',
      total: 'Total TTC',
      advice: 'AVIS DE PAIEMENT',
    },
  ])('"$title": the number is the labelled one, not the date’s year', (words) => {
    const result = invoice(titleBesideColumn(words));
    expect(result.invoice_number).toBe(words.number);
    expect(result.invoice_date).toBe('2024-09-18');
  });
});
