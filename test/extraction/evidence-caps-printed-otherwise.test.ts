import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * A document number or a seller's name read by OCR keeps at most 0.85 where the page prints it a
 * second time with one glyph otherwise (confidence/printed-otherwise.ts): one of the printings is
 * misread and the reader cannot tell which. Each case is compared with the same extraction without
 * the caps, so that a test fails when the cap stops applying and when it applies where it should not.
 */

const CEILING = 0.85;

/** A scanned invoice: number and seller under labels, totals that add up, and `extra` lines. */
function invoice(extra: Placed[], source: 'ocr' | 'text_layer' = 'ocr'): ReadDocument {
  return doc([
    page(
      [
        { x: 40, y: 40, text: 'Seller: Hoveniersbedrijf Dijkstra B.V.' },
        { x: 340, y: 110, text: 'Invoice No.: RE63040' },
        { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
        { x: 40, y: 200, text: 'Garden maintenance' },
        { x: 400, y: 200, text: '100.00' },
        { x: 300, y: 240, text: 'Subtotal' },
        { x: 400, y: 240, text: '100.00' },
        { x: 300, y: 255, text: 'VAT 21%' },
        { x: 400, y: 255, text: '21.00' },
        { x: 300, y: 270, text: 'Total' },
        { x: 400, y: 270, text: '121.00' },
        ...extra,
      ].map((item) => ({ ...item, confidence: source === 'ocr' ? 0.93 : 1 })),
      { source },
    ),
  ]);
}

function confidences(document: ReadDocument) {
  const fields = [...RECOMMENDED_FIELDS.invoice];
  const capped = extractFields(document, fields, { documentType: 'invoice' });
  const free = extractFields(document, fields, { documentType: 'invoice', evidenceCaps: false });
  expect(capped.extracted_data.invoice_number).toBe('RE63040');
  expect(capped.extracted_data.vendor_name).toBe('Hoveniersbedrijf Dijkstra B.V.');
  const pick = (r: typeof capped) => ({ number: r.confidence.invoice_number!, name: r.confidence.vendor_name! });
  return { capped: pick(capped), free: pick(free) };
}

describe('evidence caps: a value the page prints again with one glyph otherwise', () => {
  it('a number printed again with a letter for one digit ("REG3040") keeps at most 0.85', () => {
    const { capped, free } = confidences(invoice([{ x: 40, y: 400, text: 'Please quote REG3040 with your payment' }]));
    expect(free.number).toBeGreaterThan(CEILING);
    expect(capped.number).toBe(CEILING);
  });

  it('the same number printed again is no contradiction', () => {
    const { capped, free } = confidences(invoice([{ x: 40, y: 400, text: 'Please quote RE63040 with your payment' }]));
    expect(capped.number).toBe(free.number);
    expect(capped.number).toBeGreaterThan(CEILING);
  });

  it("a number one digit apart is another document's (an order's), not a misreading", () => {
    const { capped, free } = confidences(invoice([{ x: 40, y: 400, text: 'Your order RE63041' }]));
    expect(capped.number).toBe(free.number);
    expect(capped.number).toBeGreaterThan(CEILING);
  });

  it('a name printed again with one letter otherwise keeps at most 0.85', () => {
    const { capped, free } = confidences(
      invoice([{ x: 40, y: 780, text: 'Hoveniersbedrijf Dijkstna B.V. - Kerkstraat 12' }]),
    );
    expect(free.name).toBeGreaterThan(CEILING);
    expect(capped.name).toBe(CEILING);
  });

  it('a misread legal form, accents or case elsewhere contradict nothing', () => {
    const { capped, free } = confidences(
      invoice([{ x: 40, y: 780, text: 'HOVENIERSBEDRIJF DIJKSTRA 8.V. - Kerkstraat 12' }]),
    );
    expect(capped.name).toBe(free.name);
    expect(capped.name).toBeGreaterThan(CEILING);
  });

  it("a text layer's second printing is the document's own: no cap", () => {
    const { capped, free } = confidences(
      invoice([{ x: 40, y: 400, text: 'Please quote REG3040 with your payment' }], 'text_layer'),
    );
    expect(capped.number).toBe(free.number);
    expect(capped.number).toBeGreaterThan(CEILING);
  });
});
