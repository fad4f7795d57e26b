import { describe, expect, it } from 'vitest';
import type { ClassificationExample, TriageItemRecord, TriageResolution } from '../email/triage/triage-item.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
/** Same length and lowercase alphanumerics after the prefix, so every collation orders them alike. */
const uniqueBase = () => `rev_rc${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

export const makeTriageItem = (orgId: string, overrides: Partial<TriageItemRecord> = {}): TriageItemRecord => ({
  id: `${uniqueBase()}r`,
  org_id: orgId,
  environment: 'live',
  prefix: 'invoices',
  message_id: 'msg_review0001',
  attachment_index: 0,
  filename: 'scan.pdf',
  mime_type: 'application/pdf',
  size_bytes: 4096,
  blob_key: 'f'.repeat(64),
  classification: {
    documentType: 'invoice',
    confidence: 0.55,
    reasoning: 'Looks like an invoice.',
    keyIndicators: ['total'],
  },
  classification_failed: false,
  proposed_type: 'invoice',
  from_address: null,
  subject: null,
  status: 'pending',
  resolved_type: null,
  job_id: null,
  resolved_by: null,
  resolved_at: null,
  created_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const resolution = (overrides: Partial<TriageResolution> = {}): TriageResolution => ({
  status: 'resolved',
  resolved_type: 'receipt',
  job_id: 'job_review0001',
  resolved_by: 'key_reviewer01',
  resolved_at: '2026-03-02T10:00:00.123Z',
  ...overrides,
});

const example = (orgId: string, overrides: Partial<ClassificationExample> = {}): ClassificationExample => ({
  org_id: orgId,
  environment: 'live',
  document_type: 'invoice',
  sender_domain: 'example.org',
  tokens: ['invoice', 'total', 'due'],
  created_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

/**
 * The behaviour of every `TriageItemStore` and `ClassificationExampleStore`: items round-trip, the
 * queue lists oldest first per organization, an item is resolved once only (even by concurrent
 * reviewers), and examples list newest first per organization.
 */
export function describeTriageStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`review store contract: ${name}`, () => {
    let s: ContractStores;
    const { freshOrg } = useStoreHarness(open, (stores) => (s = stores));

    it('round-trips every field, the classification as JSON with its optional members present or absent', async () => {
      const orgId = await freshOrg();
      const full = makeTriageItem(orgId, {
        prefix: 'receipts',
        message_id: 'msg_full00001',
        attachment_index: 7,
        filename: 'Quittung ünïcödé ✓.png',
        mime_type: 'image/png',
        size_bytes: 5_000_000_123,
        blob_key: 'a'.repeat(64),
        classification: {
          documentType: 'receipt',
          confidence: 0.4237,
          reasoning: 'A "receipt" \\ maybe: ünïcödé ✓',
          detectedVendor: 'Acme GmbH',
          detectedCustomer: 'Globex',
          keyIndicators: ['quittung', 'mwst', 'summe'],
        },
        classification_failed: true,
        proposed_type: 'other',
        from_address: 'Bob <bob@example.org>',
        subject: 'Receipt for March',
        status: 'resolved',
        resolved_type: 'receipt',
        job_id: 'job_full00001',
        resolved_by: 'key_full00001',
        resolved_at: '2026-03-01T00:02:00.999Z',
        created_at: '2026-03-01T00:00:00.007Z',
      });
      const sparse = makeTriageItem(orgId, {
        classification: { documentType: 'unknown', confidence: 0, reasoning: '', keyIndicators: [] },
      });
      await s.triageItems.insert(full);
      await s.triageItems.insert(sparse);
      expect(await s.triageItems.get(orgId, 'live', full.id)).toEqual(full);
      const readSparse = await s.triageItems.get(orgId, 'live', sparse.id);
      expect(readSparse).toStrictEqual(sparse);
      expect(Object.keys(readSparse!.classification).sort()).toEqual([
        'confidence',
        'documentType',
        'keyIndicators',
        'reasoning',
      ]);
      await expect(s.triageItems.insert({ ...sparse, subject: 'again' })).rejects.toThrow();
      expect(await s.triageItems.get(orgId, 'live', sparse.id)).toEqual(sparse);
    });

    it('lists oldest first per organization, by status and prefix, with a total for paging', async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      const empty = await freshOrg();
      const base = uniqueBase();
      const r1 = makeTriageItem(a, { id: `${base}a`, prefix: 'invoices', created_at: '2026-03-01T00:00:01.000Z' });
      const r2 = makeTriageItem(a, { id: `${base}b`, prefix: 'receipts', created_at: '2026-03-01T00:00:02.000Z' });
      const r3 = makeTriageItem(a, {
        id: `${base}c`,
        prefix: 'invoices',
        status: 'resolved',
        created_at: '2026-03-01T00:00:02.000Z',
      });
      const r4 = makeTriageItem(a, { id: `${base}d`, prefix: 'invoices', created_at: '2026-03-01T00:00:03.000Z' });
      const r5 = makeTriageItem(a, {
        id: `${base}e`,
        prefix: 'receipts',
        status: 'rejected',
        created_at: '2026-03-01T00:00:04.000Z',
      });
      const theirs = makeTriageItem(b, { id: `${base}f`, prefix: 'invoices', created_at: '2026-03-01T00:00:00.000Z' });
      for (const item of [r4, r2, theirs, r5, r1, r3]) await s.triageItems.insert(item);
      const ids = (page: { items: TriageItemRecord[] }) => page.items.map((r) => r.id);
      const page = (
        orgId: string,
        filter: Parameters<ContractStores['triageItems']['list']>[2],
        limit = 10,
        offset = 0,
      ) => s.triageItems.list(orgId, 'live', filter, { limit, offset }).then((p) => ({ ids: ids(p), total: p.total }));

      const all = await s.triageItems.list(a, 'live', {}, { limit: 10, offset: 0 });
      expect({ ids: ids(all), total: all.total }).toEqual({ ids: [r1.id, r2.id, r3.id, r4.id, r5.id], total: 5 });
      expect(all.items[2]).toEqual(r3);
      expect(await page(a, { status: 'pending' })).toEqual({ ids: [r1.id, r2.id, r4.id], total: 3 });
      expect(await page(a, { status: 'resolved' })).toEqual({ ids: [r3.id], total: 1 });
      expect(await page(a, { status: 'rejected' })).toEqual({ ids: [r5.id], total: 1 });
      expect(await page(a, { prefix: 'invoices' })).toEqual({ ids: [r1.id, r3.id, r4.id], total: 3 });
      expect(await page(a, { prefix: 'receipts', status: 'pending' })).toEqual({ ids: [r2.id], total: 1 });
      expect(await page(a, {}, 2, 1)).toEqual({ ids: [r2.id, r3.id], total: 5 });
      expect(await page(a, { status: 'pending' }, 1, 2)).toEqual({ ids: [r4.id], total: 3 });
      expect(await page(a, {}, 10, 5)).toEqual({ ids: [], total: 5 });
      expect(await page(b, {})).toEqual({ ids: [theirs.id], total: 1 });
      expect(await s.triageItems.list(empty, 'live', {}, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(await page(a, { prefix: 'nothing' })).toEqual({ ids: [], total: 0 });
    });

    it('reads an item only within its organization', async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      const item = makeTriageItem(a);
      await s.triageItems.insert(item);
      expect(await s.triageItems.get(a, 'live', item.id)).toEqual(item);
      expect(await s.triageItems.get(b, 'live', item.id)).toBeNull();
      expect(await s.triageItems.get(a, 'live', 'rev_missing')).toBeNull();
    });

    it('resolves a pending item: writes the resolution and returns the updated item', async () => {
      const orgId = await freshOrg();
      const item = makeTriageItem(orgId, { from_address: 'alice@example.org', subject: 'Scan' });
      const other = makeTriageItem(orgId);
      await s.triageItems.insert(item);
      await s.triageItems.insert(other);
      const decision = resolution();
      const expected: TriageItemRecord = { ...item, ...decision };
      expect(await s.triageItems.resolve(orgId, 'live', item.id, decision)).toEqual(expected);
      expect(await s.triageItems.get(orgId, 'live', item.id)).toEqual(expected);
      expect(await s.triageItems.get(orgId, 'live', other.id)).toEqual(other);
      // A rejection keeps its nulls.
      const rejection = resolution({
        status: 'rejected',
        resolved_type: null,
        job_id: null,
        resolved_by: 'key_reviewer02',
      });
      expect(await s.triageItems.resolve(orgId, 'live', other.id, rejection)).toEqual({ ...other, ...rejection });
      expect(await s.triageItems.get(orgId, 'live', other.id)).toEqual({ ...other, ...rejection });
    });

    it('resolves an item once: a second resolve returns null and changes nothing', async () => {
      const orgId = await freshOrg();
      const item = makeTriageItem(orgId);
      await s.triageItems.insert(item);
      const first = await s.triageItems.resolve(orgId, 'live', item.id, resolution());
      expect(first).toEqual({ ...item, ...resolution() });
      const second = resolution({
        status: 'rejected',
        resolved_type: null,
        job_id: null,
        resolved_by: 'key_late0001',
        resolved_at: '2026-03-03T00:00:00.000Z',
      });
      expect(await s.triageItems.resolve(orgId, 'live', item.id, second)).toBeNull();
      expect(await s.triageItems.get(orgId, 'live', item.id)).toEqual(first);
      // Items stored already resolved or rejected are not pending either.
      const rejected = makeTriageItem(orgId, {
        status: 'rejected',
        resolved_by: 'key_x',
        resolved_at: '2026-03-01T01:00:00.000Z',
      });
      await s.triageItems.insert(rejected);
      expect(await s.triageItems.resolve(orgId, 'live', rejected.id, resolution())).toBeNull();
      expect(await s.triageItems.get(orgId, 'live', rejected.id)).toEqual(rejected);
    });

    it("does not resolve another organization's item or a missing one", async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      const item = makeTriageItem(a);
      await s.triageItems.insert(item);
      expect(await s.triageItems.resolve(b, 'live', item.id, resolution())).toBeNull();
      expect(await s.triageItems.get(a, 'live', item.id)).toEqual(item);
      expect(await s.triageItems.resolve(a, 'live', 'rev_missing', resolution())).toBeNull();
      // Still pending for its own organization.
      expect(await s.triageItems.resolve(a, 'live', item.id, resolution())).toEqual({ ...item, ...resolution() });
    });

    it('lets exactly one of many concurrent resolves win', async () => {
      const orgId = await freshOrg();
      const item = makeTriageItem(orgId);
      await s.triageItems.insert(item);
      // Concurrent reads first, so that a pooled database has its connections open and the resolves below really overlap.
      await Promise.all(Array.from({ length: 10 }, () => s.triageItems.get(orgId, 'live', item.id)));
      const decisions = Array.from({ length: 10 }, (_, i) =>
        resolution({ resolved_by: `key_reviewer${i}`, resolved_type: `type_${i}` }),
      );
      const results = await Promise.all(decisions.map((d) => s.triageItems.resolve(orgId, 'live', item.id, d)));
      const winners = results.filter((r): r is TriageItemRecord => r !== null);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;
      const decision = decisions.find((d) => d.resolved_by === winner.resolved_by);
      expect(decision).toBeDefined();
      expect(winner).toEqual({ ...item, ...decision });
      expect(await s.triageItems.get(orgId, 'live', item.id)).toEqual(winner);
    });

    it('adds classification examples and lists them newest first, at most the limit', async () => {
      const orgId = await freshOrg();
      const e1 = example(orgId, { created_at: '2026-03-01T00:00:01.000Z' });
      const e2 = example(orgId, {
        document_type: 'receipt',
        sender_domain: null,
        tokens: [],
        created_at: '2026-03-01T00:00:03.000Z',
      });
      const e3 = example(orgId, {
        document_type: 'contract',
        tokens: ['vertrag', 'ünïcödé', 'a"b\\c'],
        created_at: '2026-03-01T00:00:02.500Z',
      });
      for (const e of [e1, e2, e3]) await s.classificationExamples.add(e);
      expect(await s.classificationExamples.list(orgId, 'live', 10)).toStrictEqual([e2, e3, e1]);
      expect(await s.classificationExamples.list(orgId, 'live', 2)).toStrictEqual([e2, e3]);
      expect(await s.classificationExamples.list(orgId, 'live', 1)).toStrictEqual([e2]);
    });

    it("keeps each organization's classification examples to itself", async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      const empty = await freshOrg();
      const ours = example(a, { document_type: 'invoice', created_at: '2026-03-01T00:00:01.000Z' });
      const theirs = example(b, { document_type: 'receipt', created_at: '2026-03-01T00:00:02.000Z' });
      await s.classificationExamples.add(ours);
      await s.classificationExamples.add(theirs);
      expect(await s.classificationExamples.list(a, 'live', 10)).toStrictEqual([ours]);
      expect(await s.classificationExamples.list(b, 'live', 10)).toStrictEqual([theirs]);
      expect(await s.classificationExamples.list(empty, 'live', 10)).toEqual([]);
    });
  });
}
