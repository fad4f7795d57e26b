import { describe, expect, it } from 'vitest';
import { RECOMMENDED_FIELDS } from '@intake/core';
import { sameCompanyName, scoreFields } from '@intake/core/extraction';
import { formatEvaluation } from '../../packages/extraction-lab/src/report/format-report.js';
import { summarizeEvaluation } from '../../packages/extraction-lab/src/report/report.js';

/** What `intake eval` counts: names with or without their legal form, touchless documents, confident errors. */
describe('evaluation figures', () => {
  it('scores a company name right with or without its legal form, and wrong when the name differs', () => {
    expect(sameCompanyName('Amazon Web Services, Inc.', 'Amazon Web Services')).toBe(true);
    expect(sameCompanyName('MR. D.I.Y. (M) SDN BHD', 'MR. D.I.Y.')).toBe(true);
    expect(sameCompanyName('Lieferant GmbH', 'LIEFERANT GMBH')).toBe(true);
    expect(sameCompanyName('LE FOURNISSEUR SARL', 'Le Fournisseur')).toBe(true);
    expect(sameCompanyName('Amazon Web Services, Inc.', 'Amazon Inc.')).toBe(false);
    expect(sameCompanyName('Ltd', 'Ltd')).toBe(true);
    const [score] = scoreFields(
      { vendor_name: 'Coolblue B.V.' },
      { vendor_name: 'Coolblue' },
      { vendor_name: 0.9 },
      RECOMMENDED_FIELDS.invoice,
    );
    expect(score!.correct).toBe(true);
  });

  it('counts touchless documents, supplier names and the wrong share at confidence 0.9 or more', () => {
    const doc = (file: string, total: number, name: string) => ({
      file,
      documentType: 'purchase_order',
      kind: 'pdf_text',
      pages: 1,
      seconds: 0.1,
      classifiedAs: 'purchase_order',
      scores: scoreFields(
        { po_number: '1', order_date: '2024-01-02', total_amount: 10, supplier_name: 'Relecloud' },
        { po_number: '1', order_date: '2024-01-02', total_amount: total, supplier_name: name },
        { po_number: 0.95, order_date: 0.95, total_amount: 0.95, supplier_name: 0.95 },
        RECOMMENDED_FIELDS.purchase_order,
      ),
    });
    const summary = summarizeEvaluation([doc('a.pdf', 10, 'Relecloud Inc.'), doc('b.pdf', 11, 'Adatum')]);
    expect(summary.touchless).toEqual({ right: 1, total: 2 });
    expect(summary.touchlessKinds.pdf_text).toEqual({ right: 1, total: 2 });
    expect(summary.vendorName.pdf_text).toEqual({ right: 1, total: 2 });
    const text = formatEvaluation(summary);
    expect(text).toMatch(/Touchless documents \(every required field right\)\n\s+overall\s+50\.0% \(1\/2\)/);
    expect(text).toMatch(/wrong at confidence 0\.9 or more: 25\.0% \(2\/8\)/);
  });

  it('counts the wrong share at confidence 0.9 or more per kind of input', () => {
    const doc = (kind: string, total: number, confidence: number) => ({
      file: `${kind}.pdf`,
      documentType: 'receipt',
      kind,
      pages: 1,
      seconds: 0.1,
      classifiedAs: 'receipt',
      scores: scoreFields(
        { merchant_name: 'Shop', transaction_date: '2024-01-02', total_amount: 10 },
        { merchant_name: 'Shop', transaction_date: '2024-01-02', total_amount: total },
        { merchant_name: 0.95, transaction_date: 0.5, total_amount: confidence },
        RECOMMENDED_FIELDS.receipt,
      ),
    });
    const summary = summarizeEvaluation([doc('image', 12, 0.92), doc('scan', 12, 0.8), doc('scan', 10, 0.99)]);
    expect(summary.sureKinds).toEqual({ image: { right: 1, total: 2 }, scan: { right: 3, total: 3 } });
    expect(formatEvaluation(summary)).toMatch(
      /wrong at confidence 0\.9 or more: 20\.0% \(1\/5\)\n\s+photos and images\s+50\.0% \(1\/2\)\n\s+scanned PDFs\s+0\.0% \(0\/3\)/,
    );
  });
});
