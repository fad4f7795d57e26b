import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument, type Word } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';

/**
 * Where an OCR'd row parts into segments: the gap that parts them is measured against the height
 * of the row's print, which neither a tall one-glyph mark nor a column of smaller print beside a
 * name may set.
 */

const word = (text: string, x0: number, x1: number, y0: number, y1: number): Word => ({
  text,
  confidence: 0.9,
  bbox: { x0, y0, x1, y1 },
});
const ocrDocument = (words: Word[]): ReadDocument => ({
  mimeType: 'application/pdf',
  attachments: [],
  pages: [{ number: 1, width: 595, height: 842, source: 'ocr', words }],
});
const segmentsOf = (words: Word[]): string[] => buildLines(ocrDocument(words))[0]!.segments.map((s) => s.text);

describe('a name set larger than the small print beside it', () => {
  // A supplier's name at 7 pt in a row whose other columns (a contact, a date label and a date)
  // are set at 5 to 6 pt: the name's word space (7.2 pt) is wider than 1.2 of the row's median
  // height (6 pt), but not of the name's own.
  const row = [
    word('Atlas', 51, 82.5, 132, 138.8),
    word('Hardware', 89.7, 140, 131.5, 138.5),
    word('Tom', 212, 227, 130, 135),
    word('Becker', 232.5, 263, 129.4, 134.9),
    word('Invoice', 342.5, 378.7, 131, 137),
    word('Date', 385, 405.6, 131.3, 136.3),
    word('Tue', 477, 491.8, 130, 135.3),
    word('21-SEP-21', 498.5, 545.5, 128.9, 135.1),
  ];

  it('keeps its words in one segment, and the columns apart', () => {
    expect(segmentsOf(row)).toEqual(['Atlas Hardware', 'Tom Becker', 'Invoice Date', 'Tue 21-SEP-21']);
  });

  it('still parts words of the same size that stand a column apart', () => {
    const apart = [word('Atlas', 51, 82.5, 132, 139), word('Hardware', 92, 142, 132, 139)];
    expect(segmentsOf(apart)).toEqual(['Atlas', 'Hardware']);
  });
});

describe("a footer's town and the e-mail address after it", () => {
  // Both boxes are taller than the row's small print (an ascender, an @): the gap between them
  // (7.5 pt) is under 1.2 of their own heights but over 1.2 of the row's median (5.3 pt), and a
  // town with an address is no name set large, so they stay apart.
  const footer = [
    word('van', 200, 211, 800, 803.84),
    word('Groep', 214, 233, 798, 803.28),
    word('Stationsweg', 298, 335, 798, 803.28),
    word('9', 338, 341.3, 798.5, 803.3),
    word('5611', 344, 358.9, 798, 803.28),
    word('EM', 361.8, 371.4, 798.5, 803.3),
    word('Eindhoven', 374.2, 406.4, 796.3, 803.3),
    word('contact@example.nl', 413.9, 519.7, 796.3, 805.9),
  ];

  it('are two segments', () => {
    expect(segmentsOf(footer)).toEqual(['van Groep', 'Stationsweg 9 5611 EM Eindhoven', 'contact@example.nl']);
  });
});

describe('a tall one-glyph mark beside a name', () => {
  // A frame round a shop's name that OCR read as a bracket and a letter, each taller than the
  // name's 18 pt: the letter stands 31 pt after the name, under 1.2 of the median height of the
  // row's four boxes (26 pt) but far over the name's.
  const framed = [
    word('(', 60, 66, 68, 94.5),
    word('Krügers', 104, 178, 73.2, 91.2),
    word('Apotheke', 190, 276, 73.4, 91.2),
    word('J', 307, 320, 66, 96),
  ];

  it('stands in a segment of its own', () => {
    expect(segmentsOf(framed)).toEqual(['(', 'Krügers Apotheke', 'J']);
  });

  it("is no part of the receipt's merchant name", () => {
    const receipt = ocrDocument([
      ...framed,
      word('Hauptstraße', 61, 130, 106, 116),
      word('98', 134, 146, 106, 116),
      word('Bon', 61, 80, 170, 180),
      word('691852', 84, 120, 170, 180),
      word('2023-07-24', 61, 120, 186, 196),
      word('Bananen', 61, 110, 224, 234),
      word('0,77', 300, 324, 224, 234),
      word('TOTAL', 61, 100, 248, 258),
      word('0,77', 300, 324, 248, 258),
    ]);
    const extracted = extractFields(receipt, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' });
    expect(extracted.extracted_data.merchant_name).toBe('Krügers Apotheke');
  });
});
