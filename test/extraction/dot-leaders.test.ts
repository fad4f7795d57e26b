import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { withoutLeaders } from '../../packages/core/src/extraction/layout/leaders.js';
import { doc, extractInvoice, lines, page, type Placed } from './synthetic.js';

/**
 * Dot leaders, as office programs print a tab stop's fill between a label and its value: the dots
 * are text that touches both, so that without a rule "HT", the dots and "1" read as one word and
 * the label and its value as one segment (layout/leaders.ts).
 */
const segments = (placed: Placed[]) => buildLines(doc(placed)).map((l) => l.segments.map((s) => s.text));

/** Label, leader and value as three touching text items (6 points a character). */
function leadered(x: number, y: number, label: string, value: string, dots = 20): Placed[] {
  const leader = x + label.length * 6;
  return [
    { x, y, text: label },
    { x: leader, y, text: '.'.repeat(dots) },
    { x: leader + dots * 6, y, text: value },
  ];
}

describe('dot leaders between a label and its value', () => {
  it('a leader item touching the label and the value is no word: the two stand apart as segments', () => {
    expect(segments(leadered(300, 500, 'Total HT', '1 755,46 €'))).toEqual([['Total HT', '1 755,46 €']]);
  });

  it('leaders inside one item are cut out, each side keeping its place', () => {
    const [label, value] = withoutLeaders({
      text: 'payer...........6,20',
      bbox: { x0: 100, y0: 10, x1: 220, y1: 20 },
      confidence: 1,
    });
    expect(label).toMatchObject({ text: 'payer', bbox: { x0: 100, x1: 130 } });
    expect(value).toMatchObject({ text: '6,20', bbox: { x0: 196, x1: 220 } });
    expect(segments([{ x: 300, y: 500, text: 'Net à payer...........6,20 €' }])).toEqual([['Net à payer', '6,20 €']]);
  });

  it('leave a full stop, an abbreviation, an ellipsis of two dots and decimals alone', () => {
    for (const text of ['Ltd.', 'e.g.', 'Co..', '1.234.567,89', 'No.'])
      expect(withoutLeaders({ text, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, confidence: 1 }), text).toEqual([
        { text, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, confidence: 1 },
      ]);
  });

  it('an invoice whose labelled values and totals are set with leaders reads as one set with tabs', () => {
    const placed: Placed[] = [
      ...lines(50, 40, ['Atlas Consulting Ltd', '5 High Street', 'Bristol BS1 5TR']),
      ...leadered(320, 110, 'Invoice No.', 'INV-2024-0042', 14),
      ...leadered(320, 125, 'Invoice Date', '2024-03-08', 13),
      ...leadered(320, 140, 'Due Date', '2024-04-07', 17),
      { x: 50, y: 300, text: 'Description' },
      { x: 330, y: 300, text: 'Qty' },
      { x: 440, y: 300, text: 'Amount' },
      { x: 50, y: 318, text: 'Desk lamp' },
      { x: 330, y: 318, text: '2' },
      { x: 440, y: 318, text: '80.00' },
      ...leadered(340, 350, 'Subtotal', '80.00', 12),
      ...leadered(340, 366, 'VAT 20%', '16.00', 13),
      ...leadered(340, 382, 'Total', '96.00', 15),
    ];
    expect(extractInvoice(placed)).toMatchObject({
      invoice_number: 'INV-2024-0042',
      invoice_date: '2024-03-08',
      due_date: '2024-04-07',
      subtotal: 80,
      tax_amount: 16,
      total_amount: 96,
    });
  });

  it('OCR words that hold leaders are cut the same way', () => {
    const read = doc([page([{ x: 300, y: 500, text: 'Total.............96.00', confidence: 0.9 }], { source: 'ocr' })]);
    expect(buildLines(read).map((l) => l.segments.map((s) => s.text))).toEqual([['Total', '96.00']]);
  });
});
