import type { Knex } from 'knex';
import { toIso, toNumber, type Row } from './stores/normalize.js';

/** How often a daemon refreshes its row. */
export const DAEMON_HEARTBEAT_MS = 15_000;
/** A daemon counts as running while its last heartbeat is this recent (four heartbeats). */
export const DAEMON_RUNNING_WITHIN_MS = 60_000;
/** Rows of daemons not heard from for this long are deleted. */
export const DAEMON_FORGET_AFTER_MS = 86_400_000;

/** One daemon running on the database, as it last said so. */
export interface DaemonRecord {
  /** Chosen by the daemon when it starts; a restarted daemon is a new one. */
  id: string;
  host: string;
  pid: number;
  version: string;
  /** Its WORKER_CONCURRENCY (0: it queues jobs and runs none). */
  job_workers: number;
  started_at: string;
  last_seen_at: string;
}

/**
 * Which daemons run on this database. Each daemon writes its row on start, refreshes it on a
 * heartbeat and deletes it on a graceful stop; a killed daemon's row stops being refreshed. A
 * heartbeat also deletes rows older than `forgetBefore`, so the table holds the daemons of about a
 * day, however many restarts.
 */
export interface DaemonRegistry {
  heartbeat(daemon: Omit<DaemonRecord, 'last_seen_at'>, now: Date, forgetBefore: Date): Promise<void>;
  remove(id: string): Promise<void>;
  /** The daemons whose last heartbeat is at or after `seenSince`, oldest start first. */
  list(seenSince: Date): Promise<DaemonRecord[]>;
}

export function sqlDaemonRegistry(knex: Knex): DaemonRegistry {
  return {
    async heartbeat(daemon, now, forgetBefore) {
      const row = { ...daemon, last_seen_at: now.toISOString() };
      await knex('daemons').insert(row).onConflict('id').merge(['last_seen_at', 'job_workers']);
      await knex('daemons').where('last_seen_at', '<', forgetBefore.toISOString()).delete();
    },
    async remove(id) {
      await knex('daemons').where({ id }).delete();
    },
    async list(seenSince) {
      return readDaemons(knex, seenSince);
    },
  };
}

export async function readDaemons(knex: Knex, seenSince: Date): Promise<DaemonRecord[]> {
  const rows = (await knex('daemons')
    .where('last_seen_at', '>=', seenSince.toISOString())
    .orderBy([{ column: 'started_at' }, { column: 'id' }])) as Row[];
  return rows.map((r) => ({
    id: String(r.id),
    host: String(r.host),
    pid: toNumber(r.pid),
    version: String(r.version),
    job_workers: toNumber(r.job_workers),
    started_at: toIso(r.started_at),
    last_seen_at: toIso(r.last_seen_at),
  }));
}
