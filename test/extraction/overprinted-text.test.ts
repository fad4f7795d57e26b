import { describe, expect, it } from 'vitest';
import { extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * A producer without a bold face draws a word twice, the copy a fraction of a point to the right
 * (layout/overprint.ts). The copies are one word: the seller's name and the labels read as printed,
 * not as "BrennholzBrennholz" or a label no lexicon knows.
 */

const bold = (placed: Placed[], offset = 0.4): Placed[] => placed.flatMap((p) => [p, { ...p, x: p.x + offset }]);

const invoice = (emphasis: (placed: Placed[]) => Placed[]): Placed[] => [
  ...emphasis([{ x: 50, y: 40, text: 'Brennholz Schulte GmbH', height: 18 }]),
  ...lines(50, 64, ['Waldweg 3', '59872 Meschede']),
  ...lines(50, 130, ['Gasthof Linde', 'Dorfstr. 1', '57392 Schmallenberg']),
  ...emphasis([{ x: 50, y: 220, text: 'Rechnung', height: 16 }]),
  ...emphasis([{ x: 330, y: 260, text: 'Rechnungsnummer:' }]),
  { x: 450, y: 260, text: 'RE-24-1187' },
  ...emphasis([{ x: 330, y: 274, text: 'Rechnungsdatum:' }]),
  { x: 450, y: 274, text: '14.02.2024' },
  ...emphasis([
    { x: 50, y: 320, text: 'Beschreibung' },
    { x: 300, y: 320, text: 'Menge' },
    { x: 450, y: 320, text: 'Betrag' },
  ]),
  { x: 50, y: 336, text: 'Buchenholz 1 rm' },
  { x: 300, y: 336, text: '4' },
  { x: 450, y: 336, text: '380,00' },
  ...emphasis([{ x: 350, y: 380, text: 'Netto' }]),
  { x: 450, y: 380, text: '380,00' },
  ...emphasis([{ x: 350, y: 394, text: 'MwSt 7 %' }]),
  { x: 450, y: 394, text: '26,60' },
  ...emphasis([{ x: 350, y: 408, text: 'Gesamtbetrag' }]),
  { x: 450, y: 408, text: '406,60' },
];

describe('overprinted words', () => {
  it.each([0.3, 0.4, 1])('read once when drawn twice %s points apart', (offset) => {
    const fields = extractInvoice(invoice((p) => bold(p, offset)));
    expect(fields).toMatchObject({
      vendor_name: 'Brennholz Schulte GmbH',
      invoice_number: 'RE-24-1187',
      invoice_date: '2024-02-14',
      subtotal: 380,
      tax_amount: 26.6,
      total_amount: 406.6,
    });
  });

  it('give the same fields as the words printed once', () => {
    expect(extractInvoice(invoice((p) => bold(p)))).toEqual(extractInvoice(invoice((p) => p)));
  });

  it('leave a word repeated further along its line alone', () => {
    const fields = extractInvoice([
      { x: 50, y: 40, text: 'Berg Berg GmbH', height: 18 },
      ...lines(50, 64, ['Talweg 3', '59872 Meschede']),
      ...invoice((p) => p).slice(3),
    ]);
    expect(fields.vendor_name).toBe('Berg Berg GmbH');
  });
});
