import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { LabelIndex } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * A label's two words that OCR ran together ("TOTALDUE", "Totaltaxes", "Totaleprodotti") are read
 * as the label on an OCR'd line (labels/ocr-misreads.ts), unless the lexicons' languages write
 * compounds of its first word ("Steuerposten", as "Steuerbetrag"): a text layer is read as written.
 */

function keysOn(text: string, source: 'ocr' | 'text_layer'): string[] {
  const lines = buildLines(doc([page([{ x: 50, y: 50, text, confidence: 0.95 }], { source })]));
  return new LabelIndex(lines, []).hitsOn(lines[0]!).map((h) => h.key);
}

describe("a label's words run together by OCR", () => {
  it.each([
    ['TOTALDUE $9,509.10', 'total_amount'],
    ['Totaltaxes 15,66 €', 'tax_amount'],
    ['Totaleprodotti 97,29 €', 'subtotal'],
    ['DUEDATE 29/03/2025', 'due_date'],
  ])('"%s" on an OCR\'d line holds a %s label', (text, key) => {
    expect(keysOn(text, 'ocr')).toContain(key);
  });

  it('is read as written on a text layer', () => {
    expect(keysOn('TOTALDUE $9,509.10', 'text_layer')).toEqual([]);
  });

  it('a compound of a language that writes such words whole stays one word', () => {
    // "steuer" opens the lexicons' "Steuerbetrag" and "Steuersatz": "Steuerposten" is German.
    expect(keysOn('Steuerposten 12,00', 'ocr')).toEqual([]);
    expect(keysOn('Steuer posten 12,00', 'ocr')).toContain('tax_amount');
  });

  it("gives an OCR'd invoice its total", () => {
    const placed: Placed[] = [
      { x: 40, y: 40, text: 'Harbour Print Ltd' },
      { x: 350, y: 60, text: 'Invoice No. 2025-0117' },
      { x: 350, y: 74, text: 'Date 27/02/2025' },
      { x: 300, y: 400, text: 'SUBTOTAL $8,631.00' },
      { x: 300, y: 414, text: 'TAX $863.10' },
      { x: 300, y: 428, text: 'TOTALDUE $9,509.10' },
      { x: 300, y: 460, text: 'Deposit received $10,450.00' },
    ];
    const read = doc([page(placed, { source: 'ocr' })]);
    const { extracted_data } = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    expect(extracted_data.total_amount).toBe(9509.1);
  });
});
