import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntake, createJobPipeline, type AuthContext, type Intake, type JobPipeline } from '@intake/core';
import { previewExpiredJobs, purgeExpiredJobs } from '@intake/core/jobs';
import { ManualClock } from '@intake/core/ports';
import { FileBlobStore } from '@intake/storage-sql';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { sharedReader } from '../support/reader.js';

describe.each(DB_KINDS)('retention on %s', (kind) => {
  let db: TestDatabase;
  let intake: Intake;
  let pipeline: JobPipeline;
  let blobs: FileBlobStore;
  let dir: string;
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const reader = sharedReader();
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-retention-'));
    blobs = new FileBlobStore(dir);
    intake = createIntake({ stores: db.storage, clock });
    pipeline = createJobPipeline(intake, {
      blobs,
      inspector: reader,
      extractor: {
        extract: async () => {
          throw new Error('test-mode jobs only');
        },
      },
      options: { maxDocumentBytes: 1_048_576, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 10_000 },
    });
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('removes jobs older than the retention period and the files no remaining job uses', async () => {
    const { org_id, organization } = await intake.organizations.create({ name: 'Old' });
    const ext = await intake.extractors.create(
      org_id,
      {
        name: 'E',
        document_type: 'invoice',
        field_definitions: [{ name: 'a', type: 'text', required: false, description: 'a' }],
      },
      'admin',
    );
    const auth: AuthContext = {
      orgId: organization.id,
      keyId: 'key_x',
      environment: 'test',
      scopes: [],
      rateLimitPerMinute: 10,
    };
    const onlyOld = await makeInvoicePdf({ salt: 'old' });
    const shared = await makeInvoicePdf({ salt: 'shared' });
    const old1 = await pipeline.submissions.submit(auth, {
      extractor_id: ext.id,
      bytes: onlyOld,
      declaredMimeType: 'application/pdf',
      metadata: {},
    });
    const old2 = await pipeline.submissions.submit(auth, {
      extractor_id: ext.id,
      bytes: shared,
      declaredMimeType: 'application/pdf',
      metadata: {},
    });
    await pipeline.processor.runNext('w');
    await pipeline.processor.runNext('w');
    clock.advance(80 * 86_400_000);
    const recent = await pipeline.submissions.submit(auth, {
      extractor_id: ext.id,
      bytes: shared,
      declaredMimeType: 'application/pdf',
      metadata: {},
    });
    clock.advance(11 * 86_400_000);
    // The dry run lists what the run will remove, and removes nothing.
    const preview = await previewExpiredJobs({ stores: intake.stores, clock }, 90);
    expect(preview.job_ids.sort()).toEqual([old1.job.id, old2.job.id].sort());
    expect(preview.files).toEqual([{ key: old1.job.blob_key, size_bytes: onlyOld.length }]);
    expect(preview.bytes).toBe(onlyOld.length);
    expect(await intake.stores.jobs.get(org_id, null, old1.job.id)).not.toBeNull();
    expect(await blobs.get(old1.job.blob_key)).not.toBeNull();
    const removed = await purgeExpiredJobs({ stores: intake.stores, blobs, clock }, 90);
    expect(removed.job_ids.sort()).toEqual(preview.job_ids.sort());
    expect(removed.file_keys).toEqual(preview.files.map((f) => f.key));
    expect(removed).toMatchObject({ jobs: 2, files: 1 });
    expect(removed.job_ids.sort()).toEqual([old1.job.id, old2.job.id].sort());
    expect(removed.file_keys).toEqual([old1.job.blob_key]);
    expect(await intake.stores.jobs.get(org_id, null, old1.job.id)).toBeNull();
    expect(await intake.stores.jobs.get(org_id, null, old2.job.id)).toBeNull();
    expect(await intake.stores.jobs.get(org_id, null, recent.job.id)).not.toBeNull();
    expect(await blobs.get(old1.job.blob_key)).toBeNull();
    expect(await blobs.get(recent.job.blob_key)).not.toBeNull();
    expect(await purgeExpiredJobs({ stores: intake.stores, blobs, clock }, 90)).toMatchObject({ jobs: 0, files: 0 });
    expect((await previewExpiredJobs({ stores: intake.stores, clock }, 90)).job_ids).toEqual([]);
  });
});
