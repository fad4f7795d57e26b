import { describe, expect, it } from 'vitest';
import type { CorrectionRecord } from '../corrections/correction.js';
import type { CorrectedJobFields } from '../ports/correction-store.port.js';
import { makeJob } from './job-store-contract.js';
import { makeExtractor, useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const unique = (prefix: string) => `${prefix}_cc${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

const record = (
  job: { id: string; org_id: string; environment: 'test' | 'live' },
  overrides: Partial<CorrectionRecord> = {},
): CorrectionRecord => ({
  id: unique('cor'),
  org_id: job.org_id,
  job_id: job.id,
  environment: job.environment,
  field: 'total',
  kind: 'corrected',
  old_value: 10,
  new_value: 12.5,
  corrected_by: 'user_key_1',
  created_at: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

const corrected: CorrectedJobFields = {
  extracted_data: { total: 12.5, note: 'x' },
  confidence: { total: 1, note: 0.4 },
  field_locations: {
    total: { source: 'correction', corrected: true },
    note: { source: 'label', page: 1, box: { x0: 1, y0: 2, x1: 3, y1: 4 }, page_width: 595, page_height: 842 },
  },
  overall_confidence: 0.7,
  validation_errors: [{ field: 'note', rule: 'pattern', message: 'no' }],
  needs_review: true,
};

/** The contract every CorrectionStore passes (memory and SQL). */
export function describeCorrectionStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`CorrectionStore contract: ${name}`, () => {
    let stores!: ContractStores;
    const harness = useStoreHarness(open, (s) => (stores = s));

    async function completedJob(environment: 'test' | 'live' = 'test') {
      const orgId = await harness.freshOrg();
      const extractor = makeExtractor(orgId);
      await stores.extractors.insert(extractor);
      const job = makeJob(orgId, extractor.id, {
        environment,
        status: 'completed',
        extracted_data: { total: 10 },
        confidence: { total: 0.3 },
        completed_at: '2026-05-01T09:00:00.000Z',
      });
      await stores.jobs.insert(job);
      return job;
    }

    it('locks a job of the organization and mode only', async () => {
      const job = await completedJob('live');
      const other = await harness.freshOrg();
      const locked = await stores.transaction((tx) => tx.corrections.lockJob(job.org_id, 'live', job.id));
      expect(locked).toMatchObject({ id: job.id, extracted_data: { total: 10 }, status: 'completed' });
      expect(await stores.transaction((tx) => tx.corrections.lockJob(job.org_id, 'test', job.id))).toBeNull();
      expect(await stores.transaction((tx) => tx.corrections.lockJob(other, 'live', job.id))).toBeNull();
    });

    it('writes the corrected members onto the job and keeps every record, values of any JSON type', async () => {
      const job = await completedJob();
      const records = [
        record(job, { field: 'total', old_value: 10, new_value: 12.5 }),
        record(job, { field: 'note', kind: 'confirmed', old_value: 'x', new_value: 'x' }),
        record(job, { field: 'items', old_value: null, new_value: [{ amount: 1 }] }),
        record(job, { field: 'flag', old_value: true, new_value: null }),
      ];
      await stores.transaction((tx) => tx.corrections.apply(job.id, corrected, records));
      const after = await stores.jobs.get(job.org_id, 'test', job.id);
      expect(after).toMatchObject(corrected);
      expect(await stores.corrections.list(job.org_id, 'test', job.id)).toEqual(records);
    });

    it('lists oldest first (time, then id), for the job, organization and mode asked', async () => {
      const job = await completedJob();
      const second = await completedJob();
      const late = record(job, { id: 'cor_b', created_at: '2026-05-01T11:00:00.000Z' });
      const early = record(job, { id: 'cor_z', created_at: '2026-05-01T10:00:00.000Z' });
      const tie = record(job, { id: 'cor_a', created_at: '2026-05-01T11:00:00.000Z' });
      await stores.corrections.apply(
        job.id,
        corrected,
        [late, early, tie].map((r) => ({ ...r, id: unique(r.id) })),
      );
      const listed = await stores.corrections.list(job.org_id, 'test', job.id);
      expect(listed.map((r) => r.created_at)).toEqual([
        '2026-05-01T10:00:00.000Z',
        '2026-05-01T11:00:00.000Z',
        '2026-05-01T11:00:00.000Z',
      ]);
      expect(listed[1]!.id < listed[2]!.id).toBe(true);
      expect(await stores.corrections.list(job.org_id, 'live', job.id)).toEqual([]);
      expect(await stores.corrections.list(second.org_id, 'test', job.id)).toEqual([]);
      expect(await stores.corrections.list(job.org_id, 'test', second.id)).toEqual([]);
    });

    it('rolls back with its transaction', async () => {
      const job = await completedJob();
      await expect(
        stores.transaction(async (tx) => {
          await tx.corrections.apply(job.id, corrected, [record(job)]);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await stores.corrections.list(job.org_id, 'test', job.id)).toEqual([]);
      expect((await stores.jobs.get(job.org_id, 'test', job.id))?.extracted_data).toEqual({ total: 10 });
    });

    it('forgets the history of a job that retention deletes', async () => {
      const job = await completedJob();
      await stores.corrections.apply(job.id, corrected, [record(job)]);
      await stores.jobs.deleteCreatedBefore('2026-01-01T00:00:00.001Z', 1000);
      expect(await stores.jobs.get(job.org_id, 'test', job.id)).toBeNull();
      expect(await stores.corrections.list(job.org_id, 'test', job.id)).toEqual([]);
    });
  });
}
