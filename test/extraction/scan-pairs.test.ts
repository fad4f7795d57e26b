import { describe, expect, it } from 'vitest';
import { RECOMMENDED_FIELDS } from '@intake/core';
import { scoreFields } from '@intake/core/extraction';
import type { EvaluatedDocument } from '../../packages/extraction-lab/src/report/report.js';
import { formatScanPairs, pairScans } from '../../packages/extraction-lab/src/report/scan-pairs.js';

/** What OCR costs: a scan against its own text PDF, each field it loses counted as lost or not chosen. */
describe('scans paired with their text PDFs', () => {
  const expected = {
    po_number: '190311',
    order_date: '2019-08-25',
    supplier_name: 'Relecloud',
    total_amount: 1736.43,
    tax_amount: 134.57,
  };
  const doc = (
    file: string,
    kind: string,
    actual: Record<string, unknown>,
    present: Record<string, boolean> = {},
  ): EvaluatedDocument => ({
    file,
    documentType: 'purchase_order',
    kind,
    pages: 1,
    seconds: 1,
    classifiedAs: 'purchase_order',
    scores: scoreFields(expected, actual, {}, RECOMMENDED_FIELDS.purchase_order),
    present,
  });
  const text = doc('/corpus/dev/dev-50.pdf', 'pdf_text', { ...expected, tax_amount: 1 });
  const scan = doc(
    '/cache/scans/dev/dev-50-scan.pdf',
    'scan',
    { po_number: '1190311', order_date: '2019-08-25', total_amount: 5.8, tax_amount: 134.57 },
    { po_number: false, order_date: true, supplier_name: true, total_amount: false, tax_amount: true },
  );

  it('counts fields right on the text PDF and wrong on its scan, lost or found and not chosen', () => {
    const pairs = pairScans([text, scan, doc('/corpus/dev/dev-51.pdf', 'pdf_text', expected)]);
    expect(pairs.pairs).toBe(1);
    // Required fields and every name, number, date and the total: the optional tax is not compared.
    expect(pairs.fields).toBe(4);
    expect(pairs.costs.map((c) => [c.field, c.cause])).toEqual([
      ['po_number', 'lost'],
      ['supplier_name', 'found'],
      ['total_amount', 'lost'],
    ]);
    const lines = formatScanPairs(pairs);
    expect(lines).toContain('  lost in reading (the value not in the OCR text)   2');
    expect(lines).toContain('  found in the OCR text, not chosen                 1');
    expect(lines).toContain('  found dev-50-scan.pdf supplier_name: expected "Relecloud", got nothing');
  });

  it('pairs nothing without the scan, or with a text PDF of another folder', () => {
    expect(formatScanPairs(pairScans([text]))).toEqual([]);
    const elsewhere = { ...text, file: '/corpus/dev-xl/dev-50.pdf' };
    expect(pairScans([elsewhere, scan]).pairs).toBe(0);
  });
});
