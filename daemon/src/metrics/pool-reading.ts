import type { PoolReading } from './daemon-metrics.js';

/** The part of tarn's pool (knex's) the reading needs. */
interface TarnLike {
  numUsed(): number;
  numPendingAcquires(): number;
}

const isTarn = (pool: unknown): pool is TarnLike =>
  typeof pool === 'object' &&
  pool !== null &&
  typeof (pool as Partial<TarnLike>).numUsed === 'function' &&
  typeof (pool as Partial<TarnLike>).numPendingAcquires === 'function';

/**
 * Connections in use and queries waiting for one, from knex's pool (PostgreSQL's up to its size;
 * PGlite's a pool of one); null when knex has no pool (yet, or after destroy).
 */
export function poolReading(knex: { client: unknown }): PoolReading | null {
  const pool: unknown = (knex.client as { pool?: unknown } | null)?.pool;
  return isTarn(pool) ? { inUse: pool.numUsed(), waiting: pool.numPendingAcquires() } : null;
}
