import { describe, expect, it } from 'vitest';
import type { ReadDocument, Word } from '@intake/core';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * Dates whose separator or month name OCR read as a glyph like it (layout/ocr-dates.ts): a stop
 * as a colon or comma ("25:8.21", "12.03,2024"), a slash as a 7 ("04/2772024"), a month name a
 * glyph off ("05 ao(t 2025", "12 Decernber 2023"). Put right on OCR'd lines only, and the date so
 * read stays below 0.9: the repair is a guess.
 */

const word = (text: string, x0: number, x1: number): Word => ({
  text,
  confidence: 0.9,
  bbox: { x0, y0: 100, x1, y1: 130 },
});
const lineText = (source: 'ocr' | 'text_layer', texts: string[]): string => {
  const words = texts.map((text, i) => word(text, 100 + i * 200, 100 + i * 200 + text.length * 12));
  const document: ReadDocument = {
    mimeType: source === 'ocr' ? 'image/jpeg' : 'application/pdf',
    attachments: [],
    pages: [{ number: 1, width: 1400, height: 1000, source, words }],
  };
  return buildLines(document)[0]!.text;
};

function invoice(dateLine: string, source: 'ocr' | 'text_layer' = 'ocr') {
  const items: Placed[] = [
    { x: 40, y: 40, text: 'Nordwind Handel GmbH' },
    { x: 40, y: 54, text: 'Hafenstraße 12, 20457 Hamburg' },
    { x: 350, y: 100, text: 'Rechnungsnummer RE-2021-0815' },
    { x: 350, y: 114, text: dateLine },
    { x: 40, y: 300, text: 'Nettobetrag 100,00 EUR' },
    { x: 40, y: 314, text: 'MwSt. 19 % 19,00 EUR' },
    { x: 40, y: 328, text: 'Gesamtbetrag 119,00 EUR' },
  ];
  const read = doc([
    page(
      items.map((i) => ({ ...i, confidence: 0.95 })),
      { source },
    ),
  ]);
  const result = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
  return { date: result.extracted_data.invoice_date, confidence: result.confidence.invoice_date ?? 0 };
}

describe("a date's separator read as a glyph like it", () => {
  it.each([
    ['25:8.21', '25.8.21'],
    ['12.03,2024', '12.03.2024'],
    ['3;11.2019', '3.11.2019'],
    ['04/2772024', '04/27/2024'],
    ['04l27/2024', '04/27/2024'],
  ])("%s reads as %s on an OCR'd line", (read, meant) => {
    expect(lineText('ocr', ['Date', read])).toBe(`Date ${meant}`);
  });

  it('is left on a text layer, and where both separators agree or the digits do not say', () => {
    expect(lineText('text_layer', ['Date', '25:8.21'])).toBe('Date 25:8.21');
    // A time, an amount, a list: no stop beside a look-alike, or not a date's digits.
    expect(lineText('ocr', ['12:30', '1,25', '3,12,20', '4/2772024'])).toBe('12:30 1,25 3,12,20 4/2772024');
    // No day and month: 50 is neither.
    expect(lineText('ocr', ['12,50.00', '04/5072024'])).toBe('12,50.00 04/5072024');
  });
});

describe('a month name read a glyph off between a day and a year', () => {
  it.each([
    ['05 ao(t 2025', '05 aout 2025'],
    ['12 Decernber 2023', '12 December 2023'],
    ['12 DECEMBFR 2023', '12 DECEMBER 2023'],
    ['Jnly 28, 2024', 'July 28, 2024'],
    ['3. Oktobcr 2019', '3. Oktober 2019'],
  ])("%s reads as %s on an OCR'd line", (read, meant) => {
    expect(lineText('ocr', read.split(' '))).toBe(meant);
  });

  it('is left without a day and a year around it, where two months are as near, and on a text layer', () => {
    expect(lineText('ocr', ['Jnly', '2024'])).toBe('Jnly 2024');
    // "Jufi" is a glyph off both "juni" and "juli".
    expect(lineText('ocr', ['5', 'Jufi', '2020'])).toBe('5 Jufi 2020');
    expect(lineText('text_layer', ['05', 'ao(t', '2025'])).toBe('05 ao(t 2025');
  });
});

describe('a date read through a look-alike glyph', () => {
  it('is the invoice date, at a confidence below 0.9', () => {
    for (const line of ['Rechnungsdatum 25:8.21', 'Rechnungsdatum 25 Augusl 2021']) {
      const { date, confidence } = invoice(line);
      expect(date).toBe('2021-08-25');
      expect(confidence).toBeLessThan(0.9);
    }
  });

  it('printed right, it keeps the confidence its label gives it', () => {
    expect(invoice('Rechnungsdatum 25.8.21').confidence).toBeGreaterThanOrEqual(0.9);
  });
});
