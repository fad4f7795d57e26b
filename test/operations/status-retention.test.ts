/**
 * `intake status` and `intake retention [--dry-run]` against a running daemon (through its admin
 * socket) on a data directory with some state: queued live jobs an organization cannot pay for, a
 * document flagged for review, an email attachment waiting for classification, an endpoint whose
 * deliveries are failing, credits, and two jobs past JOB_RETENTION_DAYS with their files. The dry
 * run lists those two jobs and the one file only they use, and removes nothing; the run then removes
 * exactly what it listed. With an unreachable database, status says so and exits 1. One `status`
 * and one `retention` are the spawned bin; the other commands run in the test's process
 * (test/support/cli.ts), through the same admin socket.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIntake } from '@intake/core';
import { makeJob, makeTriageItem } from '@intake/core/testing';
import { createSqlStorage, FileBlobStore } from '@intake/storage-sql';
import { runInProcess, runInProcessOk } from '../support/cli.js';
import {
  makeMigratedDataDir,
  PROCESS_TEST_TIMEOUT_MS,
  runCliOk,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
} from '../support/processes.js';

useProcessCleanup();

const DAY_MS = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

interface Retention {
  dry_run: boolean;
  jobs: number;
  job_ids: string[];
  files: number;
  file_keys: string[];
  bytes?: number;
}

/** The state, written straight into the (migrated, not yet running) PGlite database and blob folder. */
async function seed(dataDir: string) {
  const storage = await createSqlStorage({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const intake = createIntake({ stores: storage });
    const acme = await intake.organizations.create({ name: 'Acme Ltd', plan: 'business' });
    await intake.credits.add(acme.org_id, 40, { type: 'top_up' });
    const broke = await intake.organizations.create({ name: 'Broke Inc', plan: 'business' });
    const ext = await intake.extractors.create(
      broke.org_id,
      {
        name: 'Invoices',
        document_type: 'invoice',
        field_definitions: [{ name: 'total', type: 'currency', required: true, description: 'Total' }],
      },
      'admin',
    );
    const live = { environment: 'live' as const, estimated_cost: 5 };
    // Queued live jobs Broke cannot pay for: they stay queued (blocked on credits).
    await intake.stores.jobs.insert(makeJob(broke.org_id, ext.id, { ...live, created_at: ago(600_000) }));
    await intake.stores.jobs.insert(makeJob(broke.org_id, ext.id, { ...live, created_at: ago(60_000) }));
    await intake.stores.jobs.insert(
      makeJob(broke.org_id, ext.id, {
        ...live,
        status: 'completed',
        needs_review: true,
        created_at: ago(2000),
        completed_at: ago(1000),
      }),
    );
    await intake.stores.triageItems.insert(makeTriageItem(broke.org_id, { created_at: ago(1000) }));
    // Two jobs past retention: one file only they use, one shared with a recent job.
    const blobs = new FileBlobStore(path.join(dataDir, 'blobs'));
    const lonely = Buffer.from('%PDF-1.4 old and alone');
    const shared = Buffer.from('%PDF-1.4 shared with a recent job');
    const lonelyKey = await blobs.put(lonely);
    const sharedKey = await blobs.put(shared);
    const old = { status: 'completed' as const, created_at: ago(200 * DAY_MS), completed_at: ago(200 * DAY_MS) };
    const oldA = makeJob(broke.org_id, ext.id, { ...old, blob_key: lonelyKey, size_bytes: lonely.length });
    const oldB = makeJob(broke.org_id, ext.id, { ...old, blob_key: sharedKey, size_bytes: shared.length });
    const recent = makeJob(broke.org_id, ext.id, {
      status: 'completed',
      created_at: ago(DAY_MS),
      completed_at: ago(DAY_MS),
      blob_key: sharedKey,
      size_bytes: shared.length,
    });
    for (const job of [oldA, oldB, recent]) await intake.stores.jobs.insert(job);
    // An endpoint with a delivery waiting for its third attempt (not due for an hour).
    const now = new Date().toISOString();
    await storage.knex('webhook_endpoints').insert({
      id: 'whe_failing0001',
      org_id: broke.org_id,
      url: 'https://hooks.example.com/intake',
      events: JSON.stringify(['job.completed']),
      is_active: true,
      secret: 'whsec_test',
      created_at: now,
      updated_at: now,
    });
    await storage.knex('webhook_deliveries').insert({
      id: 'whd_failing0001',
      org_id: broke.org_id,
      endpoint_id: 'whe_failing0001',
      event_id: 'evt_failing0001',
      event: 'job.completed',
      status: 'pending',
      payload: '{}',
      attempt_count: 2,
      next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
      last_attempt_at: ago(60_000),
      created_at: now,
    });
    return {
      acme: acme.org_id,
      broke: broke.org_id,
      old: [oldA.id, oldB.id].sort(),
      recent: recent.id,
      lonely: { key: lonelyKey, bytes: lonely.length },
      sharedKey,
    };
  } finally {
    await storage.close();
  }
}

describe('intake status and intake retention', { timeout: PROCESS_TEST_TIMEOUT_MS * 2 }, () => {
  it('reports queues, reviews, failing endpoints and credits; the dry run lists exactly what the run removes', async () => {
    const dataDir = makeMigratedDataDir('intake-status-');
    const state = await seed(dataDir);
    const env = { DATA_DIR: dataDir, WORKER_POLL_MS: '200' };
    const daemon = await startDaemon(env);

    const status = singleJsonLine<Record<string, any>>((await runCliOk(['status', '--json'], env)).stdout);
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.database).toEqual({ kind: 'pglite', reachable: true });
    // The running daemon, from its heartbeat: its pid and WORKER_CONCURRENCY (2 by default).
    expect(status.daemons).toEqual([
      expect.objectContaining({ pid: daemon.pid, job_workers: 2, version: status.version }),
    ]);
    expect(status.job_workers).toBe(2);
    expect(status.queue.live).toMatchObject({ queued: 2, processing: 0 });
    expect(status.queue.test).toMatchObject({ queued: 0, processing: 0, oldest_queued_at: null });
    expect(status.oldest_queued_age_seconds.live).toBeGreaterThanOrEqual(600);
    expect(status.oldest_queued_age_seconds.test).toBeNull();
    expect(status.pending_reviews).toEqual({
      live: { classification: 1, documents: 1 },
      test: { classification: 0, documents: 0 },
    });
    expect(status.failing_webhook_endpoints).toEqual([
      expect.objectContaining({ id: 'whe_failing0001', org_id: state.broke, retrying: 1, failed_24h: 0 }),
    ]);
    expect(status.credits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ org_id: state.acme, name: 'Acme Ltd', balance: 40 }),
        expect.objectContaining({ org_id: state.broke, name: 'Broke Inc', balance: 0 }),
      ]),
    );
    const text = (await runInProcessOk(['status'], env)).stdout;
    expect(text).toMatch(/^Intake \d+\.\d+\.\d+\nDatabase: pglite, reachable\n\nDaemons: 1 running, 2 job workers\n/);
    expect(text).toMatch(new RegExp(`dmn_\\S+ +\\S+ +${daemon.pid} +\\d+\\.\\d+\\.\\d+\\S* +2 `));
    expect(text).toMatch(/live: 2 queued \(oldest waiting \d+ s\), 0 processing/);
    expect(text).toContain('live: 1 email classification, 1 documents');
    expect(text).toMatch(/whe_failing0001 +org_\w+ +https:\/\/hooks\.example\.com\/intake +1 +0/);
    expect(text).toMatch(new RegExp(`${state.acme} +Acme Ltd +40 +0`));

    // The dry run: the two old jobs and the file only they use; nothing removed.
    const dry = singleJsonLine<Retention>((await runInProcessOk(['retention', '--dry-run', '--json'], env)).stdout);
    expect(dry).toMatchObject({ dry_run: true, jobs: 2, files: 1, file_keys: [state.lonely.key] });
    expect([...dry.job_ids].sort()).toEqual(state.old);
    expect(dry.bytes).toBe(state.lonely.bytes);
    const blobFile = (key: string) => path.join(dataDir, 'blobs', key.slice(0, 2), key.slice(2));
    expect(fs.existsSync(blobFile(state.lonely.key))).toBe(true);
    const human = (await runInProcessOk(['retention', '--dry-run'], env)).stdout;
    expect(human).toMatch(
      /^Dry run: a retention run now would remove 2 jobs and 1 file \(\d+ bytes\); nothing was removed\./,
    );
    for (const id of state.old) expect(human).toContain(`  ${id}`);
    // Listing again gives the same: the first dry run removed nothing.
    const again = singleJsonLine<Retention>((await runInProcessOk(['retention', '--dry-run', '--json'], env)).stdout);
    expect([...again.job_ids].sort()).toEqual(state.old);

    // The run removes exactly what was listed.
    const run = singleJsonLine<Retention>((await runCliOk(['retention', '--json'], env)).stdout);
    expect(run.dry_run).toBe(false);
    expect([...run.job_ids].sort()).toEqual([...dry.job_ids].sort());
    expect(run.file_keys).toEqual(dry.file_keys);
    expect(fs.existsSync(blobFile(state.lonely.key))).toBe(false);
    expect(fs.existsSync(blobFile(state.sharedKey))).toBe(true);
    const after = singleJsonLine<Retention>((await runInProcessOk(['retention', '--dry-run', '--json'], env)).stdout);
    expect(after).toMatchObject({ jobs: 0, files: 0, job_ids: [] });
    expect((await daemon.stop('SIGTERM')).code).toBe(0);

    // The daemon has stopped: none runs (its queued jobs wait for credits, not for a daemon).
    const stopped = singleJsonLine<Record<string, any>>((await runInProcessOk(['status', '--json'], env)).stdout);
    expect(stopped).toMatchObject({ daemons: [], job_workers: 0 });
    expect((await runInProcessOk(['status'], env)).stdout).toContain('\n\nDaemons: none running\n\nQueue:');

    // No database to reach: said, exit 1.
    const down = await runInProcess(['status', '--json'], { DATABASE_URL: 'postgres://intake@127.0.0.1:1/intake' });
    expect(down.code).toBe(1);
    expect(singleJsonLine(down.stdout)).toMatchObject({ database: { kind: 'postgres', reachable: false } });
  });
});
