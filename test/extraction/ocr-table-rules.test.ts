import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * A scanned table whose cells are ruled: tesseract reads each vertical rule as a bracket or bar
 * stuck to the next cell's first glyph ("[Date", "|Due"), with a box as tall as the cell, and the
 * rules fill the gaps between the cells, so a row of labels or values reads as one run. The glyph
 * is left out and the rule parts the row into segments (layout/ocr-rules.ts); a row's outer border,
 * bracketed codes and text layers stay as they are.
 */

/** A cell's words as OCR reads them: a rule's glyph glued on, boxes as tall as the cell. */
const cell = (x: number, y: number, text: string): Placed => ({ x, y, text, confidence: 0.9, height: 40 });

/** A ruled header row (number, date, due date) over its values, 36 points under it. */
const ruledTable = (prefix = ''): Placed[] => [
  cell(50, 100, `${prefix}Invoice No.`),
  cell(150, 100, `${prefix}Date`),
  cell(220, 100, `${prefix}Due Date`),
  cell(50, 136, `${prefix}INV-0042`),
  cell(140, 136, `${prefix}2024-03-08`),
  cell(240, 136, `${prefix}2024-04-07`),
  { x: 200, y: 300, text: 'Total', confidence: 0.9 },
  { x: 300, y: 300, text: '420.00', confidence: 0.9 },
];

const segmentsOf = (placed: Placed[], source: 'ocr' | 'text_layer' = 'ocr') =>
  buildLines(doc([page(placed, { source })])).map((l) => l.segments.map((s) => s.text));

describe("a ruled table's rules as OCR reads them", () => {
  it('leaves the glyph out and parts the row where a rule stood', () => {
    const [labels, values] = segmentsOf(ruledTable('['));
    // The row's outer border parts nothing and stays as read.
    expect(labels).toEqual(['[Invoice No.', 'Date', 'Due Date']);
    expect(values).toEqual(['[INV-0042', '2024-03-08', '2024-04-07']);
    expect(segmentsOf(ruledTable('|'))[0]).toEqual(['|Invoice No.', 'Date', 'Due Date']);
  });

  it('parts a row where a rule stood after a word ("Qty|")', () => {
    const row = [cell(50, 100, 'Qty|'), cell(90, 100, 'Unit Price|'), cell(170, 100, 'Amount|')];
    expect(segmentsOf(row)[0]).toEqual(['Qty', 'Unit Price', 'Amount|']);
  });

  it('keeps bracketed codes, brackets that close, a lone glyph, and every text layer', () => {
    const row = [cell(50, 100, '[X] [17589684] (GTIN] Code')];
    expect(segmentsOf(row)[0]).toEqual(['[X] [17589684] (GTIN] Code']);
    // One glyph alone in a row is more often print or a speck than a ruled table.
    expect(segmentsOf([cell(50, 100, 'Ref [A-12 Widget')])[0]).toEqual(['Ref [A-12 Widget']);
    expect(segmentsOf(ruledTable('['), 'text_layer')[0]![0]).toBe('[Invoice No. [Date');
  });
});
