import type { Migration } from './list.js';

/*
 * The daemons running on this database: each writes its row when it starts, refreshes it on a
 * heartbeat and deletes it when it stops, so that `intake status` can say which daemons are up and
 * how many job workers they run between them. A row whose heartbeat stopped (a daemon killed) is
 * no longer counted after a minute and is deleted a day later by any other daemon's heartbeat.
 */
const STATEMENTS = [
  `create table daemons (
     id text primary key,
     host text not null,
     pid integer not null,
     version text not null,
     job_workers integer not null,
     started_at timestamptz(3) not null,
     last_seen_at timestamptz(3) not null
   )`,
];

/** The registry of running daemons. */
export const daemons: Migration = {
  id: 23,
  name: 'daemons',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
