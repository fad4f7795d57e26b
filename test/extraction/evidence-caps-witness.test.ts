import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * An amount OCR read keeps at most 0.85 unless a second witness confirms its digits: the same
 * amount on another line (confidence/amount-witness.ts) or the fields' arithmetic (cross-checks.ts): one misread digit gives a wrong total that looks as sure as a
 * right one. Each case is compared with the same extraction without the caps, so that a test
 * fails when the cap stops applying and when it applies where it should not.
 */

const CEILING = 0.85;

/** A receipt whose total, 94.00, is printed once under its label; two items that do not add up to it. */
function receipt(extra: Placed[], source: 'ocr' | 'text_layer' = 'ocr'): ReadDocument {
  return doc([
    page(
      [
        { x: 200, y: 40, text: 'Seller: SUNRISE HARDWARE TRADING' },
        { x: 40, y: 110, text: 'Date: 23/04/2024' },
        { x: 40, y: 130, text: 'Receipt No: 10482' },
        { x: 40, y: 170, text: 'Hammer' },
        { x: 300, y: 170, text: '40.00' },
        { x: 40, y: 185, text: 'Saw' },
        { x: 300, y: 185, text: '50.00' },
        { x: 40, y: 200, text: 'Service charge' },
        { x: 300, y: 200, text: '4.50' },
        { x: 40, y: 230, text: 'TOTAL' },
        { x: 300, y: 230, text: '94.00' },
        ...extra,
      ].map((item) => ({ ...item, confidence: source === 'ocr' ? 0.96 : 1 })),
      { source },
    ),
  ]);
}

function total(document: ReadDocument) {
  const fields = [...RECOMMENDED_FIELDS.receipt];
  const capped = extractFields(document, fields, { documentType: 'receipt' });
  const free = extractFields(document, fields, { documentType: 'receipt', evidenceCaps: false });
  expect(capped.extracted_data.total_amount).toBe(94);
  return { capped: capped.confidence.total_amount!, free: free.confidence.total_amount! };
}

describe('evidence caps: an OCR-read amount needs a second witness', () => {
  it('a labelled total printed once, that no arithmetic confirms, keeps at most 0.85', () => {
    const { capped, free } = total(receipt([]));
    expect(free).toBeGreaterThan(CEILING);
    expect(capped).toBe(CEILING);
  });

  it('the same amount printed on another line (a card slip) is a witness', () => {
    const { capped, free } = total(receipt([{ x: 40, y: 300, text: 'VISA SALE AMOUNT 94.00' }]));
    expect(capped).toBe(free);
    expect(capped).toBeGreaterThan(CEILING);
  });

  it("cash tendered and change are no witness: some pair of a receipt's many amounts adds up by chance", () => {
    const { capped } = total(
      receipt([
        { x: 40, y: 250, text: 'CASH' },
        { x: 300, y: 250, text: '100.00' },
        { x: 40, y: 265, text: 'CHANGE' },
        { x: 300, y: 265, text: '6.00' },
      ]),
    );
    expect(capped).toBe(CEILING);
  });

  it("a text layer's amount is not capped: its digits are the document's own", () => {
    const { capped, free } = total(receipt([], 'text_layer'));
    expect(capped).toBe(free);
    expect(capped).toBeGreaterThan(CEILING);
  });

  it('an invoice whose subtotal and tax found add up to the total lifts the cap of all three', () => {
    const placed: Placed[] = [
      { x: 50, y: 40, text: 'Seller: Atlas Consulting Ltd' },
      { x: 340, y: 110, text: 'Invoice No.: INV-2024-0042' },
      { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
      { x: 400, y: 320, text: 'Subtotal' },
      { x: 480, y: 320, text: '200.00' },
      { x: 400, y: 335, text: 'VAT' },
      { x: 480, y: 335, text: '40.00' },
      { x: 400, y: 350, text: 'Total' },
      { x: 480, y: 350, text: '240.00' },
    ];
    const document = doc([
      page(
        placed.map((item) => ({ ...item, confidence: 0.96 })),
        { source: 'ocr' },
      ),
    ]);
    const fields = [...RECOMMENDED_FIELDS.invoice];
    const capped = extractFields(document, fields, { documentType: 'invoice' });
    const free = extractFields(document, fields, { documentType: 'invoice', evidenceCaps: false });
    expect(capped.extracted_data).toMatchObject({ subtotal: 200, tax_amount: 40, total_amount: 240 });
    for (const name of ['subtotal', 'tax_amount', 'total_amount']) {
      expect(capped.confidence[name]).toBe(free.confidence[name]);
      expect(capped.confidence[name]).toBeGreaterThan(CEILING);
    }
  });

  it("a total taken from the subtotal's own printing witnesses nothing: subtotal + 0 = total holds whatever was read", () => {
    const foot = (total: Placed[]): ReadDocument =>
      doc([
        page(
          [
            { x: 50, y: 40, text: 'Seller: Atlas Consulting Ltd' },
            { x: 340, y: 110, text: 'Invoice No.: INV-2024-0042' },
            { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
            { x: 400, y: 320, text: 'Subtotal' },
            { x: 480, y: 320, text: '4,653.50' },
            { x: 400, y: 335, text: 'Tax (0%)' },
            { x: 480, y: 335, text: '0.00' },
            ...total,
          ].map((item) => ({ ...item, confidence: 0.96 })),
          { source: 'ocr' },
        ),
      ]);
    const fields = [...RECOMMENDED_FIELDS.invoice];
    const subtotal = (document: ReadDocument) => {
      const capped = extractFields(document, fields, { documentType: 'invoice' });
      const free = extractFields(document, fields, { documentType: 'invoice', evidenceCaps: false });
      expect(capped.extracted_data).toMatchObject({ subtotal: 4653.5, tax_amount: 0, total_amount: 4653.5 });
      return { capped: capped.confidence.subtotal!, free: free.confidence.subtotal! };
    };
    // No total printed: the total found is the subtotal's amount, the one printing of it.
    const alone = subtotal(foot([]));
    expect(alone.free).toBeGreaterThan(CEILING);
    expect(alone.capped).toBe(CEILING);
    // The same amount printed again as the total is a second reading of its digits.
    const printed = subtotal(
      foot([
        { x: 400, y: 350, text: 'Total' },
        { x: 480, y: 350, text: '4,653.50' },
      ]),
    );
    expect(printed.capped).toBe(printed.free);
    expect(printed.capped).toBeGreaterThan(CEILING);
  });
});
