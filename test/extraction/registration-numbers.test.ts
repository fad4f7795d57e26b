import { describe, expect, it } from 'vitest';
import { extractInvoice, lines, oneItemTable } from './synthetic.js';

/**
 * A company's registration number under its letterhead ("Registered in England and Wales No.
 * 08123456", "Company Registration No: 12345678") is no invoice number: the phrases are labels of
 * what is no recommended field (role-labels.json `other`), so their "No." labels nothing.
 */

describe('a registration number in the letterhead', () => {
  it.each([
    'Registered in England and Wales No. 08123456',
    'Company Registration No: 08123456',
    'Registration Number 08123456',
    'Company Number: 08123456',
  ])('%s is no invoice number', (line) => {
    const data = extractInvoice([
      ...lines(50, 40, ['Bright Hardware Ltd', '192 High Street', 'Bristol BS1 5TR', line]),
      { x: 320, y: 120, text: 'Invoice #' },
      { x: 420, y: 120, text: '089107' },
      { x: 320, y: 134, text: 'Date of issue' },
      { x: 420, y: 134, text: '03/11/2021' },
      ...oneItemTable('Total Due'),
    ]);
    expect(data.invoice_number).toBe('089107');
  });
});
