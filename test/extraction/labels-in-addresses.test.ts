import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { LabelIndex } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc } from './synthetic.js';

/**
 * A label's words inside an e-mail or web address are the address's ("customer.care@northwind.example",
 * "www.client-portal.example", "rechnungen@atelier.example", a shop's "total-sport.de" printed
 * without "www."), no label (`insideAddressWord` in labels/label-index.ts). A key run into an
 * address, a rate after an at sign ("GST@6%") and words run together by a dot that no web address
 * ends in ("zzgl.MwSt", "netto.summe") stay labels.
 */

function keysOn(text: string): string[] {
  const lines = buildLines(doc([{ x: 50, y: 50, text }]));
  return new LabelIndex(lines, []).hitsOn(lines[0]!).map((h) => h.key);
}

describe('labels inside addresses', () => {
  it.each(['customer.care@northwind.example', 'www.client-portal.example', 'https://client.example/pay'])(
    '"%s" holds no buyer label',
    (text) => {
      expect(keysOn(`Contact ${text}`)).not.toContain('buyer_name');
    },
  );

  it.each(['kaffee-hansen.de', 'total-sport.de/agb', 'summe.shop'])('"%s" holds no label', (text) => {
    expect(keysOn(`Web ${text}`)).toEqual([]);
  });

  it('words run together by a dot outside a web address stay labels', () => {
    expect(keysOn('zzgl.MwSt 3,20')).toContain('tax_amount');
    expect(keysOn('netto.summe 12,00')).toContain('subtotal');
  });

  it('the same words outside an address are labels', () => {
    expect(keysOn('Von Kaffee Hansen')).toContain('vendor_name');
    expect(keysOn('Total Sport 12,00')).toContain('total_amount');
    expect(keysOn('Customer Redwood Property Group')).toContain('buyer_name');
    expect(keysOn('Bill to: Atlas Freight')).toContain('buyer_name');
  });

  it('a rate after an at sign keeps its tax label', () => {
    expect(keysOn('GST@6% 1.58')).toContain('tax_amount');
  });
});
