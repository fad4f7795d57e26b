import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
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
  if (kind === 'pglite') return openPglite();
  const databaseUrl = await createPostgresDatabase();
  const storage = await createSqlStorage({ kind: 'postgres', databaseUrl });
  return { storage, databaseUrl, close: () => storage.close() };
}

/**
 * PGlite instances closed by a test, emptied back to the migrated state, for the next
 * `openTestDatabase('pglite')` in this process (test/README.md, "PGlite reused"): restoring the
 * snapshot costs about 2 CPU s, emptying an instance a tenth of a second. In the quick tier's
 * non-isolated workers they serve the files after it too. One is kept: PGlite's memory never shrinks.
 */
const idle: PGlite[] = [];
const KEEP_IDLE = 1;
/** What a fresh restore's catalogue says (tables, columns, indexes, triggers, functions, statistics). */
let pristine: string | undefined;
let snapshot: Blob | undefined;
/** A restore's pages, rows and all-visible pages of each table and index (JSON rows). */
let pristineSizes: string | undefined;
const SIZES = `select coalesce(json_agg(json_build_object('oid', oid, 'relpages', relpages, 'reltuples', reltuples,
  'relallvisible', relallvisible)), '[]')::text as sizes from pg_class where relnamespace = 'public'::regnamespace`;

/** User tables except the migration log, which the migrated state keeps. */
const EMPTIED_TABLES = `select format('%I', relname) as name from pg_class
  where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and relname not like 'intake_migrations%'`;

/** A digest of the schema and of what the planner knows, equal for a fresh restore and an emptied instance. */
async function catalogue(pglite: PGlite): Promise<string> {
  const list = (rows: string) => `(select string_agg(x, ',' order by x) from (${rows}) as r(x))`;
  const inPublic = `relnamespace = 'public'::regnamespace`;
  const { rows } = await pglite.query<{ digest: string }>(`select concat_ws(E'\\n',
    ${list(`select format('%s:%s:%s:%s', relname, relkind, relpages, reltuples) from pg_class where ${inPublic}`)},
    ${list(`select format('%s.%s:%s:%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull)
       from pg_attribute a join pg_class c on c.oid = a.attrelid where c.${inPublic} and a.attnum > 0 and not a.attisdropped`)},
    ${list(`select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid where c.${inPublic}`)},
    ${list(`select t.tgname::text from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.${inPublic}`)},
    ${list(`select md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace`)},
    ${list(`select s.starelid::regclass::text from pg_statistic s join pg_class c on c.oid = s.starelid where c.${inPublic}`)},
    ${list(`select nspname::text from pg_namespace`)},
    ${list(`select format('%s=%s', name, setting) from pg_settings where source = 'session'`)},
    (select count(*) from pg_largeobject_metadata)
  ) as digest`);
  return rows[0]!.digest;
}

/** Empties a closed test's instance back to the migrated state; false if it cannot be (its schema changed). */
async function empty(pglite: PGlite): Promise<boolean> {
  if (pglite.closed) return false;
  await pglite.exec('reset all');
  const tables = (await pglite.query<{ name: string }>(EMPTIED_TABLES)).rows.map((row) => row.name);
  await pglite.exec(`truncate ${tables.join(', ')} restart identity cascade`);
  // What the planner reads of each table and index as a restore has it (truncation and ANALYZE change
  // pages and row counts), and no statistics (an ANALYZE leaves them).
  await pglite.query(
    `update pg_class c set relpages = v.relpages, reltuples = v.reltuples, relallvisible = v.relallvisible
       from json_to_recordset($1) as v(oid oid, relpages int, reltuples real, relallvisible int) where c.oid = v.oid`,
    [pristineSizes],
  );
  await pglite.exec(
    `delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`,
  );
  return (await catalogue(pglite)) === pristine;
}

async function openPglite(): Promise<TestDatabase> {
  const reused = idle.pop();
  let storage: SqlStorage;
  if (reused) storage = await createSqlStorage({ kind: 'pglite', pglite: reused, migrate: false });
  else {
    snapshot ??= new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    storage = await createSqlStorage({ kind: 'pglite', loadDataDir: snapshot });
  }
  // knex-pglite keeps the instance it was given or made; its close would close the instance.
  const instance = reused ?? (storage.knex.client as { pglite: PGlite }).pglite;
  pristine ??= await catalogue(instance);
  pristineSizes ??= (await instance.query<{ sizes: string }>(SIZES)).rows[0]!.sizes;
  const closeInstance = instance.close.bind(instance);
  instance.close = () => Promise.resolve();
  let closed = false;
  return {
    storage,
    close: async () => {
      // Twice would hand the instance to two later tests.
      if (closed) return;
      closed = true;
      await storage.close();
      const reusable = idle.length < KEEP_IDLE && (await empty(instance).catch(() => false));
      if (reusable) idle.push(instance);
      else {
        instance.close = closeInstance;
        if (!instance.closed) await instance.close();
      }
    },
  };
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
