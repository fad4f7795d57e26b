import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';

/**
 * PGlite's data directory as a gzipped tar, consistent as of one moment between transactions.
 *
 * knex-pglite pools exactly one connection, the PGlite instance itself, and a knex transaction
 * holds it from BEGIN to COMMIT: so while this holds it no transaction is open, and none starts
 * until the dump is taken. The CHECKPOINT first writes every committed page into the data files,
 * so the copy needs no recovery from the log when it is opened.
 */
export async function dumpPgliteDataDir(knex: Knex): Promise<Uint8Array> {
  const client = knex.client as {
    acquireConnection(): Promise<PGlite>;
    releaseConnection(connection: PGlite): Promise<unknown>;
  };
  const pglite = await client.acquireConnection();
  try {
    await pglite.query('checkpoint');
    const dump = await pglite.dumpDataDir('gzip');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await client.releaseConnection(pglite);
  }
}
