import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * The cap on a name read by OCR that ends where its line parts into segments, with a capitalised
 * word of letters just after the gap (confidence/name-shape.ts, cutAtOcrGap): the gap may be the
 * name's own word space read wide. Each case is compared with the same extraction without the caps.
 */

const CEILING = 0.85;

/** An invoice whose seller block starts with the placed `first` line, read by OCR or from a text layer. */
function invoice(first: Placed[], source: 'ocr' | 'text_layer' = 'ocr'): ReadDocument {
  const items: Placed[] = [
    { x: 398, y: 124, text: 'Seller' },
    ...first,
    ...lines(398, 152, ['70 Station Avenue', 'Austin, TX 78701']),
    ...lines(550, 312, ['Invoice No. F51984', 'Invoice Date 2019-01-13']),
    ...lines(96, 330, ['Invoice To', 'Global Systems Limited', '87 High Street', 'Leeds LS1 4DY']),
    { x: 400, y: 500, text: 'Total 12.00' },
  ];
  return doc([
    page(
      items.map((item) => ({ ...item, confidence: source === 'ocr' ? 0.96 : 1 })),
      { source },
    ),
  ]);
}

// "Atlas Ltd" ends at x 452 (six points a character); "Hardware" starts 20 points on: past the 12 points (1.2 heights of 10)
// that part segments, within three heights.
const parted: Placed[] = [
  { x: 398, y: 138, text: 'Atlas Ltd' },
  { x: 472, y: 138, text: 'Hardware' },
];

describe('evidence caps: a name cut at a wide OCR gap', () => {
  it('keeps at most 0.85 when a capitalised word stands just after the gap', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(invoice(parted));
    expect(values.vendor_name).toBe('Atlas Ltd');
    expect(free.vendor_name).toBeGreaterThan(CEILING);
    expect(capped.vendor_name).toBe(CEILING);
  });

  it('keeps what the ranker gives when the next word stands a column off, or is read from a text layer', () => {
    const far: Placed[] = [
      { x: 398, y: 138, text: 'Atlas Ltd' },
      { x: 530, y: 138, text: 'Hardware' },
    ];
    for (const document of [invoice(far), invoice(parted, 'text_layer')]) {
      const { capped, free, values } = extractWithAndWithoutCaps(document);
      expect(values.vendor_name).toBe('Atlas Ltd');
      expect(capped.vendor_name).toBe(free.vendor_name);
      expect(capped.vendor_name).toBeGreaterThan(CEILING);
    }
  });
});
