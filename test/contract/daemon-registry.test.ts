/**
 * The registry of running daemons on both databases: a heartbeat writes and refreshes a daemon's
 * row, `list` keeps those heard from since a time, `remove` is a graceful stop, a heartbeat deletes
 * rows not heard from since its `forgetBefore`, and `intake status`'s reading includes the daemons
 * heard from within DAEMON_RUNNING_WITHIN_MS.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DAEMON_RUNNING_WITHIN_MS } from '@intake/storage-sql';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';

const at = (s: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, s));
const daemon = (id: string, jobWorkers: number, startedSecond: number) => ({
  id,
  host: 'box-1',
  pid: 4000 + startedSecond,
  version: '1.2.3',
  job_workers: jobWorkers,
  started_at: at(startedSecond).toISOString(),
});
const LONG_AGO = new Date(0);

describe.each(DB_KINDS)('daemon registry on %s', (kind) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('records, refreshes, lists by last heartbeat, forgets and removes daemons', async () => {
    db = await openTestDatabase(kind);
    const { daemons } = db.storage;
    expect(await daemons.list(LONG_AGO)).toEqual([]);

    await daemons.heartbeat(daemon('dmn_b', 0, 5), at(5), LONG_AGO);
    await daemons.heartbeat(daemon('dmn_a', 2, 1), at(6), LONG_AGO);
    // A second beat refreshes the row; started_at stays the first one's.
    await daemons.heartbeat({ ...daemon('dmn_a', 2, 1), started_at: at(30).toISOString() }, at(20), LONG_AGO);
    expect(await daemons.list(LONG_AGO)).toEqual([
      { ...daemon('dmn_a', 2, 1), last_seen_at: at(20).toISOString() },
      { ...daemon('dmn_b', 0, 5), last_seen_at: at(5).toISOString() },
    ]);
    // Only those heard from since a time.
    expect((await daemons.list(at(10))).map((d) => d.id)).toEqual(['dmn_a']);

    // A heartbeat forgets rows older than its forgetBefore (dmn_b's at 5 s), its own kept.
    await daemons.heartbeat(daemon('dmn_c', 1, 40), at(40), at(6));
    expect((await daemons.list(LONG_AGO)).map((d) => d.id)).toEqual(['dmn_a', 'dmn_c']);

    await daemons.remove('dmn_a');
    await daemons.remove('dmn_missing');
    expect((await daemons.list(LONG_AGO)).map((d) => d.id)).toEqual(['dmn_c']);
  });

  it('counts in the operations status only daemons heard from within the last minute', async () => {
    db = await openTestDatabase(kind);
    const now = at(0).getTime() + 10 * 60_000;
    const { daemons } = db.storage;
    await daemons.heartbeat(daemon('dmn_fresh', 3, 0), new Date(now - 1000), LONG_AGO);
    await daemons.heartbeat(daemon('dmn_edge', 1, 1), new Date(now - DAEMON_RUNNING_WITHIN_MS), LONG_AGO);
    await daemons.heartbeat(daemon('dmn_gone', 4, 2), new Date(now - DAEMON_RUNNING_WITHIN_MS - 1), LONG_AGO);
    const status = await db.storage.operationsStatus(new Date(now));
    expect(status.daemons.map((d) => [d.id, d.job_workers])).toEqual([
      ['dmn_fresh', 3],
      ['dmn_edge', 1],
    ]);
  });
});
