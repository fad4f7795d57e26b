/**
 * PROCESSING_TIMEOUT_MS when the time runs out before the extractor starts: the stored document
 * still loading from a slow blob store. The job fails with processing_timeout, and the timer's
 * rejection never escapes to the process (in the daemon an unhandled rejection ends it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntake, createJobPipeline, type AuthContext, type Intake } from '@intake/core';
import { FileBlobStore } from '@intake/storage-sql';
import { failOnEscapedErrors } from '../api/escaped-errors.js';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { sharedReader } from '../support/reader.js';

const LIMIT_MS = 50;

/** A blob store whose reads finish well after the processing limit has passed. */
class SlowBlobStore extends FileBlobStore {
  override async get(key: string): Promise<Uint8Array | null> {
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 4));
    return super.get(key);
  }
}

describe.each(DB_KINDS)('a processing limit passed while the document loads, on %s', (kind) => {
  failOnEscapedErrors();
  let db: TestDatabase;
  let intake: Intake;
  let dir: string;
  let auth: AuthContext;
  let extractorId: string;
  const extracted: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-timeout-'));
    intake = createIntake({ stores: db.storage });
    const { org_id } = await intake.organizations.create({ name: 'Timeout', credits: 100 });
    const fields = [{ name: 'a', type: 'text' as const, required: false, description: 'a' }];
    extractorId = (
      await intake.extractors.create(
        org_id,
        { name: 'E', document_type: 'invoice', field_definitions: fields },
        'admin',
      )
    ).id;
    auth = { orgId: org_id, keyId: 'key_x', environment: 'live', scopes: [], rateLimitPerMinute: 10 };
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails the job with processing_timeout and lets no rejection escape', async () => {
    const pipeline = createJobPipeline(intake, {
      blobs: new SlowBlobStore(dir),
      inspector: sharedReader(),
      extractor: {
        extract: (request) => {
          extracted.push(request.mimeType);
          return new Promise(() => {});
        },
      },
      options: { maxDocumentBytes: 1_048_576, leaseMs: 30_000, maxAttempts: 1, timeoutMs: LIMIT_MS },
    });
    const { job } = await pipeline.submissions.submit(auth, {
      extractor_id: extractorId,
      bytes: await makeInvoicePdf({ salt: `slow-blobs-${kind}` }),
      declaredMimeType: 'application/pdf',
      metadata: {},
    });
    const outcome = await pipeline.processor.runNext('worker-1');
    expect(outcome).toEqual({ kind: 'failed', jobId: job.id, code: 'processing_timeout' });
    const stored = await intake.stores.jobs.get(auth.orgId, 'live', job.id);
    expect(stored?.status).toBe('failed');
    // The extractor was called after the store's read, and the race ended it at once.
    expect(extracted).toEqual(['application/pdf']);
  });
});
