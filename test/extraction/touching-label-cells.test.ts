import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, extractInvoice, type Placed } from './synthetic.js';

/**
 * PDF writers that print a label and its value in two cells side by side (TCPDF and FPDF tables,
 * report engines), the label right-aligned and the value left-aligned, leave no gap between them:
 * "Zwischensumme:" ends where "3.177,81" begins. Words whose boxes touch are one word where a
 * kerning change broke a word ("7", "/2", "7", "/2019"), but a word ending in a colon after a letter
 * or bracket ends a label, so the word touching it is its value (`endsLabel` in layout/lines.ts).
 * Before, "Zwischensumme:3.177,81" read as one word: no label, no amount, and the totals were lost.
 */

/** `label` right-aligned to end at x = 440 (6 points a character), `value` starting there. */
const touching = (y: number, label: string, value: string): Placed[] => [
  { x: 440 - label.length * 6, y, text: label },
  { x: 440, y, text: value },
];

const invoice = (words: { number: string; subtotal: string; tax: string; total: string }): Placed[] => [
  { x: 60, y: 50, text: 'Kestrel Werkzeuge GmbH' },
  { x: 60, y: 64, text: 'Industriestr. 45a, 70565 Stuttgart' },
  ...touching(120, words.number, 'INV-8583'),
  { x: 60, y: 200, text: 'Artikel' },
  { x: 480, y: 200, text: 'Betrag' },
  { x: 60, y: 220, text: 'Kupferrohr 15 mm' },
  { x: 480, y: 220, text: '3.177,81' },
  ...touching(260, words.subtotal, '3.177,81'),
  ...touching(275, words.tax, '222,45'),
  ...touching(290, words.total, '3.400,26'),
];

describe('a label and its value in touching cells', () => {
  it.each([
    { number: 'Rechnungsnummer:', subtotal: 'Zwischensumme:', tax: 'MwSt. (7%):', total: 'Gesamt:' },
    { number: 'Invoice No:', subtotal: 'Subtotal:', tax: 'VAT (7%):', total: 'Total:' },
  ])('reads the values beside "$subtotal"', (words) => {
    const fields = extractInvoice(invoice(words));
    expect(fields).toMatchObject({
      invoice_number: 'INV-8583',
      subtotal: 3177.81,
      tax_amount: 222.45,
      total_amount: 3400.26,
    });
  });

  it('keeps a time and a web address whole', () => {
    const [line] = buildLines(
      doc([
        { x: 100, y: 100, text: '12:' },
        { x: 118, y: 100, text: '30' },
        { x: 200, y: 100, text: 'https:' },
        { x: 236, y: 100, text: '//kestrel.example' },
      ]),
    );
    expect(line!.words.map((w) => w.text)).toEqual(['12:30', 'https://kestrel.example']);
  });
});
