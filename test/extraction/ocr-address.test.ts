import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/** A vendor block as a scan reads it: the ß of "Straße" misread, the country code set apart. */
function vendorAddress(
  street: string,
  source: 'ocr' | 'text_layer',
  { place = '10115 Berlin', numberLabel = 'Invoice No: 5' } = {},
): unknown {
  const items: Placed[] = [
    { x: 40, y: 60, text: 'Acme Widgets GmbH' },
    { x: 40, y: 74, text: street },
    { x: 40, y: 88, text: 'DE' },
    { x: 80, y: 88, text: place },
    { x: 40, y: 240, text: numberLabel },
    { x: 300, y: 400, text: 'Total 119.00' },
  ];
  return extractFields(doc([page(items, { source })]), [...RECOMMENDED_FIELDS.invoice]).extracted_data.vendor_address;
}

describe('vendor address as OCR reads it', () => {
  it('writes back the ß OCR misread before a house number, and joins a country code set apart from its postcode', () => {
    expect(vendorAddress('HauptstralBe 5', 'ocr')).toBe('Hauptstraße 5, 10115 Berlin');
    expect(vendorAddress('Hauptstralle 5', 'ocr')).toBe('Hauptstraße 5, 10115 Berlin');
    expect(vendorAddress('Anschrift: Berliner Strafe 12', 'ocr')).toBe('Berliner Straße 12, 10115 Berlin');
    expect(vendorAddress('LieferantenstraRe 20', 'ocr')).toBe('Lieferantenstraße 20, 10115 Berlin');
  });

  it('reads "ii" inside a word as the ü it was, on a page with German letters elsewhere', () => {
    const german = { place: '80333 Miinchen', numberLabel: 'Rechnungsnummer: 5 (bitte bei Zahlung angeben, gemäß)' };
    expect(vendorAddress('August-Miiller-Strasse 222', 'ocr', german)).toBe('August-Müller-Strasse 222, 80333 München');
    // Without German letters on the page "ii" is left as read ("Shiina", "Niigata").
    expect(vendorAddress('Shiina Building 2', 'ocr', { place: '95001 Niigata' })).toBe(
      'Shiina Building 2, 95001 Niigata',
    );
  });

  it('leaves a text layer as printed', () => {
    expect(vendorAddress('Hauptstralle 5', 'text_layer')).toBe('Hauptstralle 5, 10115 Berlin');
  });
});

describe('a vendor block as a scan sets it out', () => {
  /** Words with their own heights: OCR boxes hug the glyphs, so a line's box is shorter than its pitch. */
  const ocrPage = (rows: { y: number; h: number; parts: { x: number; text: string }[] }[]): ReadDocument => ({
    mimeType: 'application/pdf',
    attachments: [],
    pages: [
      {
        number: 1,
        width: 595,
        height: 842,
        source: 'ocr',
        words: rows.flatMap(({ y, h, parts }) =>
          parts.flatMap(({ x, text }) => {
            let at = x;
            return text.split(' ').map((word) => {
              const box = { x0: at, y0: y, x1: at + word.length * 6, y1: y + h };
              at = box.x1 + 4;
              return { text: word, bbox: box, confidence: 0.9 };
            });
          }),
        ),
      },
    ],
  });

  it("takes a house number set apart from its street, and a postcode line a little lower than the street's box", () => {
    const page = ocrPage([
      { y: 60, h: 13, parts: [{ x: 40, text: 'Verkäufer:' }] },
      { y: 78, h: 13, parts: [{ x: 40, text: 'Verkehrsbetriebe GmbH' }] },
      {
        y: 96,
        h: 10,
        parts: [
          { x: 40, text: 'Musterstrafie' },
          { x: 160, text: '3' },
        ],
      },
      { y: 131, h: 11, parts: [{ x: 40, text: 'DE 12345 Berlin' }] },
      { y: 240, h: 13, parts: [{ x: 40, text: 'Rechnungsnummer: 471102' }] },
    ]);
    const result = extractFields(page, [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data.vendor_name).toBe('Verkehrsbetriebe GmbH');
    expect(result.extracted_data.vendor_address).toBe('Musterstraße 3, 12345 Berlin');
  });
});
