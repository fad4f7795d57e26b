import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * A seller printed only as a logo: its contact lines and address stand at the top without its
 * name, and the only name on the page is the customer's, in a block no label names. The customer's
 * name may be taken for the seller's, and its street and town with it: the address is no surer
 * than the name it was read under.
 */

const page: Placed[] = [
  { x: 214, y: 40, text: 'ID Number: 77770211' },
  { x: 394, y: 40, text: '7 Kingsway' },
  { x: 214, y: 52, text: 'GB123456789' },
  { x: 394, y: 52, text: 'Manchester M1 2HT' },
  { x: 214, y: 64, text: 'billing@example.com' },
  { x: 34, y: 127, text: 'Invoice Number' },
  { x: 120, y: 127, text: '53563' },
  { x: 351, y: 127, text: 'Carter Logistics Ltd' },
  { x: 351, y: 140, text: '2210 Maple Avenue, Suite 300' },
  { x: 34, y: 158, text: 'Invoice Date' },
  { x: 120, y: 158, text: '06/13/2024' },
  { x: 351, y: 152, text: 'Portland, OR 97205' },
  { x: 38, y: 230, text: 'Description' },
  { x: 475, y: 230, text: 'Line Total' },
  { x: 38, y: 254, text: 'Office chair' },
  { x: 505, y: 254, text: '$234.63' },
  { x: 329, y: 300, text: 'Subtotal' },
  { x: 505, y: 300, text: '$234.63' },
  { x: 329, y: 318, text: 'VAT 0%' },
  { x: 505, y: 318, text: '$0.00' },
  { x: 329, y: 336, text: 'Total' },
  { x: 505, y: 336, text: '$234.63' },
];

describe("an address read under the seller's name", () => {
  it('is no surer than the name', () => {
    const result = extractFields(doc(page), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    expect(result.extracted_data.vendor_address).toBeDefined();
    expect(result.confidence.vendor_address).toBeLessThanOrEqual(result.confidence.vendor_name!);
  });
});
