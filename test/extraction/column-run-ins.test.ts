import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * A header row of labels over one row of values ("Invoice #  Date  Due" as accounting programs
 * print them).
 */

const extract = (type: 'invoice' | 'purchase_order', placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS[type]], { documentType: type }).extracted_data;

describe('a header row of labels over one row of values', () => {
  /** An item table whose first column is the item's number ("Item Number"), and its total. */
  const items = (numberHeader: string): Placed[] => [
    { x: 58, y: 256, text: numberHeader },
    { x: 146, y: 256, text: 'Description' },
    { x: 480, y: 256, text: 'Extended' },
    { x: 73, y: 272, text: '1. A6229' },
    { x: 146, y: 272, text: 'Server maintenance' },
    { x: 480, y: 272, text: '504.00' },
    { x: 400, y: 300, text: 'Total' },
    { x: 480, y: 300, text: '504.00' },
  ];
  const seller: Placed[] = [
    { x: 50, y: 40, text: 'Northwind Joinery Inc.' },
    { x: 50, y: 54, text: '1180 Oak Avenue' },
    { x: 50, y: 68, text: 'Austin, TX 78701' },
  ];

  it('the invoice number under the first label of the row, no item number', () => {
    const header = ['Invoice #', 'Date', 'Due'].map((text, i) => ({ x: 50 + i * 74, y: 215, text }));
    const row = ['44872', '05/13/2024', '05/27/2024'].map((text, i) => ({ x: 50 + i * 74, y: 233, text }));
    const placed = [...seller, { x: 250, y: 110, text: 'INVOICE' }, ...header, ...row, ...items('Item Number')];
    expect(extract('invoice', placed)).toMatchObject({ invoice_number: '44872', invoice_date: '2024-05-13' });
  });

  it('the same row in Spanish, whose number sign closes no longer label, keeps its number', () => {
    const header = ['Factura #', 'Fecha', 'Vencimiento'].map((text, i) => ({ x: 50 + i * 74, y: 215, text }));
    const row = ['44872', '13/05/2024', '27/05/2024'].map((text, i) => ({ x: 50 + i * 74, y: 233, text }));
    const placed = [...seller, { x: 250, y: 110, text: 'FACTURA' }, ...header, ...row, ...items('Artículo N°')];
    expect(extract('invoice', placed)).toMatchObject({ invoice_number: '44872', due_date: '2024-05-27' });
  });
});
