import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, dutchItemAndTotals, lines, type Placed } from './synthetic.js';

/**
 * An invoice written as a letter, its letterhead a logo image, names its seller only in the
 * signature under the closing: the closing, the person signing (and their role), the company.
 * The company's line is the seller where nothing else on the page names one; a letterhead's name,
 * where there is one, stays the seller. An order's signature is its buyer's.
 */

const vendor = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.vendor_name;

/** The supplier an order is sent to. */
const supplier = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data
    .supplier_name;

/** A buyer's block, a details box, one item and the totals, then the signature's lines. */
const letter = (signature: string[], letterhead: Placed[] = []): Placed[] => [
  ...letterhead,
  ...lines(50, 120, ['Factuuradres', 'Tandartspraktijk Oost', 'Havenstraat 11', '3024 SK Rotterdam']),
  { x: 380, y: 120, text: 'Factuurnummer' },
  { x: 480, y: 120, text: 'RE56028' },
  { x: 380, y: 134, text: 'Factuurdatum' },
  { x: 480, y: 134, text: '13-09-2025' },
  ...dutchItemAndTotals('Snoeiwerk en onderhoud'),
  { x: 50, y: 360, text: signature[0]! },
  ...lines(50, 390, signature.slice(1)),
];

describe("the company signing under a letter's closing", () => {
  it.each([
    ['Met vriendelijke groet,', 'Sanne Bakker', 'Hoveniersbedrijf Peters'],
    ['Mit freundlichen Grüßen', 'Jonas Weber', 'Gebäudereinigung Lorenz'],
    ['Cordiali saluti,', 'Giulia Conti', 'Tipografia Marchetti'],
    ['Atentamente,', 'Lucía Navarro', 'Climatización Romero'],
  ])('"%s" over a person and a company names the company', (closing, person, company) => {
    expect(vendor(letter([closing, person, company]))).toBe(company);
  });

  it("passes over the signer's role to the company under it", () => {
    expect(vendor(letter(['Kind regards,', 'Grace Holloway', 'Managing Director', 'Harrow Vale Joinery']))).toBe(
      'Harrow Vale Joinery',
    );
  });

  it("a company over the person signing on its behalf after the signature's space, as DIN 5008 letters sign", () => {
    const page = letter(['Mit freundlichen Grüßen', 'Gebäudereinigung Lorenz']);
    page.push({ x: 50, y: 460, text: 'i. A. Sabine Keller' });
    expect(vendor(page)).toBe('Gebäudereinigung Lorenz');
  });

  it('a person alone under the closing names no seller', () => {
    expect(vendor(letter(['Cordialement,', 'Camille Rousseau']))).toBeUndefined();
  });

  it('the same lines under no closing name no seller', () => {
    expect(vendor(letter(['Bedankt voor uw opdracht.', 'Sanne Bakker', 'Hoveniersbedrijf Peters']))).toBeUndefined();
  });

  it("a letterhead's name outranks the signature's", () => {
    const letterhead = lines(50, 40, ['Drukkerij Vermeulen', 'Dorpsweg 40', '5611 AB Eindhoven']);
    expect(vendor(letter(['Met vriendelijke groet,', 'Sanne Bakker', 'Hoveniersbedrijf Peters'], letterhead))).toBe(
      'Drukkerij Vermeulen',
    );
  });

  it('an order is signed by its buyer: its signature names no supplier', () => {
    const order = letter(['Mit freundlichen Grüßen', 'Jonas Weber', 'Gebäudereinigung Lorenz']);
    expect(supplier(order)).not.toBe('Gebäudereinigung Lorenz');
  });
});
