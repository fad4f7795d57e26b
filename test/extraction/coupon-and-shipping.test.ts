import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * A shop's coupon can outweigh its shipping and tax together, so the products' subtotal is larger
 * than the total: the subtotal is still taken when the coupon taken off and the shipping added
 * make the total with the tax (`scoreCombination` in fields/amounts.ts), as OpenCart, Magento and
 * WooCommerce print them.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

const shopInvoice = (title: string, totals: [string, string][]): Placed[] => [
  { x: 40, y: 30, text: 'Summit Trail Outfitters' },
  { x: 40, y: 44, text: '2210 Pine Street, Portland, OR 97205' },
  { x: 40, y: 90, text: title },
  { x: 40, y: 200, text: 'Product' },
  { x: 400, y: 200, text: 'Quantity' },
  { x: 480, y: 200, text: 'Total' },
  { x: 40, y: 218, text: 'Merino wool beanie' },
  { x: 400, y: 218, text: '2' },
  { x: 480, y: 218, text: '120.00' },
  { x: 40, y: 232, text: 'Travel mug' },
  { x: 400, y: 232, text: '1' },
  { x: 480, y: 232, text: '80.00' },
  ...totals.flatMap(([label, value], i) => [
    { x: 300, y: 270 + i * 16, text: label },
    { x: 480, y: 270 + i * 16, text: value },
  ]),
];

describe('a coupon larger than the shipping and tax together', () => {
  it.each([
    [
      'OpenCart',
      'Invoice #1042',
      [
        ['Sub-Total', '200.00'],
        ['Coupon (SAVE20)', '-40.00'],
        ['Flat Shipping Rate', '4.95'],
        ['VAT (19%)', '31.34'],
        ['Total', '196.29'],
      ],
    ],
    [
      'WooCommerce, German',
      'Rechnung 1042',
      [
        ['Zwischensumme:', '200.00'],
        ['Rabatt:', '-40.00'],
        ['Versand:', '4.95'],
        ['MwSt. 19 %:', '31.34'],
        ['Gesamtsumme:', '196.29'],
      ],
    ],
  ] as [string, string, [string, string][]][])('keeps the subtotal over the total (%s)', (_, title, totals) => {
    const found = invoice(shopInvoice(title, totals));
    expect(found.subtotal).toBe(200);
    expect(found.tax_amount).toBe(31.34);
    expect(found.total_amount).toBe(196.29);
  });

  it('takes no subtotal over the total that neither the coupon nor the shipping explains', () => {
    const found = invoice(
      shopInvoice('Invoice #1042', [
        ['Sub-Total', '200.00'],
        ['Coupon (SAVE20)', '-10.00'],
        ['Flat Shipping Rate', '4.95'],
        ['VAT (19%)', '31.34'],
        ['Total', '196.29'],
      ]),
    );
    expect(found.subtotal).not.toBe(200);
  });
});
