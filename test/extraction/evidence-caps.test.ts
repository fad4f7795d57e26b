import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * Values whose evidence is weak keep at most 0.85, out of the 0.9-1.0 bin that promises 97% right,
 * yet above the review threshold (see confidence/evidence-caps.ts). Each case is compared with the
 * same extraction without the caps, so that a test fails when the cap stops applying and when it
 * applies where it should not.
 */

const CEILING = 0.85;

function receipt(extra: Placed[], date = '08/04/2024'): ReadDocument {
  return doc([
    page(
      [
        { x: 200, y: 40, text: 'SUNRISE HARDWARE TRADING' },
        ...lines(200, 56, ['12 Jalan Mawar, 47000 Sungai Buloh', 'Tel: 03-6157 2210']),
        { x: 40, y: 110, text: `Date: ${date}` },
        { x: 40, y: 130, text: 'Receipt No: 10482' },
        { x: 40, y: 170, text: 'Hammer 1 x 25.00' },
        { x: 40, y: 200, text: 'TOTAL' },
        { x: 300, y: 200, text: '25.00' },
        { x: 40, y: 220, text: 'CASH' },
        { x: 300, y: 220, text: '30.00' },
        ...extra,
      ],
      { source: 'ocr' },
    ),
  ]);
}

function confidences(document: ReadDocument) {
  const fields = [...RECOMMENDED_FIELDS.receipt];
  const capped = extractFields(document, fields, { documentType: 'receipt' });
  const free = extractFields(document, fields, { documentType: 'receipt', evidenceCaps: false });
  return { capped: capped.confidence, free: free.confidence, values: capped.extracted_data };
}

describe('evidence caps: a company name that no label introduces', () => {
  it('printed once, it keeps at most 0.85 however sure the ranker is', () => {
    const { capped, free, values } = confidences(receipt([]));
    expect(values.merchant_name).toBe('SUNRISE HARDWARE TRADING');
    expect(free.merchant_name).toBeGreaterThan(CEILING);
    expect(capped.merchant_name).toBe(CEILING);
  });

  it('printed a second time (a footer), it keeps what the ranker gives', () => {
    const { capped, free, values } = confidences(
      receipt([{ x: 150, y: 300, text: 'Thank you for shopping at Sunrise Hardware Trading' }]),
    );
    expect(values.merchant_name).toBe('SUNRISE HARDWARE TRADING');
    expect(capped.merchant_name).toBe(free.merchant_name);
    expect(capped.merchant_name).toBeGreaterThan(CEILING);
  });

  it('run together in an e-mail or web address, the whole name less its legal form, counts as printed twice', () => {
    const { capped, free } = confidences(receipt([{ x: 150, y: 300, text: 'sales@sunrisehardwaretrading.com' }]));
    expect(capped.merchant_name).toBe(free.merchant_name);
  });

  it('a name after its label ("Seller: ...") is not capped', () => {
    const document = doc([
      ...lines(40, 40, ['Seller: Northwind Supplies GmbH', 'Invoice No: INV-7731', 'Invoice Date: 2024-04-08']),
      { x: 380, y: 200, text: 'Total' },
      { x: 480, y: 200, text: '120.00' },
    ]);
    const fields = [...RECOMMENDED_FIELDS.invoice];
    const capped = extractFields(document, fields, { documentType: 'invoice' });
    const free = extractFields(document, fields, { documentType: 'invoice', evidenceCaps: false });
    expect(capped.extracted_data.vendor_name).toBe('Northwind Supplies GmbH');
    expect(capped.confidence.vendor_name).toBe(free.confidence.vendor_name);
  });
});

describe('evidence caps: a numeric date whose day and month could swap', () => {
  it('08/04/2024 on a page that does not say which comes first keeps at most 0.85', () => {
    const { capped, free, values } = confidences(receipt([]));
    expect(values.transaction_date).toBe('2024-04-08');
    expect(free.transaction_date).toBeGreaterThan(CEILING);
    expect(capped.transaction_date).toBe(CEILING);
  });

  it('another date on the page that settles the order (20/04/2024) lifts the cap', () => {
    const { capped, free, values } = confidences(receipt([{ x: 40, y: 260, text: 'Valid until 20/04/2024' }]));
    expect(values.transaction_date).toBe('2024-04-08');
    expect(capped.transaction_date).toBe(free.transaction_date);
    expect(capped.transaction_date).toBeGreaterThan(CEILING);
  });

  it('a date that cannot swap (20/04/2024) or a dotted one (08.04.2024) is not capped', () => {
    for (const date of ['20/04/2024', '08.04.2024']) {
      const { capped, free } = confidences(receipt([], date));
      expect(capped.transaction_date).toBe(free.transaction_date);
    }
  });
});

describe('evidence caps: a total that no label names', () => {
  /** An invoice whose foot prints subtotal, tax and total under the amount column, labelled or bare. */
  function invoiceFoot(labelled: boolean): ReadDocument {
    const foot: [string, string][] = [
      ['Subtotal', '200.00'],
      ['VAT', '40.00'],
      ['Total', '240.00'],
    ];
    return doc([
      ...lines(50, 40, ['Atlas Consulting Ltd', '5 High Street', 'Bristol BS1 5TR']),
      { x: 340, y: 110, text: 'Invoice No.: INV-2024-0042' },
      { x: 340, y: 125, text: 'Invoice Date: 2024-03-20' },
      { x: 50, y: 270, text: 'Description' },
      { x: 480, y: 270, text: 'Amount' },
      { x: 50, y: 288, text: 'Consulting hours' },
      { x: 480, y: 288, text: '200.00' },
      ...foot.flatMap(([label, amount], i): Placed[] => [
        ...(labelled ? [{ x: 400, y: 320 + i * 16, text: label }] : []),
        { x: 480, y: 320 + i * 16, text: amount },
      ]),
    ]);
  }
  const amounts = (document: ReadDocument) => {
    const fields = [...RECOMMENDED_FIELDS.invoice];
    const capped = extractFields(document, fields, { documentType: 'invoice' });
    const free = extractFields(document, fields, { documentType: 'invoice', evidenceCaps: false });
    return { capped: capped.confidence, free: free.confidence, values: capped.extracted_data };
  };

  it('a bare amount picked as the total keeps at most 0.85', () => {
    const { capped, free, values } = amounts(invoiceFoot(false));
    expect(values.total_amount).toBe(240);
    expect(free.total_amount).toBeGreaterThan(CEILING);
    expect(capped.total_amount).toBe(CEILING);
  });

  it('a total after its label keeps what the ranker gives', () => {
    const { capped, free, values } = amounts(invoiceFoot(true));
    expect(values.total_amount).toBe(240);
    expect(capped.total_amount).toBe(free.total_amount);
    expect(capped.total_amount).toBeGreaterThan(CEILING);
  });
});
