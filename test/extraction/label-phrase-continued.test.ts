import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { LabelIndex } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc } from './synthetic.js';

/**
 * A label's phrase may run on past what the lexicon lists, with a preposition or article that is
 * itself a weak date label in some language ("del" of Italian "Fattura n. 12 del 03/05/2025",
 * "du", "vom"): "Fecha de vencimiento del pago", "Date d'échéance du paiement". Printed in lower
 * case right after a date's label in its segment it goes on that label's phrase, and the date
 * after it is the label's alone; after a title it still labels the title's date ("FATTURA del")
 * (`continuesLabel` in labels/label-phrases.ts). Before, the due date was also an invoice date
 * labelled "del" or "du", nearer to it than its own label, and on a one-line print of such a
 * phrase (wkhtmltopdf) the ranker took it for the invoice date.
 */

/** The label hits of a line holding `text` and a date after it, as key:text. */
function hitsOf(text: string): string[] {
  const lines = buildLines(
    doc([
      { x: 297, y: 140, text },
      { x: 297 + text.length * 6 + 12, y: 140, text: '20/05/2025' },
    ]),
  );
  const line = lines[0]!;
  return new LabelIndex(lines).hitsOn(line).map((h) => `${h.key}:${line.text.slice(h.start, h.end)}`);
}

describe('a label phrase that runs on with a preposition', () => {
  it.each([
    ['Fecha de vencimiento del pago', 'Fecha de vencimiento'],
    ["Date d'échéance du paiement", "Date d'échéance"],
  ])('"%s" labels the date after it by "%s" alone', (text, label) => {
    const hits = hitsOf(text);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.endsWith(`:${label}`))).toBe(true);
  });

  it('keeps a weak date label that begins its own phrase', () => {
    expect(hitsOf('Fattura n. 12 del')).toContain('invoice_date:del');
    expect(hitsOf('FATTURA del')).toContain('invoice_date:del');
    expect(hitsOf('Rechnung vom')).toContain('invoice_date:vom');
    expect(hitsOf('Fecha')).toContain('invoice_date:Fecha');
  });
});
