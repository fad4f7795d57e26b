import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '../jobs/job.js';
import { REGISTER_SORT_KEYS, sortValue, type JobSort } from '../jobs/register.js';
import type { JobFilter } from '../ports/job-store.port.js';
import { makeJob } from './job-store-contract.js';
import { makeExtractor, makeOrg, type ContractStores, type StoreHarness } from './store-contract.js';

const done = (data: Record<string, unknown>, confidence: Record<string, number>, at: string): Partial<JobRecord> => ({
  status: 'completed',
  extracted_data: data,
  confidence,
  overall_confidence: 0.9,
  completed_at: at,
  created_at: at,
});

/** The documents register: sorting with keyset paging, register filters, search, deletion with a tombstone. */
export function describeRegisterStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`register store contract: ${name}`, () => {
    let harness: StoreHarness;
    let s: ContractStores;
    let orgId: string;
    let otherOrg: string;
    let jobs: JobRecord[];
    beforeAll(async () => {
      harness = await open();
      s = harness.stores;
      const org = makeOrg();
      const other = makeOrg();
      await s.organizations.insert(org);
      await s.organizations.insert(other);
      const ext = makeExtractor(org.id);
      const otherExt = makeExtractor(other.id);
      await s.extractors.insert(ext);
      await s.extractors.insert(otherExt);
      orgId = org.id;
      otherOrg = other.id;
      const t = (i: number) => `2026-03-0${i}T10:00:00.000Z`;
      jobs = [
        makeJob(orgId, ext.id, {
          ...done(
            { vendor_name: 'Acme Tools', invoice_number: 'INV-2041', total_amount: 120.5, currency: 'EUR' },
            { a: 0.9, b: 0.4 },
            t(1),
          ),
          metadata: { file_name: 'acme.pdf' },
        }),
        makeJob(orgId, ext.id, {
          ...done({ vendor_name: 'Zeta', invoice_number: 'Z-1', total_amount: 9 }, { a: 0.7 }, t(2)),
          metadata: {
            source: 'email',
            email: { from: 'billing@zeta.example', subject: 'Your invoice' },
            attachments: ['zeta.pdf'],
          },
        }),
        makeJob(orgId, ext.id, { ...done({ merchant_name: 'acme tools', total: 120.5 }, { a: 0.95 }, t(3)) }),
        makeJob(orgId, ext.id, { ...done({ vendor_name: 'Bolt', total_amount: -3 }, {}, t(4)) }),
        makeJob(orgId, ext.id, { created_at: t(5) }),
        makeJob(orgId, ext.id, {
          ...done({ vendor_name: 'Acme Tools', invoice_number: 'INV-2041' }, { a: 1 }, t(6)),
          needs_review: true,
        }),
      ];
      for (const job of jobs) await s.jobs.insert(job);
      // Another organization's document that matches every search of these tests.
      await s.jobs.insert(
        makeJob(otherOrg, otherExt.id, done({ vendor_name: 'Acme Tools', invoice_number: 'INV-2041' }, { a: 1 }, t(1))),
      );
    });
    afterAll(async () => harness?.close());

    const list = (filter: JobFilter, sort?: JobSort) =>
      s.jobs.list(orgId, 'test', filter, { limit: 100, offset: 0, ...(sort ? { sort } : {}) });

    /** Walks every page of `size` by keyset and returns the ids in order. */
    async function walk(sort: JobSort, size: number): Promise<string[]> {
      const ids: string[] = [];
      let after: { created_at: string; id: string; value: string | number | null } | undefined;
      for (let i = 0; i < 20; i++) {
        const page = await s.jobs.list(
          orgId,
          'test',
          {},
          { limit: size, offset: 0, sort, ...(after ? { after } : {}) },
        );
        ids.push(...page.items.map((j) => j.id));
        const last = page.items.at(-1);
        if (page.items.length < size || !last) return ids;
        after = { created_at: last.created_at, id: last.id, value: sortValue(last, sort.key) };
      }
      throw new Error('paging did not end');
    }

    it('sorts by every key both ways, nulls last, and pages by keyset to the same order', async () => {
      for (const key of REGISTER_SORT_KEYS)
        for (const descending of [false, true]) {
          const sort = { key, descending };
          const all = (await list({}, sort)).items;
          expect(all.length).toBe(jobs.length);
          const values = all.map((j) => sortValue(j, key));
          const present = values.filter((v) => v !== null);
          // Nulls only after every value.
          expect(values.slice(0, present.length)).toEqual(present);
          const ordered = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(present, `${descending ? '-' : ''}${key}`).toEqual(descending ? ordered.reverse() : ordered);
          expect(await walk(sort, 2), `paging ${key}`).toEqual(all.map((j) => j.id));
        }
    });

    it('breaks ties by id in the direction of the sort', async () => {
      const asc = (await list({}, { key: 'total', descending: false })).items.filter(
        (j) => sortValue(j, 'total') === 120.5,
      );
      expect(asc.map((j) => j.id)).toEqual([jobs[0]!.id, jobs[2]!.id].sort());
      const desc = (await list({}, { key: 'total', descending: true })).items.filter(
        (j) => sortValue(j, 'total') === 120.5,
      );
      expect(desc.map((j) => j.id)).toEqual([jobs[0]!.id, jobs[2]!.id].sort().reverse());
    });

    it('filters by source and by vendor ignoring case', async () => {
      expect((await list({ source: 'email' })).items.map((j) => j.id)).toEqual([jobs[1]!.id]);
      expect((await list({ source: 'upload' })).total).toBe(jobs.length - 1);
      const acme = await list({ vendor: 'ACME TOOLS' });
      expect(acme.items.map((j) => j.id).sort()).toEqual([jobs[0]!.id, jobs[2]!.id, jobs[5]!.id].sort());
      expect(acme.total).toBe(3);
    });

    it('searches file names, sender, subject and extracted values by word prefix', async () => {
      const ids = async (q: string) => (await list({ q })).items.map((j) => j.id).sort();
      // A vendor word and a number in one query: both must match.
      expect(await ids('acme 2041')).toEqual([jobs[0]!.id, jobs[5]!.id].sort());
      expect(await ids('Acm INV-204')).toEqual([jobs[0]!.id, jobs[5]!.id].sort());
      expect(await ids('zeta.pdf')).toEqual([jobs[1]!.id]);
      expect(await ids('invoice')).toEqual([jobs[1]!.id]);
      expect(await ids('billing')).toEqual([jobs[1]!.id]);
      expect(await ids('acme nothere')).toEqual([]);
      // Operators of tsquery are plain text here.
      expect(await ids("acme & | ! ( ) ' : *")).toEqual([jobs[0]!.id, jobs[2]!.id, jobs[5]!.id].sort());
      expect(await ids('!!!')).toEqual([]);
      // The total counts the matches (a search's count takes its own plan in the SQL store).
      expect((await list({ q: 'acme 2041' })).total).toBe(2);
      expect((await list({ q: 'acme' }, { key: 'total', descending: true })).total).toBe(3);
      expect((await list({ q: 'acme nothere' })).total).toBe(0);
      expect((await list({ q: '!!!' })).total).toBe(0);
      expect(
        (await list({ q: 'acme', source: 'upload' }, { key: 'created_at', descending: false })).items.map((j) => j.id),
      ).toEqual([jobs[0]!.id, jobs[2]!.id, jobs[5]!.id]);
    });

    it('stops a count the rollups cannot give at countLimit and flags it; other counts stay exact', async () => {
      const counted = (filter: JobFilter, countLimit: number, sort?: JobSort) =>
        s.jobs.list(orgId, 'test', filter, { limit: 1, offset: 0, countLimit, ...(sort ? { sort } : {}) });
      // q=acme matches three documents of the organization (the other organization's is not counted).
      const beyond = await counted({ q: 'acme' }, 2);
      expect({ total: beyond.total, totalCapped: beyond.totalCapped }).toEqual({ total: 2, totalCapped: true });
      expect(beyond.items).toHaveLength(1);
      const sorted = await counted({ q: 'acme' }, 2, { key: 'total', descending: true });
      expect({ total: sorted.total, totalCapped: sorted.totalCapped }).toEqual({ total: 2, totalCapped: true });
      const at = await counted({ q: 'acme' }, 3);
      expect({ total: at.total, totalCapped: at.totalCapped }).toEqual({ total: 3, totalCapped: undefined });
      const vendor = await counted({ vendor: 'acme tools' }, 1);
      expect({ total: vendor.total, totalCapped: vendor.totalCapped }).toEqual({ total: 1, totalCapped: true });
      const none = await counted({ q: 'acme' }, 0);
      expect({ total: none.total, totalCapped: none.totalCapped }).toEqual({ total: 0, totalCapped: true });
      // The unfiltered list and finished statuses are counted from the rollups: exact past any limit.
      const all = await counted({}, 1);
      expect({ total: all.total, totalCapped: all.totalCapped }).toEqual({ total: 6, totalCapped: undefined });
      const completed = await counted({ status: 'completed' }, 1);
      expect({ total: completed.total, totalCapped: completed.totalCapped }).toEqual({
        total: 5,
        totalCapped: undefined,
      });
      // Without a limit every count is exact.
      expect((await list({ q: 'acme' })).total).toBe(3);
    });

    it('deletes one job of the organization and mode, leaving a tombstone', async () => {
      const victim = jobs[3]!;
      expect(
        await s.jobs.deleteOne(otherOrg, 'test', victim.id, { deletedAt: '2026-04-01T00:00:00.000Z', keyId: 'k' }),
      ).toBeNull();
      expect(
        await s.jobs.deleteOne(orgId, 'live', victim.id, { deletedAt: '2026-04-01T00:00:00.000Z', keyId: 'k' }),
      ).toBeNull();
      const gone = await s.jobs.deleteOne(orgId, 'test', victim.id, {
        deletedAt: '2026-04-01T00:00:00.000Z',
        keyId: 'key_1',
      });
      expect(gone?.job.id).toBe(victim.id);
      // Every job of these tests shares one file: it stays while others use it.
      expect(gone?.orphanBlobKey).toBeNull();
      expect(await s.jobs.get(orgId, 'test', victim.id)).toBeNull();
      expect(await s.jobs.findTombstone(orgId, victim.id)).toEqual({
        id: victim.id,
        org_id: orgId,
        environment: 'test',
        deleted_at: '2026-04-01T00:00:00.000Z',
        key_id: 'key_1',
      });
      expect(await s.jobs.findTombstone(otherOrg, victim.id)).toBeNull();
      expect(
        await s.jobs.deleteOne(orgId, 'test', victim.id, { deletedAt: '2026-04-01T00:00:00.000Z', keyId: 'k' }),
      ).toBeNull();
    });

    it('does not delete a job being processed; frees the file of the last job using it', async () => {
      const ext = makeExtractor(orgId);
      await s.extractors.insert(ext);
      const own = makeJob(orgId, ext.id, { blob_key: 'b'.repeat(64), status: 'processing', lease_owner: 'w' });
      await s.jobs.insert(own);
      const audit = { deletedAt: '2026-04-01T00:00:00.000Z', keyId: null };
      expect(await s.jobs.deleteOne(orgId, 'test', own.id, audit)).toBeNull();
      await s.jobs.release(own.id, 'w');
      expect((await s.jobs.deleteOne(orgId, 'test', own.id, audit))?.orphanBlobKey).toBe('b'.repeat(64));
      expect((await s.jobs.findTombstone(orgId, own.id))?.key_id).toBeNull();
    });
  });
}
