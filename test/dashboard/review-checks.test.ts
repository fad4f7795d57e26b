import { describe, expect, it } from 'vitest';
import { crossChecks } from '../../packages/dashboard/ui/screens/review-checks.js';
import { parse } from '../../packages/dashboard/ui/screens/review-values.js';
import type { Job } from '../../packages/dashboard/ui/types.js';

const job = (over: Partial<Job>): Job => ({
  id: 'job_1',
  org_id: 'org_1',
  mode: 'test',
  waiting_reason: null,
  review_reasons: [],
  result_version: 1,
  extractor_id: 'ext_1',
  status: 'completed',
  processing_time_ms: 10,
  cost_credits: 1,
  metadata: {},
  created_at: '2026-11-26T00:00:00Z',
  document_url: '',
  mime_type: 'application/pdf',
  page_count: 1,
  needs_review: false,
  validation_errors: [],
  ...over,
});

describe('the review screen: why a field needs attention beyond the API errors (screens/review-checks.ts)', () => {
  it('flags subtotal, tax and total when they do not add up, and not when they do to the cent', () => {
    const wrong = job({
      extracted_data: { invoice_number: 'A-1', subtotal: 100, tax_amount: 19, total_amount: 120 },
      confidence: { invoice_number: 0.99, subtotal: 0.95, tax_amount: 0.95, total_amount: 0.95 },
    });
    const checks = crossChecks(wrong);
    expect([...checks.keys()]).toEqual(['subtotal', 'tax_amount', 'total_amount']);
    expect(checks.get('total_amount')).toEqual(['subtotal + tax is 119, not the total 120 (cross-check)']);
    const right = job({ extracted_data: { subtotal: 0.1, tax_amount: 0.2, total_amount: 0.3 } });
    expect(crossChecks(right).size).toBe(0);
  });

  it('marks the fields a duplicate verdict matched on, whatever the action', () => {
    const data = { invoice_number: 'A-1', vendor_name: 'Acme', total_amount: 5 };
    const flagged = job({
      extracted_data: data,
      duplicate: { of: 'job_0', matched: ['invoice_number', 'vendor_name'], action: 'flag', detectedAt: 'extraction' },
    });
    const checks = crossChecks(flagged);
    expect([...checks.keys()]).toEqual(['invoice_number', 'vendor_name']);
    expect(checks.get('invoice_number')![0]).toContain('job_0');
    const processed = job({
      extracted_data: data,
      duplicate: { of: 'job_0', matched: ['file_hash'], action: 'process', detectedAt: 'arrival' },
    });
    // A verdict on the file itself names no field of the document.
    expect([...crossChecks(processed).keys()]).toEqual(['file_hash']);
  });
});

describe('the review screen: what a person types, as the value sent (screens/review-values.ts)', () => {
  it("keeps the found value's type, and for a field the extraction missed takes the extractor's type", () => {
    expect(parse('1234,5', 10)).toBe(1234.5);
    expect(parse('19.00', undefined, 'currency')).toBe(19);
    expect(parse('7', null, 'number')).toBe(7);
    expect(parse('true', undefined, 'boolean')).toBe(true);
    expect(parse('INV-7', undefined, 'text')).toBe('INV-7');
    expect(parse('  ', 'x')).toBeNull();
  });
});
