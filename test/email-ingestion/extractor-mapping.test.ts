import { describe, expect, it } from 'vitest';
import {
  EmailIngestionConfigInputSchema,
  applyMergePatch,
  compileSubjectPattern,
  matchingDocumentTypes,
  resolveExtractorFor,
} from '@intake/core/email';
import { createMemoryStores, makeExtractor, makeOrg } from '@intake/core/testing';

async function setup() {
  const stores = createMemoryStores();
  const org = makeOrg();
  await stores.organizations.insert(org);
  const add = async (id: string, document_type: string, created_at: string, is_active = true) => {
    const ext = makeExtractor(org.id, { id, document_type, created_at, is_active });
    await stores.extractors.insert(ext);
    return ext;
  };
  return { stores, orgId: org.id, add };
}

describe('document type to extractor', () => {
  it('uses the config map first', async () => {
    const { stores, orgId, add } = await setup();
    await add('ext_newer', 'vendor_bill', '2026-03-01T00:00:00.000Z');
    await add('ext_pinned', 'invoice', '2026-01-01T00:00:00.000Z');
    const result = await resolveExtractorFor(
      stores.extractors,
      orgId,
      { extractors: { vendor_bill: 'ext_pinned' } },
      'vendor_bill',
    );
    expect(result).toMatchObject({ outcome: 'mapped', extractor: { id: 'ext_pinned' } });
  });

  it('else takes the newest active extractor of the type, vendor_bill and invoice matching each other', async () => {
    const { stores, orgId, add } = await setup();
    await add('ext_old_bill', 'vendor_bill', '2026-01-01T00:00:00.000Z');
    await add('ext_new_invoice', 'invoice', '2026-02-01T00:00:00.000Z');
    await add('ext_newest_inactive', 'invoice', '2026-03-01T00:00:00.000Z', false);
    await add('ext_receipt', 'receipt', '2026-04-01T00:00:00.000Z');
    expect(await resolveExtractorFor(stores.extractors, orgId, {}, 'vendor_bill')).toMatchObject({
      outcome: 'matched',
      extractor: { id: 'ext_new_invoice' },
    });
    expect(await resolveExtractorFor(stores.extractors, orgId, {}, 'invoice')).toMatchObject({
      outcome: 'matched',
      extractor: { id: 'ext_new_invoice' },
    });
    expect(await resolveExtractorFor(stores.extractors, orgId, {}, 'receipt')).toMatchObject({
      outcome: 'matched',
      extractor: { id: 'ext_receipt' },
    });
    expect(await resolveExtractorFor(stores.extractors, orgId, {}, 'purchase_order')).toEqual({
      outcome: 'none',
      documentType: 'purchase_order',
    });
  });

  it('falls back to matching when the mapped extractor is inactive or gone', async () => {
    const { stores, orgId, add } = await setup();
    await add('ext_off', 'invoice', '2026-01-01T00:00:00.000Z', false);
    await add('ext_deleted', 'invoice', '2026-01-02T00:00:00.000Z');
    await stores.extractors.delete(orgId, 'ext_deleted', '2026-01-03T00:00:00.000Z');
    await add('ext_live', 'vendor_bill', '2026-01-01T00:00:00.000Z');
    for (const pinned of ['ext_off', 'ext_deleted', 'ext_elsewhere']) {
      expect(
        await resolveExtractorFor(stores.extractors, orgId, { extractors: { invoice: pinned } }, 'invoice'),
      ).toMatchObject({ outcome: 'matched', extractor: { id: 'ext_live' } });
    }
  });

  it("never picks another organization's extractor", async () => {
    const { stores, add } = await setup();
    await add('ext_theirs', 'invoice', '2026-01-01T00:00:00.000Z');
    expect(
      (await resolveExtractorFor(stores.extractors, 'org_other', { extractors: { invoice: 'ext_theirs' } }, 'invoice'))
        .outcome,
    ).toBe('none');
  });

  it('lists the type first, then its synonyms', () => {
    expect(matchingDocumentTypes('invoice')).toEqual(['invoice', 'vendor_bill']);
    expect(matchingDocumentTypes('receipt')).toEqual(['receipt']);
  });
});

describe('configuration helpers', () => {
  it('compiles subject patterns with RE2: inline flags, no backtracking features, linear time', () => {
    expect(compileSubjectPattern('(?i)urgent').test('URGENT: pay')).toBe(true);
    expect(compileSubjectPattern('urgent').test('URGENT')).toBe(false);
    expect(compileSubjectPattern('a(?i)b').test('aB')).toBe(true);
    expect(() => compileSubjectPattern('(a)\\1')).toThrow(); // backreferences: not RE2
    expect(() => compileSubjectPattern('(?=a)')).toThrow(); // lookahead: not RE2
    // A backtracking engine would not return from this within the test's timeout; RE2 is linear.
    expect(compileSubjectPattern('(a+)+$').test(`${'a'.repeat(20_000)}!`)).toBe(false);
  });

  it('merges patches as RFC 7396 says', () => {
    expect(applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' }, l: [1, 2] }, { a: 'z', c: { f: null }, l: [3] })).toEqual({
      a: 'z',
      c: { d: 'e' },
      l: [3],
    });
    expect(applyMergePatch({ a: 1 }, { b: { c: null } })).toEqual({ a: 1, b: {} });
    expect(applyMergePatch({ a: { b: 1 } }, { a: 'x' })).toEqual({ a: 'x' });
  });

  it('fills nested defaults from an empty settings object', () => {
    const parsed = EmailIngestionConfigInputSchema.parse({
      emailPrefix: 'AP',
      defaultDocumentType: 'receipt',
      duplicateDetection: { action: 'reject' },
    });
    expect(parsed.emailPrefix).toBe('ap');
    expect(parsed.duplicateDetection).toEqual({
      enabled: true,
      matchFields: ['invoice_number', 'vendor_name'],
      lookbackHours: 720,
      action: 'reject',
    });
  });
});
