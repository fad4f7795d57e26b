import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { cappedInvoice, extractWithAndWithoutCaps, type Placed } from './synthetic.js';

/**
 * A date no label names, read by OCR right of words OCR could not read on its row, keeps at most
 * 0.85 (confidence/unread-label.ts): its label was printed and lost, and it may be the due date's.
 * Each case is compared with the same extraction without the caps.
 */

const CEILING = 0.85;

/** An invoice with a number, a seller and totals that add up; its one date and what stands beside it in `row`. */
function invoice(row: Placed[]): ReadDocument {
  return cappedInvoice([{ x: 340, y: 90, text: 'Invoice No.: 4471' }, ...row], [], 'ocr');
}

/**
 * The date at the right of its row, an address line at the left; the garbled key ("Échéance" read
 * "Behance }") between them, taller, as a grey box reads: OCR's row of it is the address's.
 */
const date: Placed = { x: 470, y: 116, text: '20/03/2024' };
const address: Placed = { x: 50, y: 104, text: '15 quai de la Loire' };
const unread: Placed[] = [
  { x: 340, y: 100, text: 'Behance', confidence: 0.2, height: 26 },
  { x: 386, y: 107, text: '}', confidence: 0.23, height: 2 },
];

describe('evidence caps: a date beside words OCR could not read', () => {
  it('keeps at most 0.85: its label was lost with them', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(invoice([address, ...unread, date]));
    expect(values.invoice_date).toBe('2024-03-20');
    expect(free.invoice_date).toBeGreaterThan(CEILING);
    expect(capped.invoice_date).toBe(CEILING);
  });

  it('beside words OCR read well (an address) keeps what the ranker gives', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(invoice([address, date]));
    expect(values.invoice_date).toBe('2024-03-20');
    expect(capped.invoice_date).toBe(free.invoice_date);
    expect(capped.invoice_date).toBeGreaterThan(CEILING);
  });

  it('unread words on another row say nothing of the date', () => {
    const below = unread.map((item) => ({ ...item, y: item.y + 80 }));
    const { capped, free } = extractWithAndWithoutCaps(invoice([address, ...below, date]));
    expect(capped.invoice_date).toBe(free.invoice_date);
    expect(capped.invoice_date).toBeGreaterThan(CEILING);
  });
});
