import { describe, expect, it } from 'vitest';
import { extractFields, type FieldDefinition } from '@intake/core';
import { doc } from './synthetic.js';

const fields: FieldDefinition[] = [
  { name: 'subtotal', type: 'currency', required: false, description: 'Net amount' },
  { name: 'tax_amount', type: 'currency', required: false, description: 'Tax' },
  { name: 'total_amount', type: 'currency', required: true, description: 'Grand total' },
];
const summary = (subtotal: string, tax: string, total: string) =>
  doc([
    { x: 350, y: 500, text: `Subtotal ${subtotal}` },
    { x: 350, y: 514, text: `Tax ${tax}` },
    { x: 350, y: 528, text: `Total ${total}` },
  ]);

describe('arithmetic cross-checks', () => {
  it('raises confidence when subtotal + tax = total and lowers it when not', () => {
    const agreeing = extractFields(summary('100.00', '19.00', '119.00'), fields);
    const disagreeing = extractFields(summary('100.00', '19.00', '125.00'), fields);
    expect(agreeing.extracted_data).toEqual({ subtotal: 100, tax_amount: 19, total_amount: 119 });
    expect(disagreeing.extracted_data).toEqual({ subtotal: 100, tax_amount: 19, total_amount: 125 });
    for (const name of ['subtotal', 'tax_amount', 'total_amount']) {
      expect(agreeing.confidence[name]).toBeGreaterThan(disagreeing.confidence[name]!);
    }
  });

  it('prefers the combination of candidates that adds up', () => {
    // Dutch layout: "Exclusief BTW" is the net amount, the first "Subtotaal" already includes VAT.
    const page = doc([
      { x: 40, y: 500, text: 'Exclusief BTW € 4.053,67' },
      { x: 350, y: 500, text: 'Subtotaal € 4.904,94' },
      { x: 40, y: 514, text: 'BTW 21% € 851,27' },
      { x: 350, y: 528, text: 'Totaal € 4.904,94' },
    ]);
    expect(extractFields(page, fields).extracted_data).toEqual({
      subtotal: 4053.67,
      tax_amount: 851.27,
      total_amount: 4904.94,
    });
  });

  it('checks the sum of the line amounts against the subtotal', () => {
    const withLines = (subtotal: string) =>
      doc([
        { x: 40, y: 300, text: 'Description' },
        { x: 400, y: 300, text: 'Amount' },
        { x: 40, y: 320, text: 'Service A' },
        { x: 400, y: 320, text: '60.00' },
        { x: 40, y: 334, text: 'Service B' },
        { x: 400, y: 334, text: '40.00' },
        { x: 330, y: 380, text: `Subtotal ${subtotal}` },
      ]);
    const lineFields: FieldDefinition[] = [
      fields[0]!,
      { name: 'line_items', type: 'array', required: false, description: 'Rows' },
    ];
    const agreeing = extractFields(withLines('100.00'), lineFields);
    const disagreeing = extractFields(withLines('90.00'), lineFields);
    expect(agreeing.confidence.subtotal).toBeGreaterThan(disagreeing.confidence.subtotal!);
    expect(agreeing.confidence.line_items).toBeGreaterThan(disagreeing.confidence.line_items!);
  });
});
