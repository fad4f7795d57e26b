/**
 * A submission is answered only once the job is durable on disk: its file synced and its row's
 * commit synced (PGlite's commits reach the operating system only; the daemon passes its log sync
 * as `syncCommitted`). The two syncs overlap, the row never names a file that cannot be read, and a
 * failed sync fails the submission, whose retry (same Idempotency-Key) finds the job already there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createIntake,
  createJobPipeline,
  type AuthContext,
  type BlobStore,
  type Intake,
  type JobPipeline,
} from '@intake/core';
import { FileBlobStore } from '@intake/storage-sql';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { sharedReader } from '../support/reader.js';
import { deferred, heldSyncBlobs } from '../support/held-sync.js';
import { eventually } from '../support/wait.js';
import { loadConfig, startDaemon } from '@intake/daemon';

describe('job submission: durable before it is answered', () => {
  let db: TestDatabase;
  let intake: Intake;
  let dir: string;
  let files: FileBlobStore;
  let auth: AuthContext;
  let extractorId: string;
  const reader = sharedReader();
  const pipelineWith = (blobs: BlobStore, syncCommitted: () => Promise<void>): JobPipeline =>
    createJobPipeline(intake, {
      blobs,
      inspector: reader,
      extractor: {
        extract: async () => {
          throw new Error('test-mode jobs only');
        },
      },
      options: { maxDocumentBytes: 1_048_576, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 10_000 },
      syncCommitted,
    });

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-durable-submit-'));
    files = new FileBlobStore(dir);
    intake = createIntake({ stores: db.storage });
    const { org_id, organization } = await intake.organizations.create({ name: 'Durable' });
    extractorId = (
      await intake.extractors.create(
        org_id,
        {
          name: 'E',
          document_type: 'invoice',
          field_definitions: [{ name: 'a', type: 'text', required: false, description: 'a' }],
        },
        'admin',
      )
    ).id;
    auth = { orgId: organization.id, keyId: 'key_x', environment: 'test', scopes: [], rateLimitPerMinute: 10 };
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the file sync and the commit sync, which overlap; the row is committed (and its file readable) when the log sync starts', async () => {
    const events: string[] = [];
    const fileSync = deferred();
    const logSync = deferred();
    const blobs = heldSyncBlobs(files, events, fileSync.promise);
    let jobSeen: string | null = null;
    const pipeline = pipelineWith(blobs, async () => {
      const { items } = await intake.stores.jobs.list(auth.orgId, auth.environment, {}, { limit: 10, offset: 0 });
      jobSeen = items[0]?.id ?? null;
      expect(await files.get(items[0]!.blob_key)).not.toBeNull();
      events.push('log sync started');
      await logSync.promise;
      events.push('log synced');
    });
    let answered = false;
    const submitted = pipeline.submissions
      .submit(auth, {
        extractor_id: extractorId,
        bytes: await makeInvoicePdf({ salt: 'durable-1' }),
        declaredMimeType: 'application/pdf',
        metadata: {},
      })
      .then((r) => {
        answered = true;
        return r;
      });
    await eventually('both syncs started', () => events.length >= 3);
    expect(events.slice(0, 1)).toEqual(['staged']);
    expect(events.slice(1, 3).sort()).toEqual(['file sync started', 'log sync started']);
    logSync.resolve();
    await eventually('the log sync finished', () => events.includes('log synced'));
    // What is under test is an answer that does not come: a bounded window in which it would have.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    fileSync.resolve();
    const { job } = await submitted;
    expect(job.id).toBe(jobSeen);
  });

  it('a failed log sync fails the submission; the retry with the same Idempotency-Key finds the job, not a second one', async () => {
    let failNext = true;
    const pipeline = pipelineWith(files, async () => {
      if (failNext) {
        failNext = false;
        throw new Error('EIO: fsync failed');
      }
    });
    const input = {
      extractor_id: extractorId,
      bytes: await makeInvoicePdf({ salt: 'durable-2' }),
      declaredMimeType: 'application/pdf',
      metadata: {},
      idempotencyKey: 'durable-2',
    };
    await expect(pipeline.submissions.submit(auth, input)).rejects.toThrow(/EIO/);
    const retried = await pipeline.submissions.submit(auth, input);
    expect(retried.replayed).toBe(true);
    expect(await files.get(retried.job.blob_key)).not.toBeNull();
  });
});

describe('the daemon on PGlite syncs the log before answering a submission', () => {
  it(
    'POST /v1/documents returns only after a log sync that started after the job was committed',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-durable-daemon-'));
      // The run's migrated, empty DATA_DIR: a new one costs initdb and every migration with fsync on
      // (test/README.md, "PGlite on disk"), and the start on an empty database is the same first start.
      fs.cpSync(inject('dataDirTemplate'), dataDir, { recursive: true });
      const announced: string[] = [];
      const daemon = await startDaemon(
        loadConfig(
          { DATA_DIR: dataDir, HTTP_PORT: '0', HTTP_HOST: '127.0.0.1', SMTP_PORT: '0', LOG_LEVEL: 'silent' },
          dataDir,
        ),
        { announce: (text) => announced.push(text) },
      );
      try {
        const key = /sk_test_[A-Za-z0-9_-]+/.exec(announced.join('\n'))?.[0];
        expect(key).toBeDefined();
        // Extractors are shared configuration: the live key makes one, the test key submits.
        const liveKey = /sk_live_[A-Za-z0-9_-]+/.exec(announced.join('\n'))?.[0];
        expect(liveKey).toBeDefined();
        const syncs: string[][] = [];
        const original = daemon.storage.syncToDisk.bind(daemon.storage);
        daemon.storage.syncToDisk = async () => {
          // What is committed when the sync starts.
          syncs.push((await daemon.storage.knex('jobs').select('id')).map((r: { id: string }) => r.id));
          return original();
        };
        const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
        const created = await fetch(`${daemon.httpUrl}/v1/extractors`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${liveKey}` },
          body: JSON.stringify({
            name: 'Invoices',
            document_type: 'invoice',
            field_definitions: [
              { name: 'invoice_number', type: 'text', required: false, description: 'Invoice number' },
            ],
          }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const extractor = (await created.json()) as { id: string };
        const pdf = Buffer.from(await makeInvoicePdf({ salt: 'daemon-durable' })).toString('base64');
        const res = await fetch(`${daemon.httpUrl}/v1/documents`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ extractor_id: extractor.id, document: pdf, mime_type: 'application/pdf' }),
        });
        const body = (await res.json()) as { id: string };
        expect(res.status, JSON.stringify(body)).toBe(202);
        expect(syncs.some((committed) => committed.includes(body.id))).toBe(true);
      } finally {
        await daemon.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
