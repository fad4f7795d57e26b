import { describe, expect, it } from 'vitest';
import { extractInvoice, invoiceBody, type Placed } from './synthetic.js';

/**
 * A letterhead prints the seller's name large over its address in small print, and the
 * recipient's block follows after a gap of a few small lines. The gap is judged by the address's
 * own lines, not by the name's large print, so that the seller's address ends before the
 * recipient's name and street.
 */

const letterhead = (gap: number): Placed[] => [
  { x: 50, y: 40, text: 'Nordwind Textil GmbH', height: 20 },
  { x: 50, y: 64, text: 'Hafenstraße 12', height: 9 },
  { x: 50, y: 75, text: '20457 Hamburg', height: 9 },
  { x: 50, y: 84 + gap, text: 'Bergmann Bürobedarf KG', height: 9 },
  { x: 50, y: 95 + gap, text: 'Lindenallee 4', height: 9 },
  { x: 50, y: 106 + gap, text: '50667 Köln', height: 9 },
];

describe("a letterhead's address over the recipient's block", () => {
  it.each([20, 24, 30])('ends at a gap of %i points under small print', (gap) => {
    const fields = extractInvoice([...letterhead(gap), ...invoiceBody]);
    expect(fields.vendor_name).toBe('Nordwind Textil GmbH');
    expect(fields.vendor_address).toBe('Hafenstraße 12, 20457 Hamburg');
  });

  it('keeps an address line set a little apart from the name', () => {
    const placed = letterhead(40).map((p) => (p.y === 64 ? { ...p, y: 72 } : p.y === 75 ? { ...p, y: 83 } : p));
    expect(extractInvoice([...placed, ...invoiceBody]).vendor_address).toBe('Hafenstraße 12, 20457 Hamburg');
  });
});
