import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * An invoice's number printed in its title ("Tax Invoice # 2021/93061", "Invoice # 58213"): "tax
 * invoice" is a weak invoice-number label as "invoice" is (lexicons/role-labels.json), on a text
 * layer and on a scan alike.
 */

const invoice = (title: string, source: 'ocr' | 'text_layer') => {
  const placed: Placed[] = [
    { x: 40, y: 60, text: title },
    ...lines(400, 40, ['Blue Foods Inc.', '137 Station Avenue', 'Denver, CO 80202']),
    ...lines(40, 140, ['Customer', 'Tom Becker', 'Bright Systems Corp.', '127 Commerce Street', 'Denver, CO 80202']),
    { x: 300, y: 140, text: 'Invoice Date' },
    { x: 430, y: 140, text: 'November 16, 2021' },
    { x: 40, y: 260, text: 'Item' },
    { x: 440, y: 260, text: 'Line Total' },
    { x: 40, y: 274, text: 'Consulting hours' },
    { x: 440, y: 274, text: '200.00' },
    { x: 380, y: 300, text: 'Total' },
    { x: 440, y: 300, text: '200.00' },
  ];
  return extractFields(doc([page(placed, { source })]), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' })
    .extracted_data;
};

describe('the number in an invoice title', () => {
  it.each([
    ['Tax Invoice # 2021/93061', '2021/93061', 'text_layer'],
    ['TAX INVOICE # 58213', '58213', 'text_layer'],
    ['Tax Invoice # 2021/93061', '2021/93061', 'ocr'],
    ['Invoice # 2021/93061', '2021/93061', 'text_layer'],
    ['Invoice # 2021/93061', '2021/93061', 'ocr'],
  ] as const)('"%s" holds the number %s (%s)', (title, number, source) => {
    expect(invoice(title, source).invoice_number).toBe(number);
  });

  it('takes no tax amount from "Tax Invoice"', () => {
    expect(invoice('Tax Invoice # 2021/93061', 'text_layer').tax_amount).toBeUndefined();
  });
});
