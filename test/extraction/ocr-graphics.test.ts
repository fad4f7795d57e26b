import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, invoiceBody, page, type Placed } from './synthetic.js';

/**
 * A logo beside a scanned letterhead's name comes out of OCR as a word nobody printed ("BE",
 * "rE", "i"), read with almost no confidence and two or three times as tall as the name; a rule
 * or bullet there as a lone "=". Such a word at the start of a row is left out of the row
 * (layout/ocr-graphics.ts); print read badly, amounts, and anything in a text layer stay.
 */

const NAME_ROW_Y = 40;

/** A letterhead row: `first` placed left of the seller's name, both as OCR read them. */
const letterhead = (first: Placed, name = 'Bas van Dijk Advies'): Placed[] => [
  first,
  { x: 85, y: NAME_ROW_Y, text: name, confidence: 0.95 },
];

const firstRow = (placed: Placed[], source: 'ocr' | 'text_layer' = 'ocr') =>
  buildLines(doc([page(placed, { source })]))[0]!.text;

/**
 * A logo as tesseract reads it: a word of letters, 26 points tall, from just above the name's row,
 * ending 8 points before the name (closer than a segment's gap: it reads as the name's first word).
 */
const logo = (text: string, confidence = 0.12): Placed => ({
  x: 77 - text.length * 6,
  y: NAME_ROW_Y - 8,
  text,
  confidence,
  height: 26,
});

describe('a graphic OCR read as the first word of a row', () => {
  it.each([
    ['BE', 0.14],
    ['rE', 0.12],
    ['i', 0],
  ])('leaves out a logo read as "%s" at %s before the name', (text, confidence) => {
    expect(firstRow(letterhead(logo(text, confidence)))).toBe('Bas van Dijk Advies');
  });

  it('leaves out a mark read as a lone "=" or "©" of the row\'s own height', () => {
    for (const text of ['=', '©'])
      expect(firstRow(letterhead({ x: 71, y: NAME_ROW_Y, text, confidence: 0.08 }))).toBe('Bas van Dijk Advies');
  });

  it("keeps a word read with confidence, one of the print's height, one with a digit, and any text layer", () => {
    // A large initial read well is print.
    expect(firstRow(letterhead(logo('BE', 0.9)))).toBe('BE Bas van Dijk Advies');
    // A word of the row's height read badly is print read badly, not a graphic.
    expect(firstRow(letterhead({ x: 47, y: NAME_ROW_Y, text: 'Lopez', confidence: 0.01 }))).toBe(
      'Lopez Bas van Dijk Advies',
    );
    // Amounts and numbers are never taken for a graphic.
    expect(firstRow(letterhead(logo('1.050', 0.1)))).toBe('1.050 Bas van Dijk Advies');
    expect(firstRow(letterhead(logo('BE', 0.1)), 'text_layer')).toBe('BE Bas van Dijk Advies');
  });

  it('keeps a row of one word as it is', () => {
    expect(firstRow([logo('BE')])).toBe('BE');
  });

  it("gives the seller's name without the logo's letters on a scanned invoice", () => {
    const extract = (first: Placed) =>
      extractFields(
        doc([
          page(
            [
              ...letterhead(first, 'Castilla Consultores S.L.U.'),
              ...invoiceBody.map((item) => ({ ...item, confidence: 0.95 })),
            ],
            { source: 'ocr' },
          ),
        ]),
        [...RECOMMENDED_FIELDS.invoice],
        { documentType: 'invoice' },
      ).extracted_data.vendor_name;
    expect(extract(logo('BE'))).toBe('Castilla Consultores S.L.U.');
    expect(extract({ x: 71, y: NAME_ROW_Y, text: '=', confidence: 0.08 })).toBe('Castilla Consultores S.L.U.');
  });
});
