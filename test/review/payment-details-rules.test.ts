import { describe, expect, it } from 'vitest';
import { reviewReasons } from '@intake/core';
import { paymentDetailsDiffer, vendorKey } from '@intake/core/vendors';

describe('what counts as changed bank details', () => {
  const iban = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
  it('another IBAN, or another account number under the same sort code, is a change', () => {
    expect(paymentDetailsDiffer(iban, { iban: 'GB29NWBK60161331926819' })).toBe(true);
    expect(
      paymentDetailsDiffer(
        { sort_code: '20-00-00', account_number: '55779911' },
        { sort_code: '20-00-00', account_number: '55779912' },
      ),
    ).toBe(true);
  });
  it('an account with nothing in common with the remembered one is a change', () => {
    expect(paymentDetailsDiffer(iban, { routing_number: '021000021', account_number: '123456789' })).toBe(true);
  });
  it('the same IBAN with another or a new BIC, or a sort code added beside the same account, is not', () => {
    expect(paymentDetailsDiffer(iban, { iban: iban.iban, bic: 'DEUTDEFFXXX' })).toBe(false);
    expect(paymentDetailsDiffer({ iban: iban.iban }, iban)).toBe(false);
    expect(
      paymentDetailsDiffer({ account_number: '55779911' }, { account_number: '55779911', sort_code: '20-00-00' }),
    ).toBe(false);
  });
});

describe('whose details they are', () => {
  it('the VAT id first, else the name without its legal form, with the sender domain for mail', () => {
    expect(vendorKey({ vat_id: 'DE 811 907 980', name: 'Kessler GmbH' }, {})).toBe('vat:DE811907980');
    expect(vendorKey({ name: 'Kessler Feinmechanik GmbH' }, { source: 'api' })).toBe('name:kessler feinmechanik');
    expect(
      vendorKey(
        { name: 'Kessler Feinmechanik GmbH' },
        { source: 'email', email: { from: 'Billing <bills@Kessler.example>' } },
      ),
    ).toBe('name:kessler feinmechanik|domain:kessler.example');
    expect(vendorKey({}, { source: 'email', email: { from: 'bills@kessler.example' } })).toBeNull();
  });
});

describe('the review reason', () => {
  const job = {
    needs_review: true,
    validation_errors: [],
    confidence: {},
    payment_details_changed: {
      previous: { iban: 'DE89370400440532013000' },
      last_seen_at: '2026-03-01T09:00:00.000Z',
      job_id: 'job_first',
    },
  };
  it('names the earlier job and details; mail that failed sender authentication says so', () => {
    const [reason] = reviewReasons(job);
    expect(reason).toEqual({
      code: 'payment_details_changed',
      message:
        "The vendor's payment details differ from those last seen on 2026-03-01T09:00:00.000Z (job job_first: iban DE89370400440532013000)",
    });
    const unauthenticated = reviewReasons({ ...job, metadata: { email: { sender_authenticated: false } } });
    expect(unauthenticated[0]!.message).toMatch(/; the mail failed sender authentication$/);
  });
});
