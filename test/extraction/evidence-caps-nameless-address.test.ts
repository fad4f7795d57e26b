import { describe, expect, it } from 'vitest';
import { doc, extractWithAndWithoutCaps, lines, type Placed } from './synthetic.js';

/**
 * A seller's address read under a seller's name that no label introduces and that is printed once
 * (capped at 0.85) keeps at most 0.85 too where the page prints another postal address with no
 * name over it (the seller's name only in a logo), and what the rules give where it does not
 * (confidence/nameless-address.ts). Each case is compared with the
 * same extraction without the caps, so that a test fails when the cap stops applying and when it
 * applies where it should not.
 */

const CEILING = 0.85;

/** An invoice with one block at the top right under no label, its number, date, one row and totals. */
function invoice(extra: Placed[]) {
  return doc([
    ...lines(320, 80, ['Greenfield Analytics Inc.', '1180 Oak Avenue', 'Austin, TX 78701']),
    { x: 200, y: 160, text: 'Invoice No: INV44995' },
    { x: 40, y: 190, text: 'Date: 09/29/2024' },
    { x: 40, y: 230, text: 'Description' },
    { x: 300, y: 230, text: 'Quantity' },
    { x: 480, y: 230, text: 'Amount' },
    { x: 40, y: 248, text: 'Photo session (half day)' },
    { x: 300, y: 248, text: '1 u' },
    { x: 480, y: 248, text: '€450.00' },
    ...lines(380, 290, ['Total (excl. taxes):', 'Taxes:', 'Total:']),
    ...lines(480, 290, ['€450.00', '€90.00', '€540.00']),
    ...extra,
  ]);
}

describe("evidence caps: a weak seller's address beside an address with no name", () => {
  it('a street at the top of the page with no name over it: the block under no label keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice([{ x: 230, y: 40, text: '7 Harbour Road · Leeds LS2 7EW' }]));
    expect(values.vendor_name).toBe('Greenfield Analytics Inc.');
    expect(values.vendor_address).toContain('1180 Oak Avenue');
    expect(capped.vendor_name).toBe(CEILING);
    expect(free.vendor_address).toBeGreaterThan(CEILING);
    expect(capped.vendor_address).toBe(CEILING);
  });

  it('a street under a tagline, no name, keeps the block under no label at most 0.85', () => {
    const { capped, free } = extract(invoice(lines(40, 30, ['Quality since 1998', 'Lindenstraße 2', '50674 Köln'])));
    expect(free.vendor_address).toBeGreaterThan(CEILING);
    expect(capped.vendor_address).toBe(CEILING);
  });

  it('another address under its name (a buyer block, labelled or not) leaves the address as the rules give it', () => {
    const { capped, free, values } = extract(
      invoice(lines(40, 30, ['Café Morgenrot', 'Hauptstraße 12', '50667 Köln'])),
    );
    expect(values.vendor_address).toContain('1180 Oak Avenue');
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });

  it('a sender line that starts with a name is no nameless address', () => {
    const { capped, free } = extract(invoice([{ x: 120, y: 780, text: 'Ruiz Bookkeeping · 7 Harbour Road · Leeds' }]));
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });

  it("the seller's own street printed again without its name is no other address", () => {
    const { capped, free } = extract(invoice([{ x: 120, y: 780, text: '1180 Oak Avenue · Austin, TX 78701' }]));
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });

  it('a quantity of pieces ("2 st") is no street', () => {
    const { capped, free } = extract(
      invoice([
        { x: 40, y: 264, text: 'Workshop materials' },
        { x: 300, y: 264, text: '2 st' },
      ]),
    );
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });

  it('the only address on the page keeps what the rules give', () => {
    const { capped, free } = extract(invoice([{ x: 120, y: 780, text: 'Thank you for your business' }]));
    expect(capped.vendor_name).toBe(CEILING);
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });
});

const extract = extractWithAndWithoutCaps;
