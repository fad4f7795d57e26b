import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * A row of labels over a row of values, as OCR reads a scanned header strip: the boxes as tall as
 * the shaded cells (24 points), so that a line's height of tolerance beside a label reaches the
 * neighbouring column's value, and each value a little off its label's column.
 */
function strip(labels: Placed[], values: Placed[]) {
  const head: Placed[] = [
    { x: 40, y: 40, text: 'Copperleaf Media Ltd' },
    { x: 40, y: 56, text: '7 Harbour Road, Leeds LS2 7TE' },
    { x: 260, y: 100, text: 'INVOICE', height: 20 },
  ];
  const foot: Placed[] = [
    { x: 300, y: 400, text: 'Total' },
    { x: 420, y: 400, text: '1,250.00' },
  ];
  const tall = (p: Placed): Placed => ({ ...p, height: 24 });
  return doc([page([...head, ...labels.map(tall), ...values.map(tall), ...foot], { source: 'ocr' })]);
}

const extract = (document: ReturnType<typeof doc>) =>
  extractFields(document, [...RECOMMENDED_FIELDS.invoice], { receivedAt: new Date('2026-01-15') }).extracted_data;

describe('a value under a row of labels belongs to the label it stands under', () => {
  it('the due date under "Due" is not the invoice date that reaches into its column from the left', () => {
    const labels: Placed[] = [
      { x: 40, y: 160, text: 'Invoice #' },
      { x: 140, y: 160, text: 'Date' },
      { x: 226, y: 160, text: 'Due' },
    ];
    const values: Placed[] = [
      { x: 38, y: 186, text: '20250950' },
      { x: 146, y: 186, text: '2025-11-17' },
      { x: 236, y: 186, text: '2025-12-01' },
    ];
    const data = extract(strip(labels, values));
    expect(data.invoice_number).toBe('20250950');
    expect(data.invoice_date).toBe('2025-11-17');
    expect(data.due_date).toBe('2025-12-01');
  });
});
