import { describe, expect, it } from 'vitest';
import { hasLegalForm, isRegistrationKey } from '../../packages/core/src/extraction/fields/party-lines.js';
import { extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * The seller's name on invoices made from word-processor and accounting templates in English:
 * a row of headings over the details ("SUBMITTED ON  INVOICE FOR  PAYABLE TO  INVOICE #"), totals
 * labelled "Total Inc GST", an Australian shop number before the street ("Shop 3, 200 Beach Rd"),
 * and a registration key in a segment of its own ("ABN ‖ 51 824 753 556").
 */

/** An item row under its headings, and the sums. */
const table = (y: number, total = 'Total'): Placed[] => [
  { x: 50, y, text: 'Description' },
  { x: 300, y, text: 'Qty' },
  { x: 380, y, text: 'Unit price' },
  { x: 480, y, text: 'Total' },
  { x: 50, y: y + 16, text: 'Logo design' },
  { x: 300, y: y + 16, text: '2' },
  { x: 380, y: y + 16, text: '150.00' },
  { x: 480, y: y + 16, text: '300.00' },
  { x: 380, y: y + 44, text: 'Subtotal' },
  { x: 480, y: y + 44, text: '300.00' },
  { x: 380, y: y + 58, text: 'GST' },
  { x: 480, y: y + 58, text: '30.00' },
  { x: 380, y: y + 72, text: total },
  { x: 480, y: y + 72, text: '330.00' },
];

describe('names on office-template invoices', () => {
  it('the block under "Invoice for" is the buyer, and the name at the top the seller', () => {
    const placed = [
      ...lines(50, 40, ['Clover Hill Florist', '14 Victoria Road, Leeds LS1 4DT']),
      { x: 50, y: 100, text: 'Invoice', height: 30 },
      { x: 50, y: 150, text: 'SUBMITTED ON' },
      { x: 170, y: 150, text: 'INVOICE FOR' },
      { x: 460, y: 150, text: 'INVOICE #' },
      { x: 50, y: 164, text: '18 Nov 2024' },
      ...lines(170, 164, ['Redwood Property Group LLC', 'Unit 7, Riverside Business Park', 'Manchester M2 3WQ']),
      { x: 460, y: 164, text: '4051' },
      ...table(240),
    ];
    expect(extractInvoice(placed).vendor_name).toBe('Clover Hill Florist');
  });

  it('"Total Inc GST" under the items names no one', () => {
    const placed = [
      { x: 420, y: 30, text: 'Fairway Tutoring' },
      { x: 50, y: 44, text: 'TAX INVOICE', height: 16 },
      { x: 220, y: 44, text: 'Invoice Date' },
      { x: 300, y: 44, text: '04 Mar 2025' },
      { x: 420, y: 50, text: '12 Wattle Crescent' },
      { x: 220, y: 60, text: 'Invoice Number INV-0180' },
      { x: 50, y: 70, text: "St Mary's Primary School" },
      { x: 420, y: 70, text: 'Melbourne VIC 3000' },
      { x: 50, y: 90, text: '12 Wattle Crescent' },
      { x: 50, y: 110, text: 'Brisbane QLD 4000' },
      ...table(200, 'Total Inc GST'),
    ];
    expect(extractInvoice(placed).vendor_name).toBe('Fairway Tutoring');
  });

  it('a street whose unit starts with a trading word does not continue the name over it', () => {
    const placed = [
      ...lines(50, 40, ['Red Door Interiors', 'Shop 3, 200 Beach Rd, Sydney NSW 2000', '02 1625 1366']),
      { x: 50, y: 100, text: 'Invoice 2024-117', height: 20 },
      ...lines(50, 140, ['Bill to', 'John Carter', '12 Wattle Crescent', 'Perth WA 6000']),
      ...table(240),
    ];
    expect(extractInvoice(placed).vendor_name).toBe('Red Door Interiors');
  });

  it.each([
    ['ABN', true],
    ['VAT Reg No', true],
    ['Company No.', true],
    ['Registration Plus Ltd', false],
    ['Fairway Tutoring', false],
  ])('%s is a registration key alone: %s', (text, expected) => {
    expect(isRegistrationKey(text)).toBe(expected);
  });

  it.each([
    ['Total Inc GST', false],
    ['Price inc. VAT 120.00', false],
    ['Harbor Foods Inc', true],
    ['Acme Ltd VAT Reg No', true],
  ])('%s holds a legal form: %s', (text, expected) => {
    expect(hasLegalForm(text)).toBe(expected);
  });
});
