import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';

export type DbKind = 'pglite' | 'postgres';

/**
 * Both databases every storage and API test runs on; PGlite alone in the quick tier, whose global
 * setup starts no PostgreSQL server (test/support/tiers.ts).
 */
export const DB_KINDS: DbKind[] = inject('pgAdminUrl') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  storage: SqlStorage;
  /** For postgres: the URL of this test's own database (for a second daemon to share). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh, migrated database of the given kind: a cloned template on PostgreSQL, a restored snapshot on PGlite. */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
    const storage = await createSqlStorage({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
    return { storage, close: () => storage.close() };
  }
  const databaseUrl = await createPostgresDatabase();
  const storage = await createSqlStorage({ kind: 'postgres', databaseUrl });
  return { storage, databaseUrl, close: () => storage.close() };
}

/** A database before any migration (stores not usable until migrated): for upgrade tests. */
export async function openUnmigratedDatabase(kind: DbKind): Promise<SqlStorage> {
  if (kind === 'pglite') {
    const snapshot = fs.readFileSync(inject('pgliteEmptySnapshot'));
    return createSqlStorage({ kind: 'pglite', loadDataDir: new Blob([snapshot]), migrate: false });
  }
  return createSqlStorage({
    kind: 'postgres',
    databaseUrl: await createPostgresDatabase({ migrated: false }),
    migrate: false,
    extractorCache: false,
  });
}

/** A new database cloned from the migrated template; returns its URL. */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) {
    throw new Error(
      'this test needs the PostgreSQL server, which the quick tier does not start: run it with `npm test`, ' +
        'or make the rules of test/support/tiers.ts leave its file out of the quick tier',
    );
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = options.migrated === false ? 'template0' : inject('pgTemplate');
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}
