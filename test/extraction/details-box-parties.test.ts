import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { collectExamples } from '@intake/core/extraction';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Invoices as small accounting programs print them: a title, a box of "Key: value" rows at the top
 * right, then the client's block at the left and the company's block beside it, set flush right,
 * with its phone and e-mail under its address; no "Bill to" or "Seller" label anywhere.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
const sellerCandidates = (placed: Placed[]) =>
  collectExamples(doc(placed), [...RECOMMENDED_FIELDS.invoice], { vendor_name: '?' }, 'invoice')
    .find((l) => l.role === 'vendor_name')
    ?.candidates.map((c) => String(c.value)) ?? [];

/** Lines set flush right against x1, one under the other from y, 14 points apart (6 points a character). */
const flushRight = (x1: number, y: number, texts: string[]): Placed[] =>
  texts.map((text, i) => ({ x: x1 - text.length * 6, y: y + i * 14, text }));

/** A details box of keys and values, the values in a column of their own. */
const detailsBox = (rows: [string, string][]): Placed[] =>
  rows.flatMap(([key, value], i) => [
    { x: 380, y: 60 + i * 14, text: key },
    { x: 480, y: 60 + i * 14, text: value },
  ]);

/** Item rows and totals under the parties. */
const body = (labels: [string, string, string]): Placed[] => [
  { x: 40, y: 300, text: labels[0] },
  { x: 480, y: 300, text: labels[1] },
  { x: 40, y: 318, text: 'Logo design' },
  { x: 480, y: 318, text: '400.00' },
  { x: 40, y: 350, text: labels[2] },
  { x: 480, y: 350, text: '400.00' },
];

describe('a key and its colon alone at the top', () => {
  it('is no name, known to the lexicon or not (Dutch, French)', () => {
    const dutch = sellerCandidates([
      { x: 40, y: 30, text: 'Factuur #000382' },
      ...detailsBox([
        ['Datum:', '07-12-2024'],
        ['Referentie:', 'PO-9147'],
        ['Voorwaarden:', '14 dagen'],
      ]),
      ...body(['Omschrijving', 'Totaal', 'Te betalen bedrag']),
    ]);
    expect(dutch).not.toContain('Datum');
    expect(dutch).not.toContain('Referentie');
    expect(dutch).not.toContain('Voorwaarden');
    const french = sellerCandidates([
      { x: 40, y: 30, text: 'Facture n°2025-016' },
      ...detailsBox([
        ['Date :', '13/10/2025'],
        ['Référence :', 'PO-2165'],
      ]),
      ...body(['Description', 'Total', 'Montant dû']),
    ]);
    expect(french).not.toContain('Date');
    expect(french).not.toContain('Référence');
  });
});

describe("the company's block beside the client's", () => {
  it('is the seller where its phone and e-mail stand under its address (English, German)', () => {
    const english = invoice([
      { x: 40, y: 30, text: 'Invoice #000617' },
      ...detailsBox([
        ['Date:', '11/26/2024'],
        ['Due Date:', '12/26/2024'],
      ]),
      ...lines(40, 120, ['Harbour Light Studio Ltd', '7 Harbour Road', 'Leeds LS2 7EW']),
      ...flushRight(555, 120, [
        'Emma Clarke',
        '14 Mill Lane',
        'Bristol BS1 4DJ',
        '+44 117 496 0821',
        'hello@emmaclarke.co.uk',
      ]),
      ...body(['Description', 'Total', 'Amount Due']),
    ]);
    expect(english.vendor_name).toBe('Emma Clarke');
    const german = invoice([
      { x: 40, y: 30, text: 'Rechnung Nr. 91' },
      ...detailsBox([
        ['Datum:', '03.10.2025'],
        ['Fälligkeitsdatum:', '02.11.2025'],
      ]),
      ...lines(40, 120, ['Isabel Navarro', 'Hauptstr. 45a', '50667 Köln']),
      ...flushRight(555, 120, [
        'Jonas Becker',
        'Lindenstraße 12',
        '10969 Berlin',
        '+49 30 2291 4471',
        'info@jonasbecker.de',
      ]),
      ...body(['Beschreibung', 'Gesamt', 'Fälliger Betrag']),
    ]);
    expect(german.vendor_name).toBe('Jonas Becker');
  });

  it("leaves the client's name a candidate where both blocks print an e-mail", () => {
    const candidates = sellerCandidates([
      { x: 40, y: 30, text: 'Invoice #000617' },
      ...lines(40, 120, ['Harbour Light Studio Ltd', '7 Harbour Road', 'Leeds LS2 7EW', 'accounts@harbourlight.co.uk']),
      ...flushRight(555, 120, ['Emma Clarke', '14 Mill Lane', 'Bristol BS1 4DJ', 'hello@emmaclarke.co.uk']),
      ...body(['Description', 'Total', 'Amount Due']),
    ]);
    expect(candidates).toContain('Harbour Light Studio Ltd');
    expect(candidates).toContain('Emma Clarke');
  });

  it("takes no buyer's VAT number for a contact line: the block stays the client's", () => {
    const candidates = sellerCandidates([
      { x: 40, y: 30, text: 'Invoice #000617' },
      ...lines(40, 120, ['Harbour Light Studio Ltd', '7 Harbour Road', 'Leeds LS2 7EW', 'VAT GB 284 5519 27']),
      ...flushRight(555, 120, ['Emma Clarke', '14 Mill Lane', 'Bristol BS1 4DJ', '+44 117 496 0821']),
      ...body(['Description', 'Total', 'Amount Due']),
    ]);
    expect(candidates).not.toContain('Harbour Light Studio Ltd');
    expect(candidates).toContain('Emma Clarke');
  });
});
