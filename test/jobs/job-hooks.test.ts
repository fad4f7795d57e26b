/**
 * The queue's hooks (jobs/job-hooks.ts), through the real pipeline and stores: what a hook writes
 * in onFinished commits with the job's end or not at all, a hook may fail a job before completion,
 * and the email contexts' hooks are the ones createIntake registers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobHooks } from '@intake/core/jobs';
import { createIntake, createJobPipeline, type AuthContext, type Intake } from '@intake/core';
import { FileBlobStore } from '@intake/storage-sql';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { sharedReader } from '../support/reader.js';

describe.each(DB_KINDS)('job hooks on %s', (kind) => {
  let db: TestDatabase;
  let intake: Intake;
  let blobs: FileBlobStore;
  let dir: string;
  let auth: AuthContext;
  let extractorId: string;
  const reader = sharedReader();

  const pipelineWith = (hooks: JobHooks[]) =>
    createJobPipeline(
      { ...intake, jobHooks: [...intake.jobHooks, ...hooks] },
      {
        blobs,
        inspector: reader,
        extractor: { extract: () => Promise.reject(new Error('test-mode jobs only')) },
        options: { maxDocumentBytes: 1_048_576, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 10_000 },
      },
    );
  const submit = async (salt: string, pipeline: ReturnType<typeof pipelineWith>) =>
    (
      await pipeline.submissions.submit(auth, {
        extractor_id: extractorId,
        bytes: await makeInvoicePdf({ salt }),
        declaredMimeType: 'application/pdf',
        metadata: {},
      })
    ).job;
  const eventsOf = async (jobId: string) =>
    (await intake.stores.outbox.list(auth.orgId))
      .filter((e) => JSON.stringify(e.data).includes(jobId))
      .map((e) => e.event)
      .sort();

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-hooks-'));
    blobs = new FileBlobStore(dir);
    intake = createIntake({ stores: db.storage });
    const { org_id } = await intake.organizations.create({ name: 'Hooks' });
    const fields = [{ name: 'a', type: 'text' as const, required: false, description: 'a' }];
    extractorId = (
      await intake.extractors.create(
        org_id,
        { name: 'E', document_type: 'invoice', field_definitions: fields },
        'admin',
      )
    ).id;
    auth = { orgId: org_id, keyId: 'key_x', environment: 'test', scopes: [], rateLimitPerMinute: 10 };
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('createIntake registers the email contexts: duplicates, routing, prefix events, ERP, payment details', () => {
    const kinds = intake.jobHooks.map((h) => Object.keys(h).sort().join('+'));
    expect(kinds).toEqual([
      'beforeComplete',
      'beforeComplete',
      'onFinished+timeLimit',
      'onFinished',
      'beforeComplete+onFinished',
    ]);
  });

  it("writes a hook's onFinished events in the transaction that completes the job", async () => {
    const seen: string[] = [];
    const pipeline = pipelineWith([
      {
        async onFinished(tx, job, at) {
          seen.push(`${job.id}:${job.status}`);
          await tx.outbox.add({
            id: `evt_hook_${job.id}`,
            org_id: job.org_id,
            environment: job.environment,
            event: 'hook.saw',
            data: { job: job.id },
            created_at: at,
          });
        },
      },
    ]);
    const job = await submit('hooks-commit', pipeline);
    expect(await pipeline.processor.runNext('w1')).toEqual({ kind: 'completed', jobId: job.id });
    expect(seen).toEqual([`${job.id}:completed`]);
    expect(await eventsOf(job.id)).toEqual(['hook.saw', 'job.completed']);
  });

  it('rolls the completion back when a hook fails inside the transaction, and the job is tried again', async () => {
    let failing = true;
    const pipeline = pipelineWith([
      {
        async onFinished(tx, job, at) {
          await tx.outbox.add({
            id: `evt_lost_${job.id}`,
            org_id: job.org_id,
            environment: job.environment,
            event: 'hook.lost',
            data: { job: job.id },
            created_at: at,
          });
          if (failing) throw new Error('hook broke');
        },
      },
    ]);
    const job = await submit('hooks-rollback', pipeline);
    expect(await pipeline.processor.runNext('w2')).toEqual({ kind: 'retry', jobId: job.id });
    const after = await intake.stores.jobs.get(auth.orgId, null, job.id);
    expect(after).toMatchObject({ status: 'queued', extracted_data: null, completed_at: null });
    expect(await eventsOf(job.id)).toEqual([]);
    failing = false;
    expect(await pipeline.processor.runNext('w2')).toEqual({ kind: 'completed', jobId: job.id });
    expect(await eventsOf(job.id)).toEqual(['hook.lost', 'job.completed']);
  });

  it('fails the job when a hook decides so before completion, and still runs onFinished for it', async () => {
    const finished: string[] = [];
    const pipeline = pipelineWith([
      {
        beforeComplete: () =>
          Promise.resolve({
            kind: 'fail',
            details: { code: 'duplicate_document', message: 'said the hook', suggestion: 'none' },
            fields: {},
          }),
        onFinished: (_tx, job) => Promise.resolve(void finished.push(job.status)),
      },
    ]);
    const job = await submit('hooks-fail', pipeline);
    expect(await pipeline.processor.runNext('w3')).toEqual({
      kind: 'failed',
      jobId: job.id,
      code: 'duplicate_document',
    });
    expect(await intake.stores.jobs.get(auth.orgId, null, job.id)).toMatchObject({
      status: 'failed',
      error_details: { code: 'duplicate_document', message: 'said the hook' },
    });
    expect(finished).toEqual(['failed']);
    expect(await eventsOf(job.id)).toEqual(['job.failed']);
  });
});
