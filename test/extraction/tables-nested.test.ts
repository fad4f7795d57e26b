import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type FieldDefinition } from '@intake/core';
import { doc } from './synthetic.js';

const table = [
  { x: 40, y: 300, text: 'Description' },
  { x: 300, y: 300, text: 'Qty' },
  { x: 380, y: 300, text: 'Unit Price' },
  { x: 480, y: 300, text: 'Amount' },
  { x: 40, y: 320, text: 'Office chair' },
  { x: 300, y: 320, text: '2' },
  { x: 380, y: 320, text: '70.00' },
  { x: 480, y: 320, text: '140.00' },
  { x: 40, y: 334, text: 'ergonomic, black' },
  { x: 40, y: 356, text: 'Desk lamp' },
  { x: 300, y: 356, text: '1' },
  { x: 380, y: 356, text: '25.50' },
  { x: 480, y: 356, text: '25.50' },
  { x: 380, y: 400, text: 'Subtotal' },
  { x: 480, y: 400, text: '165.50' },
  { x: 380, y: 414, text: 'VAT 19%' },
  { x: 480, y: 414, text: '31.45' },
  { x: 380, y: 428, text: 'Total' },
  { x: 480, y: 428, text: '196.95' },
];

describe('line items', () => {
  it('reads the rows under the header, continuation lines joined to their row', () => {
    const result = extractFields(doc(table), [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data.line_items).toEqual([
      { description: 'Office chair ergonomic, black', quantity: 2, unit_price: 70, amount: 140 },
      { description: 'Desk lamp', quantity: 1, unit_price: 25.5, amount: 25.5 },
    ]);
    expect(result.extracted_data).toMatchObject({ subtotal: 165.5, tax_amount: 31.45, total_amount: 196.95 });
  });

  it('shapes rows by the nested definitions of the array field', () => {
    const items: FieldDefinition = {
      name: 'positions',
      type: 'array',
      required: false,
      description: 'Invoice lines',
      fields: [
        { name: 'name', type: 'text', required: true, description: 'Article' },
        { name: 'qty', type: 'number', required: false, description: 'Quantity' },
        { name: 'line_total', type: 'currency', required: false, description: 'Row amount' },
      ],
    };
    const result = extractFields(doc(table), [items]);
    expect(result.extracted_data.positions).toEqual([
      { name: 'Office chair ergonomic, black', qty: 2, line_total: 140 },
      { name: 'Desk lamp', qty: 1, line_total: 25.5 },
    ]);
  });
});

describe('nested objects', () => {
  it('finds the members of an object field by the names of object and member', () => {
    const vendor: FieldDefinition = {
      name: 'vendor',
      type: 'object',
      required: true,
      description: 'The seller',
      fields: [
        { name: 'name', type: 'text', required: true, description: 'Company name' },
        { name: 'address', type: 'text', required: false, description: 'Postal address' },
        { name: 'vat_id', type: 'text', required: false, description: 'Printed as "VAT ID"' },
      ],
    };
    const page = doc([
      { x: 40, y: 60, text: 'Northwind Traders Ltd' },
      { x: 40, y: 74, text: '12 Harbour Road' },
      { x: 40, y: 88, text: 'Leeds LS1 4AB' },
      { x: 40, y: 130, text: 'VAT ID: GB123456789' },
    ]);
    const result = extractFields(page, [vendor]);
    expect(result.extracted_data.vendor).toEqual({
      name: 'Northwind Traders Ltd',
      address: '12 Harbour Road, Leeds LS1 4AB',
      vat_id: 'GB123456789',
    });
    expect(result.confidence.vendor).toBeGreaterThan(0);
  });
});
