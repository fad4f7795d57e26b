import { describe, expect, it } from 'vitest';
import { extractFields, type FieldDefinition } from '@intake/core';
import { findAmounts } from '../../packages/core/src/extraction/values/amounts.js';
import { doc } from './synthetic.js';

/**
 * Amounts as other conventions group their digits: the Swiss typographic apostrophe, the narrow
 * no-break and thin spaces of French typography (as browsers print numbers), and the Indian
 * grouping in lakhs and crores (values/amounts.ts).
 */

const total: FieldDefinition = { name: 'total_amount', type: 'currency', required: true, description: 'Grand total' };
const amountOf = (text: string) =>
  extractFields(doc([{ x: 40, y: 100, text: `Total: ${text}` }]), [total]).extracted_data.total_amount;

describe('digit groups of other conventions', () => {
  it.each([
    ['CHF 1\u2019234.50', 1234.5],
    ['1\u202f234,56 €', 1234.56],
    ['12\u2009345,60 EUR', 12345.6],
    ['₹1,23,456.78', 123456.78],
    ['INR 12,34,56,789.00', 123456789],
  ])('reads "%s" as %d', (text, value) => {
    // As a text layer's line holds it (one word) and as a placed total.
    expect(findAmounts(text).map((a) => a.value)).toEqual([value]);
    expect(amountOf(text)).toBe(value);
  });

  it('reads each amount of a line once, with its currency', () => {
    expect(findAmounts('Netto 1\u202f234,56 € MwSt. 234,57 €').map((a) => [a.value, a.currency])).toEqual([
      [1234.56, 'EUR'],
      [234.57, 'EUR'],
    ]);
    expect(findAmounts('₹1,23,456.78').map((a) => a.currency)).toEqual(['INR']);
  });

  it('keeps lists and dates apart from amounts', () => {
    expect(findAmounts('Items 1,23,45').map((a) => a.value)).not.toContain(12345);
    expect(amountOf('01.02.2024')).toBeUndefined();
  });
});
