import { describe, expect, it } from 'vitest';
import { RECOMMENDED_FIELDS } from '@intake/core';
import { collectExamples } from '@intake/core/extraction';
import { doc, type Placed } from './synthetic.js';

/**
 * Invoices as small accounting programs print them: a title and a box of "Key: value" rows at the
 * top right, no "Bill to" or "Seller" label anywhere.
 */

const sellerCandidates = (placed: Placed[]) =>
  collectExamples(doc(placed), [...RECOMMENDED_FIELDS.invoice], { vendor_name: '?' }, 'invoice')
    .find((l) => l.role === 'vendor_name')
    ?.candidates.map((c) => String(c.value)) ?? [];

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
