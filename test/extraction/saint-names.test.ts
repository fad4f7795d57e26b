import { describe, expect, it } from 'vitest';
import { looksLikeStreet } from '../../packages/core/src/extraction/fields/party-lines.js';
import { extractInvoice, invoiceBody, lines } from './synthetic.js';

/**
 * Sellers with no legal form named after a saint (a parish, a hospital, a school, a town's utility):
 * "St" before the saint's capitalised name starts the name, where after a street's name it ends a
 * street (lexicons/address-words.json, saint_words).
 */

describe("a saint's abbreviation at the head of a name", () => {
  it("leaves a parish church at the top of an English invoice the seller's name", () => {
    const result = extractInvoice([
      ...lines(330, 40, ["St Mary's Parish Church", '22 Station Road', 'Reading RG1 1LX']),
      ...lines(50, 110, ['Bill to', 'Harrow Logistics plc', 'Unit 9, Riverside Park', 'Leeds LS11 5DJ']),
      ...invoiceBody,
    ]);
    expect(result.vendor_name).toBe("St Mary's Parish Church");
  });

  it('leaves a German parish over its address the seller, the company in the window the buyer', () => {
    const result = extractInvoice([
      ...lines(330, 40, ['Kirchengemeinde St. Johannis', 'Am Kirchplatz 3', '90403 Nürnberg']),
      ...lines(50, 110, ['Rechnungsempfänger', 'Autohaus Krüger KG', 'Industriestraße 14', '70565 Stuttgart']),
      ...invoiceBody,
    ]);
    expect(result.vendor_name).toBe('Kirchengemeinde St. Johannis');
  });

  it('keeps "St" after a street\'s name, or on a line with a number, a street', () => {
    expect(looksLikeStreet("St Mary's Parish Church")).toBe(false);
    expect(looksLikeStreet('Mairie de St-Étienne')).toBe(false);
    expect(looksLikeStreet('High St')).toBe(true);
    expect(looksLikeStreet('12 St Johns Road')).toBe(true);
    expect(looksLikeStreet('Fore St Mall')).toBe(false);
  });
});
