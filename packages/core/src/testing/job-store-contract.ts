import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '../jobs/job.js';
import { makeExtractor, makeOrg, type StoreHarness, type ContractStores } from './store-contract.js';

let n = 0;
const id = (prefix: string) => `${prefix}_jc${Date.now().toString(36)}${(n++).toString(36)}`;

export const makeJob = (orgId: string, extractorId: string, overrides: Partial<JobRecord> = {}): JobRecord => ({
  id: id('job'),
  org_id: orgId,
  extractor_id: extractorId,
  extractor_name: 'Invoices',
  document_type: 'invoice',
  field_definitions: [{ name: 'total', type: 'currency', required: true, description: 'Total' }],
  environment: 'test',
  status: 'queued',
  priority: 0,
  blob_key: 'a'.repeat(64),
  mime_type: 'application/pdf',
  size_bytes: 10,
  page_count: 1,
  estimated_cost: 0,
  reserved_credits: 0,
  metadata: { customer: 'c1' },
  extracted_data: null,
  confidence: null,
  overall_confidence: null,
  validation_errors: [],
  needs_review: false,
  processing_time_ms: null,
  cost_credits: 0,
  error_details: null,
  attempts: 0,
  lease_owner: null,
  lease_expires_at: null,
  blocked_on_credits: false,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: null,
  completed_at: null,
  failed_at: null,
  ...overrides,
});

const completed = (at: string, confidence = 0.9) => ({
  extracted_data: { total: 1 },
  confidence: { total: confidence },
  overall_confidence: confidence,
  validation_errors: [],
  needs_review: false,
  page_count: 1,
  processing_time_ms: 100,
  cost_credits: 0,
  completed_at: at,
});

