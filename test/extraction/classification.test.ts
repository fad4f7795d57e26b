import { describe, expect, it } from 'vitest';
import { classifyDocument } from '@intake/core';
import { doc, lines, page } from './synthetic.js';

describe('classifyDocument', () => {
  it('recognises an invoice in each of the five languages', () => {
    for (const title of ['INVOICE', 'RECHNUNG', 'FACTURE', 'FACTUUR', 'FACTURA']) {
      const result = classifyDocument(
        doc(lines(40, 60, [title, 'No. 2024-1', 'IBAN DE02 1203 0000 0000 2020 51', 'Total 100,00'])),
      );
      expect(result.documentType, title).toBe('invoice');
    }
  });

  it('recognises a purchase order and names its indicators', () => {
    const result = classifyDocument(
      doc(
        lines(40, 60, ['PURCHASE ORDER', 'PO Number: 4500012', 'Vendor: Acme', 'Ship To: Warehouse 3', 'Total 500.00']),
      ),
    );
    expect(result).toMatchObject({
      documentType: 'purchase_order',
      keyIndicators: expect.arrayContaining(['purchase order']),
    });
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.reasoning).toContain('purchase_order');
  });

  it('reads a till receipt titled "TAX INVOICE" as a receipt', () => {
    const receipt = page(
      lines(20, 40, [
        'KEDAI MAJU SDN BHD',
        'TAX INVOICE',
        'Cashier: Ali',
        'Milo 2 x 2.50 5.00',
        'TOTAL RM 5.00',
        'CASH 10.00',
        'CHANGE 5.00',
        'Thank you, please come again',
      ]),
      { width: 300, height: 900, source: 'ocr' },
    );
    expect(classifyDocument(doc([receipt])).documentType).toBe('receipt');
  });

  it('falls back to invoice with a low confidence when nothing points anywhere', () => {
    expect(classifyDocument(doc(lines(40, 60, ['hello world'])))).toMatchObject({
      documentType: 'invoice',
      confidence: 0.2,
      keyIndicators: [],
    });
  });

  it('takes hints as one more piece of evidence', () => {
    const vague = doc(lines(40, 60, ['Total 10.00']));
    expect(classifyDocument(vague, { text: 'Your receipt from the shop' }).documentType).toBe('receipt');
    expect(classifyDocument(vague, { expectedType: 'purchase_order' }).documentType).toBe('purchase_order');
  });
});
