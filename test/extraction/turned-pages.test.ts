import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { estimateSlope } from '../../packages/core/src/extraction/layout/text-direction.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * A scan or photo is often turned a little: across an A4 page a turn of 1.4 degrees puts the
 * amount at the right edge 11 points above or below its label, more than half a line. Rows are
 * rebuilt along the page's text direction, estimated from the word boxes alone.
 */

const SUMMARY = [
  { label: 'Invoice Number', value: 'R-2024-17' },
  { label: 'Invoice Date', value: '03.05.2024' },
  { label: 'Subtotal', value: '1.500,00' },
  { label: 'Steuerbetrag in EUR', value: '285,00' },
  { label: 'Bruttosumme', value: '1.785,00' },
];

/** The invoice's rows (label at x 40, value at x 480), every word turned by `slope` (rise per x). */
function turned(slope: number, source: 'ocr' | 'text_layer' = 'ocr'): ReadDocument {
  const items: Placed[] = [
    { x: 40, y: 40, text: 'Musterbetrieb Systemhaus AG' },
    { x: 40, y: 54, text: 'August-Müller-Strasse 222' },
    { x: 40, y: 68, text: '37079 Göttingen' },
    { x: 40, y: 82, text: 'Telefon 0551 123 456' },
    { x: 40, y: 96, text: 'USt-IdNr DE123456789' },
  ];
  SUMMARY.forEach((row, i) => {
    items.push({ x: 40, y: 200 + i * 24, text: row.label }, { x: 480, y: 200 + i * 24, text: row.value });
  });
  const straight = doc([page(items, { source })]);
  const turn = (y: number, x: number) => y + slope * (x - 297);
  return {
    ...straight,
    pages: straight.pages.map((p) => ({
      ...p,
      words: p.words.map((w) => {
        const centre = (w.bbox.x0 + w.bbox.x1) / 2;
        return { ...w, bbox: { ...w.bbox, y0: turn(w.bbox.y0, centre), y1: turn(w.bbox.y1, centre) } };
      }),
    })),
  };
}

const wordsOf = (document: ReadDocument) => document.pages[0]!.words;

describe('turned pages', () => {
  it.each([0.025, -0.025, 0.08, -0.08])('keeps each label and its amount on one line at a slope of %s', (slope) => {
    const texts = buildLines(turned(slope)).map((l) => l.text);
    expect(texts).toContain('Bruttosumme 1.785,00');
    expect(texts).toContain('Steuerbetrag in EUR 285,00');
  });

  it.each([0.025, -0.025])('reads subtotal, tax and total of a page turned at %s', (slope) => {
    const result = extractFields(turned(slope), [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data).toMatchObject({ subtotal: 1500, tax_amount: 285, total_amount: 1785 });
  });

  it('estimates the slope within one step, and 0 for a straight page', () => {
    expect(estimateSlope(wordsOf(turned(0.025)), 595)).toBeCloseTo(0.025, 2);
    expect(estimateSlope(wordsOf(turned(-0.03)), 595)).toBeCloseTo(-0.03, 2);
    expect(estimateSlope(wordsOf(turned(0)), 595)).toBe(0);
    // A phone photo of a receipt turned 4.6 degrees is still a turn; 8 degrees is a layout.
    expect(estimateSlope(wordsOf(turned(0.08)), 595)).toBeCloseTo(0.08, 2);
    expect(estimateSlope(wordsOf(turned(0.14)), 595)).toBe(0);
  });

  it('leaves a text layer as drawn: its rows are not straightened', () => {
    const texts = buildLines(turned(0.025, 'text_layer')).map((l) => l.text);
    expect(texts).not.toContain('Bruttosumme 1.785,00');
  });
});