/** The job queue's contract: claiming, leases, fencing, credit reservations, queries, retention. */
export function describeJobStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`job store contract: ${name}`, () => {
    let harness: StoreHarness;
    let s: ContractStores;
    let orgId: string;
    let extId: string;
    beforeAll(async () => {
      harness = await open();
      s = harness.stores;
    });
    afterAll(async () => harness?.close());
    // Each test gets its own organization, and drains the queue of what it leaves behind.
    const freshOrg = async () => {
      const org = makeOrg();
      await s.organizations.insert(org);
      const ext = makeExtractor(org.id);
      await s.extractors.insert(ext);
      orgId = org.id;
      extId = ext.id;
    };
    const drain = async (now: Date) => {
      while (await s.jobs.claim({ workerId: 'drain', now, leaseMs: 1, maxAttempts: 99 })) {
        /* take everything */
      }
    };

    it('claims by priority then age, each job once under concurrency', async () => {
      await freshOrg();
      const t = new Date('2026-01-02T00:00:00.000Z');
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const old = makeJob(orgId, extId, { created_at: '2026-01-01T00:00:01.000Z' });
      const young = makeJob(orgId, extId, { created_at: '2026-01-01T00:00:02.000Z' });
      const urgent = makeJob(orgId, extId, { created_at: '2026-01-01T00:00:03.000Z', priority: 10 });
      for (const j of [young, urgent, old]) await s.jobs.insert(j);
      const claims = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          s.jobs.claim({ workerId: `w${i}`, now: t, leaseMs: 60_000, maxAttempts: 3 }),
        ),
      );
      const taken = claims.filter((c): c is JobRecord => c !== null);
      expect(taken.map((j) => j.id).sort()).toEqual([old.id, young.id, urgent.id].sort());
      expect(
        taken.every(
          (j) => j.status === 'processing' && j.attempts === 1 && j.lease_expires_at === '2026-01-02T00:01:00.000Z',
        ),
      ).toBe(true);
      const sequential = [...taken].sort((a, b) => a.started_at!.localeCompare(b.started_at!));
      expect(sequential.length).toBe(3);
    });

    it('orders the queue: higher priority first, then oldest', async () => {
      await freshOrg();
      const t = new Date('2026-01-02T00:00:00.000Z');
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const a = makeJob(orgId, extId, { created_at: '2026-01-01T00:00:01.000Z' });
      const b = makeJob(orgId, extId, { created_at: '2026-01-01T00:00:00.500Z', priority: 5 });
      const c = makeJob(orgId, extId, { created_at: '2026-01-01T00:00:00.100Z' });
      for (const j of [a, b, c]) await s.jobs.insert(j);
      const order = [];
      for (let i = 0; i < 3; i++)
        order.push((await s.jobs.claim({ workerId: 'w', now: t, leaseMs: 60_000, maxAttempts: 3 }))!.id);
      expect(order).toEqual([b.id, c.id, a.id]);
    });

    it('fences completion by lease: a worker that lost its lease cannot finish the job', async () => {
      await freshOrg();
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const job = makeJob(orgId, extId);
      await s.jobs.insert(job);
      const t0 = new Date('2026-01-02T00:00:00.000Z');
      expect((await s.jobs.claim({ workerId: 'a', now: t0, leaseMs: 1000, maxAttempts: 3 }))?.id).toBe(job.id);
      expect(await s.jobs.extendLease(job.id, 'b', '2026-01-02T00:00:05.000Z')).toBe(false);
      const t1 = new Date('2026-01-02T00:00:02.000Z');
      const again = await s.jobs.claim({ workerId: 'b', now: t1, leaseMs: 1000, maxAttempts: 3 });
      expect(again).toMatchObject({ id: job.id, attempts: 2, lease_owner: 'b' });
      expect(await s.jobs.markCompleted(job.id, 'a', completed('2026-01-02T00:00:02.500Z'))).toBeNull();
      const done = await s.jobs.markCompleted(job.id, 'b', completed('2026-01-02T00:00:02.500Z'));
      expect(done).toMatchObject({
        status: 'completed',
        lease_owner: null,
        overall_confidence: 0.9,
        completed_at: '2026-01-02T00:00:02.500Z',
      });
      expect(await s.jobs.markCompleted(job.id, 'b', completed('2026-01-02T00:00:03.000Z'))).toBeNull();
    });

    it('stops re-claiming after the last attempt and lets the reaper fail it', async () => {
      await freshOrg();
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const job = makeJob(orgId, extId, { attempts: 2 });
      await s.jobs.insert(job);
      await s.jobs.claim({ workerId: 'a', now: new Date('2026-01-02T00:00:00.000Z'), leaseMs: 1000, maxAttempts: 3 });
      const later = '2026-01-02T00:00:05.000Z';
      expect(await s.jobs.claim({ workerId: 'b', now: new Date(later), leaseMs: 1000, maxAttempts: 3 })).toBeNull();
      const stuck = await s.jobs.findExhausted(later, 3, 10);
      expect(stuck.map((j) => j.id)).toContain(job.id);
      const failed = await s.jobs.markFailed(
        job.id,
        null,
        {
          error_details: { code: 'temporary_error', message: 'm', suggestion: 's' },
          processing_time_ms: null,
          failed_at: later,
        },
        later,
      );
      expect(failed).toMatchObject({ status: 'failed', cost_credits: 0, error_details: { code: 'temporary_error' } });
    });

    it('reserves credits for live jobs, blocks what the balance cannot cover, and releases on finish', async () => {
      await freshOrg();
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const t = new Date('2026-01-02T00:00:00.000Z');
      await s.credits.record({
        id: id('ctx'),
        org_id: orgId,
        type: 'top_up',
        amount: 4,
        job_id: null,
        description: null,
        created_at: t.toISOString(),
      });
      const first = makeJob(orgId, extId, {
        environment: 'live',
        estimated_cost: 3,
        page_count: 3,
        created_at: '2026-01-01T00:00:01.000Z',
      });
      const second = makeJob(orgId, extId, {
        environment: 'live',
        estimated_cost: 3,
        page_count: 3,
        created_at: '2026-01-01T00:00:02.000Z',
      });
      await s.jobs.insert(first);
      await s.jobs.insert(second);
      expect(await s.jobs.claim({ workerId: 'w', now: t, leaseMs: 60_000, maxAttempts: 3 })).toMatchObject({
        id: first.id,
        reserved_credits: 3,
      });
      expect(await s.credits.balance(orgId)).toEqual({ balance: 4, reserved: 3 });
      expect(await s.jobs.claim({ workerId: 'w', now: t, leaseMs: 60_000, maxAttempts: 3 })).toBeNull();
      expect((await s.jobs.get(orgId, 'live', second.id))?.blocked_on_credits).toBe(true);
      expect(await s.jobs.countQueued(orgId, 'live')).toBe(1);
      await s.jobs.markFailed(
        first.id,
        'w',
        {
          error_details: { code: 'document_unreadable', message: 'm', suggestion: 's' },
          processing_time_ms: 5,
          failed_at: t.toISOString(),
        },
        t.toISOString(),
      );
      expect(await s.credits.balance(orgId)).toEqual({ balance: 4, reserved: 0 });
      expect(await s.jobs.claim({ workerId: 'w', now: t, leaseMs: 60_000, maxAttempts: 3 })).toBeNull();
      expect(await s.jobs.unblock(orgId)).toBe(1);
      expect((await s.jobs.claim({ workerId: 'w', now: t, leaseMs: 60_000, maxAttempts: 3 }))?.id).toBe(second.id);
      expect(await s.jobs.release(second.id, 'w')).toBe(true);
      const retaken = await s.jobs.claim({ workerId: 'w2', now: t, leaseMs: 60_000, maxAttempts: 3 });
      expect(retaken).toMatchObject({ id: second.id, reserved_credits: 3, attempts: 2 });
      expect(await s.credits.balance(orgId)).toEqual({ balance: 4, reserved: 3 });
      await s.jobs.markCompleted(second.id, 'w2', { ...completed(t.toISOString()), cost_credits: 3 });
      expect(await s.credits.balance(orgId)).toEqual({ balance: 4, reserved: 0 });
    });

    it('remembers idempotency keys for the window: same request replays, another conflicts', async () => {
      await freshOrg();
      const job = makeJob(orgId, extId, { created_at: '2026-01-05T00:00:00.000Z' });
      const claim = { key: 'idem-1', requestHash: 'h1', notBefore: '2026-01-04T00:00:00.000Z' };
      expect(await s.jobs.insert(job, claim)).toMatchObject({ outcome: 'created' });
      const replay = await s.jobs.insert(makeJob(orgId, extId), claim);
      expect(replay).toMatchObject({ outcome: 'replayed', job: { id: job.id } });
      expect(await s.jobs.insert(makeJob(orgId, extId), { ...claim, requestHash: 'h2' })).toEqual({
        outcome: 'idempotency_conflict',
      });
      const later = makeJob(orgId, extId, { created_at: '2026-01-07T00:00:00.000Z' });
      expect(
        await s.jobs.insert(later, { ...claim, requestHash: 'h2', notBefore: '2026-01-06T00:00:00.000Z' }),
      ).toMatchObject({ outcome: 'created', job: { id: later.id } });
      expect((await s.jobs.list(orgId, 'test', {}, { limit: 10, offset: 0 })).total).toBe(2);
    });

    it('pages by keyset position (after a job) as by offset, ties broken by id, total unchanged', async () => {
      await freshOrg();
      // Two jobs share each creation time: the position must order them by id too.
      const jobs = [1, 1, 2, 2, 3].map((day) => makeJob(orgId, extId, { created_at: `2026-03-0${day}T00:00:00.000Z` }));
      for (const j of jobs) await s.jobs.insert(j);
      const all = (await s.jobs.list(orgId, 'test', {}, { limit: 10, offset: 0 })).items;
      for (let i = 0; i < all.length; i++) {
        const after = { created_at: all[i]!.created_at, id: all[i]!.id };
        const page = await s.jobs.list(orgId, 'test', {}, { limit: 2, offset: 0, after });
        expect(page.items.map((j) => j.id)).toEqual(all.slice(i + 1, i + 3).map((j) => j.id));
        expect(page.total).toBe(5);
      }
      const filtered = await s.jobs.list(
        orgId,
        'test',
        { created_before: '2026-03-03T00:00:00.000Z' },
        { limit: 10, offset: 1, after: { created_at: all[1]!.created_at, id: all[1]!.id } },
      );
      expect(filtered.items.map((j) => j.id)).toEqual(all.slice(3).map((j) => j.id));
      expect(filtered.total).toBe(4);
    });

    it('filters lists and computes statistics', async () => {
      await freshOrg();
      const other = makeExtractor(orgId, { name: 'Receipts' });
      await s.extractors.insert(other);
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const j1 = makeJob(orgId, extId, { created_at: '2026-02-01T00:00:00.000Z', metadata: { customer: 'x', n: 1 } });
      const j2 = makeJob(orgId, extId, { created_at: '2026-02-02T00:00:00.000Z' });
      const j3 = makeJob(orgId, other.id, { created_at: '2026-02-03T00:00:00.000Z', extractor_name: 'Receipts' });
      const j4 = makeJob(orgId, other.id, { created_at: '2026-02-04T00:00:00.000Z', extractor_name: 'Receipts' });
      for (const j of [j1, j2, j3, j4]) await s.jobs.insert(j);
      const t = new Date('2026-02-05T00:00:00.000Z');
      for (let i = 0; i < 3; i++) await s.jobs.claim({ workerId: 'w', now: t, leaseMs: 60_000, maxAttempts: 3 });
      await s.jobs.markCompleted(j1.id, 'w', { ...completed(t.toISOString(), 0.8), cost_credits: 2 });
      await s.jobs.markCompleted(j2.id, 'w', {
        ...completed(t.toISOString(), 0.6),
        needs_review: true,
        processing_time_ms: 300,
      });
      await s.jobs.markFailed(
        j3.id,
        'w',
        {
          error_details: { code: 'document_unreadable', message: 'm', suggestion: 's' },
          processing_time_ms: 200,
          failed_at: t.toISOString(),
        },
        t.toISOString(),
      );
      const list = (f: object) =>
        s.jobs.list(orgId, 'test', f, { limit: 10, offset: 0 }).then((p) => p.items.map((j) => j.id));
      expect(await list({})).toEqual([j4.id, j3.id, j2.id, j1.id]);
      expect(await list({ status: 'completed' })).toEqual([j2.id, j1.id]);
      expect(await list({ extractor_id: other.id })).toEqual([j4.id, j3.id]);
      expect(
        await list({ created_after: '2026-02-01T00:00:00.000Z', created_before: '2026-02-04T00:00:00.000Z' }),
      ).toEqual([j3.id, j2.id]);
      expect(await list({ min_confidence: 0.7 })).toEqual([j1.id]);
      expect(await list({ metadata: { customer: 'x' } })).toEqual([j1.id]);
      expect(await list({ status: 'completed', needs_review: true })).toEqual([j2.id]);
      expect(await list({ needs_review: false })).toEqual([j4.id, j3.id, j1.id]);
      expect((await s.jobs.list(orgId, 'test', { needs_review: true }, { limit: 10, offset: 0 })).total).toBe(1);
      const stats = await s.jobs.stats(orgId, 'test', '2026-02-01T12:00:00.000Z');
      expect(stats).toMatchObject({
        total_jobs: 3,
        completed_jobs: 1,
        failed_jobs: 1,
        queued_jobs: 1,
        processing_jobs: 0,
        processing_time_sum: 500,
        processing_time_count: 2,
        confidence_count: 1,
        total_credits_used: 0,
      });
      expect(stats.confidence_sum).toBeCloseTo(0.6);
      expect(stats.by_extractor).toEqual([
        { extractor_id: other.id, extractor_name: 'Receipts', job_count: 2, completed: 0, failed: 1 },
        { extractor_id: extId, extractor_name: 'Invoices', job_count: 1, completed: 1, failed: 0 },
      ]);
      expect((await s.jobs.stats(orgId, 'test', '2026-01-01T00:00:00.000Z')).total_credits_used).toBe(2);
      // Per UTC day of creation, finished jobs only (j4 is queued), from a midnight on; none in the other mode.
      expect(await s.jobs.daily(orgId, 'test', '2026-01-01T00:00:00.000Z')).toEqual([
        { day: '2026-02-01', completed: 1, failed: 0 },
        { day: '2026-02-02', completed: 1, failed: 0 },
        { day: '2026-02-03', completed: 0, failed: 1 },
      ]);
      expect(await s.jobs.daily(orgId, 'test', '2026-02-02T00:00:00.000Z')).toEqual([
        { day: '2026-02-02', completed: 1, failed: 0 },
        { day: '2026-02-03', completed: 0, failed: 1 },
      ]);
      expect(await s.jobs.daily(orgId, 'live', '2026-01-01T00:00:00.000Z')).toEqual([]);
    });

    it('deletes old jobs and names the files no job uses any more', async () => {
      await freshOrg();
      await drain(new Date('2030-01-01T00:00:00.000Z'));
      const shared = 'b'.repeat(64);
      const lonely = 'c'.repeat(64);
      const oldA = makeJob(orgId, extId, {
        created_at: '2000-01-01T00:00:00.000Z',
        blob_key: shared,
        status: 'completed',
      });
      const oldB = makeJob(orgId, extId, {
        created_at: '2000-01-01T00:00:00.000Z',
        blob_key: lonely,
        status: 'failed',
      });
      const recent = makeJob(orgId, extId, {
        created_at: '2026-06-01T00:00:00.000Z',
        blob_key: shared,
        status: 'completed',
      });
      for (const j of [oldA, oldB, recent]) await s.jobs.insert(j);
      // The preview names what the deletion then removes (other tests' old jobs included), and deletes nothing.
      const preview = await s.jobs.findCreatedBefore('2001-01-01T00:00:00.000Z');
      expect(preview.ids).toEqual(expect.arrayContaining([oldA.id, oldB.id]));
      expect(preview.orphanBlobs).toContainEqual({ key: lonely, size_bytes: oldB.size_bytes });
      expect(preview.orphanBlobs.map((b) => b.key)).not.toContain(shared);
      expect(await s.jobs.get(orgId, 'test', oldA.id)).not.toBeNull();
      const result = await s.jobs.deleteCreatedBefore('2001-01-01T00:00:00.000Z', 100);
      expect(result.deleted).toBeGreaterThanOrEqual(2);
      expect([...result.ids].sort()).toEqual([...preview.ids].sort());
      expect([...result.orphanBlobKeys].sort()).toEqual(preview.orphanBlobs.map((b) => b.key).sort());
      expect(result.orphanBlobKeys).toContain(lonely);
      expect(result.orphanBlobKeys).not.toContain(shared);
      expect(await s.jobs.get(orgId, 'test', oldA.id)).toBeNull();
      expect(await s.jobs.get(orgId, 'test', recent.id)).not.toBeNull();
    });

    it('rolls a transaction back whole, and keeps the outbox and settings', async () => {
      await freshOrg();
      const job = makeJob(orgId, extId);
      await expect(
        s.transaction(async (tx) => {
          await tx.jobs.insert(job);
          await tx.outbox.add({
            id: id('evt'),
            org_id: orgId,
            environment: 'live',
            event: 'job.completed',
            data: { id: job.id },
            created_at: job.created_at,
          });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await s.jobs.get(orgId, 'test', job.id)).toBeNull();
      expect(await s.outbox.list(orgId)).toEqual([]);
      await s.transaction(async (tx) => {
        await tx.outbox.add({
          id: id('evt'),
          org_id: orgId,
          environment: 'live',
          event: 'a',
          data: { n: 1 },
          created_at: job.created_at,
        });
        await tx.outbox.add({
          id: id('evt'),
          org_id: orgId,
          environment: 'live',
          event: 'b',
          data: { n: 2 },
          created_at: job.created_at,
        });
      });
      expect((await s.outbox.list(orgId)).map((e) => e.event)).toEqual(['a', 'b']);
      expect((await s.outbox.list(orgId, { event: 'b' }))[0]?.data).toEqual({ n: 2 });
      const first = await s.settings.getOrCreate('contract-secret', () => 'one');
      expect(await s.settings.getOrCreate('contract-secret', () => 'two')).toBe(first);
    });
  });
}
