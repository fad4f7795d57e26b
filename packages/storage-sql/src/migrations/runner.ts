import type { Knex } from 'knex';
import { MIGRATIONS } from './list.js';

/** Arbitrary constant naming Intake's migration lock among other users of the same database. */
const MIGRATION_LOCK_KEY = 7_215_031_001;

/**
 * Applies pending migrations in one transaction under a transaction-scoped advisory lock.
 *
 * Why not knex's own migrator: its lock is a row in `knex_migrations_lock` that makes a second
 * daemon fail ("Migration table is already locked") instead of waiting, and a crash mid-migration
 * leaves it locked for good. `pg_advisory_xact_lock` makes concurrent starters wait their turn and
 * is released by PostgreSQL whatever happens to the process, and DDL inside the transaction means
 * a failed migration leaves nothing half-applied.
 *
 * `upTo` stops after that migration id (upgrade tests build a database as an older release left it).
 */
export async function migrate(knex: Knex, options: { upTo?: number } = {}): Promise<string[]> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    await trx.raw(
      'create table if not exists intake_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const rows: { id: number }[] = await trx('intake_migrations').select('id');
    const applied = new Set(rows.map((r) => Number(r.id)));
    const ran: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      if (options.upTo !== undefined && migration.id > options.upTo) break;
      await migration.up(trx);
      await trx('intake_migrations').insert({ id: migration.id, name: migration.name });
      ran.push(`${String(migration.id).padStart(3, '0')}_${migration.name}`);
    }
    return ran;
  });
}
