import { describe, expect, it } from 'vitest';
import { addressCutShort } from '../../packages/core/src/extraction/confidence/address-parts.js';
import { cappedInvoice, doc, extractWithAndWithoutCaps as extract, lines, page, type Placed } from './synthetic.js';

/**
 * Caps at 0.85 where the values a document prints disagree with the one taken (confidence/
 * evidence-caps.ts): a total that the amounts under it complete to a later printed sum (a first
 * summand, or a net sum with a discount taken off under it), a seller's address whose parts say its
 * block was cut (streets without a town, a town without a street, a street after the town), a
 * name whose last words are another field's label, and an OCR'd number glued to "N." whose first
 * digit may be the label's "º". Each extraction is compared with the same one without the caps.
 */

const CEILING = 0.85;

describe("evidence caps: a seller's address whose parts say the block was cut", () => {
  it('streets alone, a town alone, or a street after the town', () => {
    expect(addressCutShort('Building 24, 15 High Street')).toBe(true);
    expect(addressCutShort('Austin, TX 78701')).toBe(true);
    expect(addressCutShort('boulevard Voltaire 159, 13001 Marseille, boulevard Voltaire 218')).toBe(true);
    expect(addressCutShort('Suite 3, 117 Station Avenue, Bristol BS1 5TR')).toBe(false);
    expect(addressCutShort('P.O. Box 9268, Austin, TX 78701')).toBe(false);
    expect(addressCutShort('Postbus 405, 1012 AB Amsterdam')).toBe(false);
    // A street word without its number, a box's number without its word: a street's line is there.
    expect(addressCutShort('Teststr., 55232 Teststadt')).toBe(false);
    expect(addressCutShort('9935, 33000 Bordeaux')).toBe(false);
  });

  /** An invoice whose seller's block, at the top left, is `block`. */
  const invoice = (block: string[]) =>
    read([
      ...lines(50, 40, block),
      { x: 430, y: 40, text: 'Invoice' },
      ...lines(330, 110, ['Invoice No.: INV-2024-0042', 'Invoice Date: 20.03.2024']),
      { x: 50, y: 240, text: 'Description' },
      { x: 460, y: 240, text: 'Amount' },
      { x: 50, y: 258, text: 'Consulting hours' },
      { x: 460, y: 258, text: '100.00' },
      ...lines(330, 300, ['Subtotal', 'VAT 20%', 'Total']),
      ...lines(460, 300, ['100.00', '20.00', '120.00']),
    ]);

  it("a seller's unit and street read without the town under them keep at most 0.85; with it, what the ranker gives", () => {
    const short = extract(invoice(['Granite Traders Ltd', 'Building 24, 15 Mill Lane', 'www.granitetraders.co.uk']));
    expect(short.values.vendor_address).toBe('Building 24, 15 Mill Lane');
    expect(short.free.vendor_address).toBeGreaterThan(CEILING);
    expect(short.capped.vendor_address).toBe(CEILING);
    const whole = extract(invoice(['Granite Traders Ltd', 'Building 24, 15 Mill Lane', 'Manchester M1 1AA']));
    expect(whole.values.vendor_address).toBe('Building 24, 15 Mill Lane, Manchester M1 1AA');
    expect(whole.capped.vendor_address).toBe(whole.free.vendor_address);
    expect(whole.capped.vendor_address).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: a total that the amounts under it complete to a later sum', () => {
  /** An invoice whose two rows add up to 14,690.78, its foot's `rows` (label, amount) under the amount column. */
  function invoice(rows: [string, string][]) {
    return read([
      ...lines(50, 40, ['Invoice', 'Invoice # FAC76-40626', 'Date 10 August 2022']),
      { x: 50, y: 120, text: 'Atlas Logistics Limited' },
      { x: 50, y: 271, text: 'Item' },
      { x: 250, y: 271, text: 'Quantity' },
      { x: 400, y: 271, text: 'Line Total' },
      { x: 50, y: 289, text: 'Notebook' },
      { x: 250, y: 289, text: '10' },
      { x: 400, y: 289, text: '$14,387.80' },
      { x: 50, y: 307, text: 'Consulting hours' },
      { x: 250, y: 307, text: '1' },
      { x: 400, y: 307, text: '$302.98' },
      ...rows.flatMap(([label, amount], i): Placed[] => [
        ...(label ? [{ x: 300, y: 341 + 16 * i, text: label }] : []),
        { x: 400, y: 341 + 16 * i, text: amount },
      ]),
      ...lines(400, 660, ['Supplier', 'Global Hardware', '152 High Street', 'Manchester M1 1AA']),
    ]);
  }

  it('the net sum with a discount under it taken off to a later amount keeps at most 0.85', () => {
    const { capped, free, values } = extract(
      invoice([
        ['', '$14,690.78'],
        ['Discount', '-$690.78'],
        ['', '$14,000.00'],
      ]),
    );
    expect(values.total_amount).toBe(14690.78);
    expect(free.total_amount).toBeGreaterThan(CEILING);
    expect(capped.total_amount).toBe(CEILING);
  });

  it('a payment under the total is no discount, and a discount that makes no printed amount says nothing', () => {
    for (const rows of [
      [
        ['Total', '$14,690.78'],
        ['Amount paid', '-$690.78'],
        ['Balance due', '$14,000.00'],
      ],
      [
        ['', '$14,690.78'],
        ['Discount', '-$690.78'],
        ['', '$13,000.00'],
      ],
    ] as [string, string][][]) {
      const { capped, free, values } = extract(invoice(rows));
      expect(values.total_amount).toBe(14690.78);
      expect(capped.total_amount).toBe(free.total_amount);
      expect(capped.total_amount).toBeGreaterThan(CEILING);
    }
  });

  it('the first of three amounts that add up to the sum under them keeps at most 0.85; when they do not, what the ranker gives', () => {
    const sum = extract(
      invoice([
        ['', '$14,690.78'],
        ['', '$1,000.00'],
        ['', '$1,864.70'],
        ['', '$17,555.48'],
      ]),
    );
    expect(sum.values.total_amount).toBe(14690.78);
    expect(sum.free.total_amount).toBeGreaterThan(CEILING);
    expect(sum.capped.total_amount).toBe(CEILING);
    const other = extract(
      invoice([
        ['', '$14,690.78'],
        ['', '$1,000.00'],
        ['', '$1,864.70'],
        ['', '$17,000.48'],
      ]),
    );
    expect(other.values.total_amount).toBe(14690.78);
    expect(other.capped.total_amount).toBe(other.free.total_amount);
    expect(other.capped.total_amount).toBeGreaterThan(CEILING);
  });
});

describe("evidence caps: a name whose last words are another field's label", () => {
  /** A Dutch order whose buyer's name runs, two points apart, into `label` of the value at the right. */
  const order = (label: string) =>
    read([
      { x: 423, y: 42, text: 'Inkooporder', height: 20 },
      { x: 50, y: 111, text: 'Gefactureerd door' },
      { x: 210, y: 111, text: 'Opdrachtgever' },
      { x: 340, y: 111, text: 'Telefoon:' },
      { x: 470, y: 111, text: '010 - 234 56 78' },
      { x: 50, y: 124, text: 'Oranje Logistiek V.O.F.' },
      { x: 210, y: 124, text: 'Dhr. Pieter de Vries' },
      { x: 340, y: 126, text: 'Bestelnr.' },
      { x: 480, y: 126, text: 'OC57-44498' },
      { x: 50, y: 138, text: 'Verkoop' },
      { x: 200, y: 138, text: 'De Vries Voeding V.O.F.' },
      { x: 340, y: 140, text: label },
      { x: 480, y: 140, text: '22/02/2025' },
      ...lines(50, 152, ['Postbus 405', '1012 AB Amsterdam']),
      ...lines(210, 152, ['Postbus 4941', '1012 AB Amsterdam']),
      { x: 50, y: 240, text: 'Omschrijving' },
      { x: 460, y: 240, text: 'Totaal' },
      { x: 50, y: 258, text: 'Printpapier' },
      { x: 460, y: 258, text: '100,00' },
      ...lines(330, 300, ['Netto', 'Btw', 'TOTAAL']),
      ...lines(460, 300, ['100,00', '21,00', '121,00']),
    ]);

  it('"De Vries Voeding V.O.F. Besteldatum" keeps at most 0.85', () => {
    const { capped, free, values } = extract(order('Besteldatum'), 'purchase_order');
    expect(values.buyer_name).toBe('De Vries Voeding V.O.F. Besteldatum');
    expect(free.buyer_name).toBeGreaterThan(CEILING);
    expect(capped.buyer_name).toBe(CEILING);
  });
});

describe('evidence caps: an OCR\'d number glued to "N." whose first digit may be the label\'s "º"', () => {
  const numbered = (number: string, source: 'ocr' | 'text_layer') =>
    extract(
      cappedInvoice(
        [
          { x: 340, y: 110, text: `Factura ${number}` },
          { x: 340, y: 125, text: 'Fecha: 20.03.2024' },
        ],
        [],
        source,
      ),
    );

  it('"N.22025/9838" read by OCR: "22025/9838" keeps at most 0.85', () => {
    const { capped, free, values } = numbered('N.22025/9838', 'ocr');
    expect(values.invoice_number).toBe('22025/9838');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('on a text layer, set apart from "N.", or opening with no look-alike of "º", it keeps what the ranker gives', () => {
    for (const [number, source] of [
      ['N.22025/9838', 'text_layer'],
      ['N. 22025/9838', 'ocr'],
      ['N.12025/9838', 'ocr'],
    ] as const) {
      const { capped, free } = numbered(number, source);
      expect(capped.invoice_number, `${number} ${source}`).toBe(free.invoice_number);
      expect(capped.invoice_number, `${number} ${source}`).toBeGreaterThan(CEILING);
    }
  });
});

/** Placed lines of a text layer, as one page. */
function read(items: Placed[]) {
  return doc([page(items, { source: 'text_layer' })]);
}
