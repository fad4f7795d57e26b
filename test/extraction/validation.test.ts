import { describe, expect, it } from 'vitest';
import { extractFields, type FieldDefinition } from '@intake/core';
import { doc } from './synthetic.js';

const page = doc([
  { x: 40, y: 100, text: 'Invoice No: inv-42' },
  { x: 40, y: 114, text: 'Invoice Date: 2019-06-10' },
  { x: 40, y: 128, text: 'Contact: billing@other.example' },
  { x: 300, y: 400, text: 'Total: 12.50' },
]);

describe('validation rules', () => {
  it('replaces a value that breaks a rule by the default_value and reports it', () => {
    const fields: FieldDefinition[] = [
      {
        name: 'invoice_number',
        type: 'text',
        required: true,
        description: 'Invoice number',
        validation: { pattern: '^[A-Z0-9-]+$' },
        default_value: 'UNKNOWN',
      },
    ];
    const result = extractFields(page, fields);
    expect(result.extracted_data.invoice_number).toBe('UNKNOWN');
    expect(result.confidence.invoice_number).toBe(0);
    expect(result.validation_errors).toEqual([
      { field: 'invoice_number', rule: 'pattern', message: expect.stringContaining('default_value used') },
    ]);
    expect(result.needs_review).toBe(true);
  });

  it('leaves the value out when there is no default_value', () => {
    const fields: FieldDefinition[] = [
      { name: 'total_amount', type: 'currency', required: true, description: 'Grand total', validation: { min: 100 } },
    ];
    const result = extractFields(page, fields);
    expect(result.extracted_data).toEqual({});
    expect(result.validation_errors).toEqual([
      { field: 'total_amount', rule: 'min', message: expect.stringContaining('12.5 is less than 100') },
    ]);
  });

  it.each<[FieldDefinition, string]>([
    [
      {
        name: 'invoice_number',
        type: 'text',
        required: false,
        description: 'Invoice number',
        validation: { min_length: 8 },
      },
      'min_length',
    ],
    [
      {
        name: 'invoice_number',
        type: 'text',
        required: false,
        description: 'Invoice number',
        validation: { max_length: 3 },
      },
      'max_length',
    ],
    [{ name: 'total_amount', type: 'currency', required: false, description: 'Total', validation: { max: 10 } }, 'max'],
    [
      {
        name: 'invoice_date',
        type: 'date',
        required: false,
        description: 'Invoice date',
        validation: { min_date: '2020-01-01' },
      },
      'min_date',
    ],
    [
      {
        name: 'invoice_date',
        type: 'date',
        required: false,
        description: 'Invoice date',
        validation: { max_date: '2018-12-31' },
      },
      'max_date',
    ],
    [
      {
        name: 'contact',
        type: 'email',
        required: false,
        description: 'Contact e-mail',
        validation: { domain: '@acme.example' },
      },
      'domain',
    ],
  ])('enforces %j', (field, rule) => {
    const result = extractFields(page, [field]);
    expect(result.validation_errors.map((e) => e.rule)).toEqual([rule]);
    expect(result.extracted_data[field.name]).toBeUndefined();
  });

  it('writes a date in the format its definition asks for', () => {
    const fields: FieldDefinition[] = [
      {
        name: 'invoice_date',
        type: 'date',
        required: true,
        description: 'Invoice date',
        validation: { format: 'DD.MM.YYYY' },
      },
    ];
    expect(extractFields(page, fields).extracted_data.invoice_date).toBe('10.06.2019');
  });

  it('reports a required field that is not on the page, and uses its default', () => {
    const fields: FieldDefinition[] = [
      { name: 'po_number', type: 'text', required: true, description: 'Purchase order number' },
      {
        name: 'currency',
        type: 'text',
        required: true,
        description: 'Currency code, printed as "Currency"',
        default_value: 'EUR',
      },
      { name: 'notes', type: 'text', required: false, description: 'Printed as "Remarks"' },
    ];
    const result = extractFields(page, fields);
    expect(result.extracted_data).toEqual({ currency: 'EUR' });
    expect(result.validation_errors.map((e) => [e.field, e.rule])).toEqual([
      ['po_number', 'required'],
      ['currency', 'required'],
    ]);
    expect(result.needs_review).toBe(true);
  });

  it('checks the members of array rows and reports them by path', () => {
    const rows = doc([
      { x: 40, y: 300, text: 'Description' },
      { x: 380, y: 300, text: 'Amount' },
      { x: 40, y: 320, text: 'Widget' },
      { x: 380, y: 320, text: '-5.00' },
    ]);
    const fields: FieldDefinition[] = [
      {
        name: 'line_items',
        type: 'array',
        required: false,
        description: 'Rows',
        fields: [
          { name: 'description', type: 'text', required: true, description: 'Article' },
          { name: 'amount', type: 'currency', required: true, description: 'Row amount', validation: { min: 0 } },
        ],
      },
    ];
    const result = extractFields(rows, fields);
    expect(result.extracted_data.line_items).toEqual([{ description: 'Widget' }]);
    expect(result.validation_errors.map((e) => [e.field, e.rule])).toEqual([['line_items.0.amount', 'min']]);
  });

  it('needs no review when everything is found and valid', () => {
    const fields: FieldDefinition[] = [
      { name: 'invoice_date', type: 'date', required: true, description: 'Invoice date' },
    ];
    expect(extractFields(page, fields)).toMatchObject({ validation_errors: [], needs_review: false });
  });
});
