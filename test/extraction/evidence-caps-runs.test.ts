import { describe, expect, it } from 'vitest';
import { addressHoldsOtherLine, addressOfOnePart } from '../../packages/core/src/extraction/confidence/party-blocks.js';
import { cappedInvoice, doc, extractWithAndWithoutCaps as extract, lines, page, type Placed } from './synthetic.js';

/**
 * Caps at 0.85 where a block's lines, a row's dates or a number's characters ran together or fell
 * apart (confidence/evidence-caps.ts): an address of one part or with a legal form alone as a part,
 * a date printed against another one in its segment (a range's end, a row of dates run together),
 * and an OCR'd number with capital letters set apart before it (identifier-forms.ts). Each
 * extraction is compared with the same one without the caps.
 */

const CEILING = 0.85;

describe('evidence caps: an address one line short', () => {
  it('an address of one part, or with a legal form alone as a part', () => {
    expect(addressOfOnePart('86 High Street')).toBe(true);
    expect(addressOfOnePart('Manchester M1 1AA')).toBe(true);
    expect(addressOfOnePart('86 High Street, Manchester M1 1AA')).toBe(false);
    expect(addressHoldsOtherLine('KG, Hauptstraße 215, Haus 21')).toBe(true);
    expect(addressHoldsOtherLine('Hauptstraße 215, Haus 21, 50667 Köln')).toBe(false);
  });

  /** An invoice whose seller's block is `block`, its keys at the right. */
  const invoice = (block: string[]) =>
    doc([
      page(
        [
          ...lines(50, 40, block),
          { x: 430, y: 40, text: 'Rechnung' },
          ...lines(330, 110, ['Rechnungsnummer: RE-2024-118', 'Rechnungsdatum: 19.01.2024']),
          { x: 50, y: 240, text: 'Bezeichnung' },
          { x: 460, y: 240, text: 'Summe' },
          { x: 50, y: 258, text: 'Softwarelizenz' },
          { x: 460, y: 258, text: '100,00' },
          ...lines(330, 300, ['Summe netto', 'MwSt. 19 %', 'Endbetrag']),
          ...lines(460, 300, ['100,00', '19,00', '119,00']),
        ],
        { source: 'text_layer' },
      ),
    ]);

  it("the seller's street read without its town keeps at most 0.85; with it, what the ranker gives", () => {
    const short = extract(invoice(['Berg Logistik AG', 'Hauptstraße 200', 'www.berglogistik.de']));
    expect(short.values.vendor_address).toBe('Hauptstraße 200');
    expect(short.free.vendor_address).toBeGreaterThan(CEILING);
    expect(short.capped.vendor_address).toBe(CEILING);
    const whole = extract(invoice(['Berg Logistik AG', 'Hauptstraße 200', '80331 München']));
    expect(whole.values.vendor_address).toBe('Hauptstraße 200, 80331 München');
    expect(whole.capped.vendor_address).toBe(whole.free.vendor_address);
    expect(whole.capped.vendor_address).toBeGreaterThan(CEILING);
  });
});

/** An invoice whose date headings stand over a row of values (`row`, placed as one piece of text). */
function headed(row: Placed[]): ReturnType<typeof cappedInvoice> {
  return cappedInvoice([
    { x: 50, y: 150, text: 'Invoice No.' },
    { x: 50, y: 164, text: 'INV-2024-0042' },
    { x: 186, y: 150, text: 'Service date' },
    { x: 305, y: 150, text: 'Invoice date' },
    { x: 431, y: 150, text: 'Due date' },
    ...row,
  ]);
}

describe('evidence caps: a date printed against another one', () => {
  it('dates of a row run together into one segment keep at most 0.85', () => {
    const { capped, free, values } = extract(
      headed([{ x: 186, y: 164, text: '6 March 2024 10 March 2024 9 April 2024' }]),
    );
    expect(values.invoice_date).toBeDefined();
    expect(free.invoice_date).toBeGreaterThan(CEILING);
    expect(capped.invoice_date).toBe(CEILING);
  });

  it('the same dates in their own columns keep what the ranker gives', () => {
    const { capped, free, values } = extract(
      headed([
        { x: 186, y: 164, text: '6 March 2024' },
        { x: 305, y: 164, text: '10 March 2024' },
        { x: 431, y: 164, text: '9 April 2024' },
      ]),
    );
    expect(values.invoice_date).toBe('2024-03-10');
    expect(capped.invoice_date).toBe(free.invoice_date);
    expect(capped.invoice_date).toBeGreaterThan(CEILING);
  });

  it("a billing period's end taken for the invoice date keeps at most 0.85", () => {
    const { capped, free, values } = extract(
      cappedInvoice([...lines(330, 110, ['Invoice No.: INV-2024-0042', 'Invoice date: 01/03/2024 - 31/03/2024'])]),
    );
    expect(values.invoice_date).toBeDefined();
    expect(free.invoice_date).toBeGreaterThan(CEILING);
    expect(capped.invoice_date).toBe(CEILING);
  });
});

describe("evidence caps: an OCR'd number with capital letters set apart before it", () => {
  const head = (number: string): Placed[] => [
    { x: 340, y: 110, text: `Invoice No. ${number}` },
    { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
  ];

  it('"INV 20-5943" read by OCR: "20-5943" keeps at most 0.85, the letters may be its prefix', () => {
    const { capped, free, values } = extract(cappedInvoice(head('INV 20-5943'), [], 'ocr'));
    expect(values.invoice_number).toBe('20-5943');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('on a text layer, or after "No", the number keeps what the ranker gives', () => {
    for (const [number, source] of [
      ['INV 20-5943', 'text_layer'],
      ['No 20-5943', 'ocr'],
    ] as const) {
      const { capped, free } = extract(cappedInvoice(head(number), [], source));
      expect(capped.invoice_number, `${number} ${source}`).toBe(free.invoice_number);
      expect(capped.invoice_number, `${number} ${source}`).toBeGreaterThan(CEILING);
    }
  });
});
