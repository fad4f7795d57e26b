/** reviewReasons: why a job is flagged, derived from what it holds, each reason once. */
import { describe, expect, it } from 'vitest';
import { reviewReasons } from '@intake/core';
import { makeJob } from '@intake/core/testing';

const job = (overrides: Parameters<typeof makeJob>[2]) =>
  makeJob('org_1', 'ext_1', { status: 'completed', needs_review: true, ...overrides });

describe('reviewReasons', () => {
  it('is empty for a job that needs no review, whatever its errors', () => {
    expect(
      reviewReasons(
        job({
          needs_review: false,
          confidence: { total: 0.1 },
          validation_errors: [{ field: 'total', rule: 'min', message: 'below 0' }],
        }),
      ),
    ).toEqual([]);
  });

  it('names each validation error with its rule, each doubt with its plausibility rule, each unsure field with its confidence', () => {
    const reasons = reviewReasons(
      job({
        confidence: { invoice_number: 0.42, invoice_date: 0.3, total_amount: 0.97, vendor_name: 0.4999 },
        validation_errors: [
          { field: 'invoice_number', rule: 'pattern', message: 'does not match ^ZZ' },
          { field: 'invoice_date', rule: 'plausible', message: 'date_in_future: 2031-03-14 is after the arrival' },
        ],
      }),
    );
    expect(reasons).toEqual([
      { code: 'validation', field: 'invoice_number', message: 'pattern: does not match ^ZZ' },
      {
        code: 'plausibility',
        field: 'invoice_date',
        message: 'date_in_future: 2031-03-14 is after the arrival',
      },
      // invoice_date (0.3) is not repeated: its rule capped its confidence.
      { code: 'low_confidence', field: 'invoice_number', message: 'Confidence 0.42 is below the review threshold 0.5' },
      { code: 'low_confidence', field: 'vendor_name', message: 'Confidence 0.499 is below the review threshold 0.5' },
    ]);
  });

  it('keeps the reasons recorded on arrival and says when a duplicate verdict flagged it', () => {
    const flag = { code: 'classification_threshold' as const, message: 'Classified as invoice with confidence 0.72' };
    const reasons = reviewReasons(
      job({
        review_flags: [flag],
        duplicate: {
          settings: { enabled: true, action: 'flag', lookbackHours: 24, matchFields: ['invoice_number'] },
          verdict: { of: 'job_earlier', matched: ['invoice_number'], action: 'flag', detectedAt: 'extraction' },
        } as never,
      }),
    );
    expect(reasons).toEqual([
      flag,
      {
        code: 'duplicate',
        message: 'A duplicate of job job_earlier (matched: invoice_number; detected on extraction)',
      },
    ]);
  });

  it('never leaves a flag without a sentence', () => {
    expect(reviewReasons(job({}))).toEqual([
      { code: 'flagged', message: 'Flagged for review when it arrived (the reason was not recorded)' },
    ]);
  });
});
