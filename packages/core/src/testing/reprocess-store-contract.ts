import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '../jobs/job.js';
import type { CompletedResult, IdempotencyClaim } from '../ports/job-store.port.js';
import { makeJob } from './job-store-contract.js';
import { makeExtractor, makeOrg, type ContractStores, type StoreHarness } from './store-contract.js';

const AT = '2026-05-01T10:00:00.000Z';
const LATER = '2026-05-01T11:00:00.000Z';

const result = (overrides: Partial<CompletedResult> = {}): CompletedResult => ({
  extracted_data: { vendor_name: 'Quokka Supplies', total_amount: 42 },
  confidence: { vendor_name: 0.9, total_amount: 0.8 },
  overall_confidence: 0.85,
  validation_errors: [],
  needs_review: false,
  page_count: 1,
  processing_time_ms: 5,
  cost_credits: 3,
  completed_at: AT,
  ...overrides,
});

const key = (k: string, hash: string): IdempotencyClaim => ({ key: k, requestHash: hash, notBefore: AT });

/**
 * Reprocessing (result versions, free claims, idempotency), the document's words in `q`, and the
 * extractors' per-mode counts: what POST /v1/documents/{id}/reprocess and the register rely on.
 */
export function describeReprocessStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`reprocess store contract: ${name}`, () => {
    let harness: StoreHarness;
    let s: ContractStores;
    let orgId: string;
    let extId: string;
    beforeAll(async () => {
      harness = await open();
      s = harness.stores;
      const org = makeOrg();
      await s.organizations.insert(org);
      orgId = org.id;
      const ext = makeExtractor(orgId);
      await s.extractors.insert(ext);
      extId = ext.id;
    });
    afterAll(async () => harness?.close());

    /** A live job run to completion through claim (at top priority, so the claim takes it). */
    async function completedLiveJob(overrides: Partial<JobRecord> = {}, done: Partial<CompletedResult> = {}) {
      const job = makeJob(orgId, extId, { environment: 'live', priority: 100, ...overrides });
      await s.jobs.insert(job);
      const claimed = await s.jobs.claim({ workerId: 'w1', now: new Date(AT), leaseMs: 60_000, maxAttempts: 3 });
      expect(claimed?.id).toBe(job.id);
      const finished = await s.jobs.markCompleted(job.id, 'w1', result(done));
      expect(finished?.status).toBe('completed');
      return finished!;
    }

    it('keeps the result as a version and queues the job again, free and unreviewed', async () => {
      const job = await completedLiveJob({ review_flags: [{ code: 'classification_threshold', message: 'low' }] });
      expect(job.result_version).toBe(1);
      const asked = await s.jobs.requestReprocess(orgId, 'live', job.id, { at: LATER, maxVersions: 10 });
      expect(asked.outcome).toBe('queued');
      const queued = (asked as { job: JobRecord }).job;
      expect(queued).toMatchObject({
        status: 'queued',
        result_version: 2,
        reprocess_requested_at: LATER,
        attempts: 0,
        completed_at: null,
        review_outcome: null,
        // Its arrival flag stays: the new result is flagged for it again.
        needs_review: true,
        // The values stay until the new result replaces them; so does what the first result cost.
        extracted_data: { vendor_name: 'Quokka Supplies', total_amount: 42 },
        cost_credits: 3,
      });
      const versions = await s.jobs.resultVersions(orgId, 'live', job.id);
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({
        version: 1,
        replaced_at: LATER,
        status: 'completed',
        extracted_data: { vendor_name: 'Quokka Supplies', total_amount: 42 },
        completed_at: AT,
        cost_credits: 3,
      });
      expect(await s.jobs.resultVersions(orgId, 'test', job.id)).toEqual([]);
      // The organization has no credits at all: a reprocessing reserves none, so it is claimed.
      const claimed = await s.jobs.claim({ workerId: 'w2', now: new Date(LATER), leaseMs: 60_000, maxAttempts: 3 });
      expect(claimed).toMatchObject({ id: job.id, reserved_credits: 0, blocked_on_credits: false });
      const again = await s.jobs.markCompleted(job.id, 'w2', result({ extracted_data: { vendor_name: 'Q2' } }));
      expect(again).toMatchObject({
        result_version: 2,
        reprocess_requested_at: null,
        extracted_data: { vendor_name: 'Q2' },
      });
    });

    it('keeps what the first result cost when a reprocessing fails', async () => {
      const job = await completedLiveJob();
      await s.jobs.requestReprocess(orgId, 'live', job.id, { at: LATER, maxVersions: 10 });
      await s.jobs.claim({ workerId: 'w3', now: new Date(LATER), leaseMs: 60_000, maxAttempts: 3 });
      const failed = await s.jobs.markFailed(
        job.id,
        'w3',
        {
          error_details: { code: 'document_unreadable', message: 'x', suggestion: 'y' },
          processing_time_ms: 1,
          failed_at: LATER,
        },
        LATER,
      );
      expect(failed).toMatchObject({ status: 'failed', cost_credits: 3, reprocess_requested_at: null });
    });

    it('refuses a running job, another organization or mode, and a job at its last version', async () => {
      const running = makeJob(orgId, extId, { status: 'processing', lease_owner: 'x' });
      await s.jobs.insert(running);
      expect((await s.jobs.requestReprocess(orgId, 'test', running.id, { at: LATER, maxVersions: 10 })).outcome).toBe(
        'running',
      );
      const finished = makeJob(orgId, extId, { status: 'completed', completed_at: AT, result_version: 3 });
      await s.jobs.insert(finished);
      expect((await s.jobs.requestReprocess(orgId, 'live', finished.id, { at: LATER, maxVersions: 10 })).outcome).toBe(
        'not_found',
      );
      expect(
        (await s.jobs.requestReprocess('org_other', 'test', finished.id, { at: LATER, maxVersions: 10 })).outcome,
      ).toBe('not_found');
      expect((await s.jobs.requestReprocess(orgId, 'test', finished.id, { at: LATER, maxVersions: 3 })).outcome).toBe(
        'limit',
      );
      expect((await s.jobs.get(orgId, 'test', finished.id))?.status).toBe('completed');
    });

    it('replays a request with the same Idempotency-Key and refuses the key for another request', async () => {
      const a = makeJob(orgId, extId, { status: 'completed', completed_at: AT, extracted_data: {} });
      const b = makeJob(orgId, extId, { status: 'failed', failed_at: AT });
      await s.jobs.insert(a);
      await s.jobs.insert(b);
      const first = await s.jobs.requestReprocess(orgId, 'test', a.id, {
        at: LATER,
        maxVersions: 10,
        idempotency: key('k-rep', 'hash-a'),
      });
      expect(first.outcome).toBe('queued');
      // Replayed even though the job is queued now: the answer of the first request, nothing new.
      const again = await s.jobs.requestReprocess(orgId, 'test', a.id, {
        at: LATER,
        maxVersions: 10,
        idempotency: key('k-rep', 'hash-a'),
      });
      expect(again).toMatchObject({ outcome: 'replayed', job: { id: a.id, result_version: 2 } });
      expect(await s.jobs.resultVersions(orgId, 'test', a.id)).toHaveLength(1);
      const other = await s.jobs.requestReprocess(orgId, 'test', b.id, {
        at: LATER,
        maxVersions: 10,
        idempotency: key('k-rep', 'hash-b'),
      });
      expect(other.outcome).toBe('idempotency_conflict');
      expect((await s.jobs.get(orgId, 'test', b.id))?.status).toBe('failed');
    });

    it("searches the document's words with the extracted values, every word anywhere", async () => {
      const job = await completedLiveJob(
        {},
        {
          extracted_data: { vendor_name: 'Wombat Works' },
          document_text: 'Delivery note\nPallet of marzipan, 40 kg; reference XQ-7731',
        },
      );
      const ids = async (q: string) => (await s.jobs.list(orgId, 'live', { q }, { limit: 10, offset: 0 })).items;
      expect((await ids('marzip')).map((j) => j.id)).toEqual([job.id]);
      expect((await ids('wombat xq 7731')).map((j) => j.id)).toEqual([job.id]);
      expect(await ids('wombat nougat')).toEqual([]);
      // The words are not part of the job as stored stores hand it back.
      expect(JSON.stringify((await ids('pallet'))[0])).not.toContain('marzipan');
    });

    it('deletes the versions and words with their job', async () => {
      const job = await completedLiveJob({}, { document_text: 'Platypus' });
      await s.jobs.requestReprocess(orgId, 'live', job.id, { at: LATER, maxVersions: 10 });
      await s.jobs.deleteOne(orgId, 'live', job.id, { deletedAt: LATER, keyId: null });
      expect(await s.jobs.resultVersions(orgId, 'live', job.id)).toEqual([]);
      expect((await s.jobs.list(orgId, 'live', { q: 'platypus' }, { limit: 10, offset: 0 })).total).toBe(0);
    });

    it("counts an extractor's documents per mode", async () => {
      const ext = makeExtractor(orgId);
      await s.extractors.insert(ext);
      await s.extractors.incrementUsage(orgId, ext.id, 'test');
      await s.extractors.incrementUsage(orgId, ext.id, 'test');
      await s.extractors.incrementUsage(orgId, ext.id, 'live');
      await s.extractors.incrementUsage(orgId, ext.id);
      expect(await s.extractors.get(orgId, ext.id)).toMatchObject({ usage_count: 2, test_usage_count: 2 });
    });
  });
}
