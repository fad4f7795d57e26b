import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

export type DatabaseKind = 'postgres' | 'pglite';

/** Where the data lives: a PostgreSQL server, a PGlite directory, or a PGlite instance you made. */
export type ConnectionOptions =
  | { kind: 'postgres'; databaseUrl: string; poolMax?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; pglite?: PGlite };

export interface OpenedDatabase {
  knex: Knex;
  kind: DatabaseKind;
}

/** Opens knex over PostgreSQL (pg) or embedded PGlite. */
export async function openDatabase(options: ConnectionOptions): Promise<OpenedDatabase> {
  if (options.kind === 'postgres') {
    const knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
    return { knex, kind: 'postgres' };
  }
  const pglite = options.pglite ?? (await createPglite(options.dataDir, options.loadDataDir));
  // knex-pglite forces a pool of one connection (PGlite is single-connection); passing `pool` is refused.
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  return { knex, kind: 'pglite' };
}

async function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  if (dataDir === undefined) return PGlite.create(loadDataDir ? { loadDataDir } : {});
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  return PGlite.create({ dataDir: dir, ...(fresh && loadDataDir ? { loadDataDir } : {}) });
}
