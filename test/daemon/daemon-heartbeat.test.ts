/**
 * A daemon's heartbeat in the registry of running daemons (PGlite): its row is written at start
 * and refreshed; a heartbeat that fails (the database away) is logged once per outage, the
 * daemon goes on and the row is refreshed again once the database answers; stopping deletes the
 * row. Full daemons on PostgreSQL and PGlite: test/daemon/no-job-workers.test.ts and
 * test/operations/status-retention.test.ts.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DaemonRegistry } from '@intake/storage-sql';
import { daemonHeartbeat } from '../../daemon/src/runtime/daemon-heartbeat.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { eventually } from '../support/wait.js';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('daemon heartbeat', () => {
  it('writes and refreshes its row, rides out a failing database, and removes the row on stop', async () => {
    db = await openTestDatabase('pglite');
    const real = db.storage.daemons;
    let down = false;
    let beats = 0;
    // The real registry, failing on demand as a database away would.
    const registry: DaemonRegistry = {
      heartbeat: async (...args) => {
        beats++;
        if (down) throw new Error('connection refused');
        return real.heartbeat(...args);
      },
      remove: (id) => real.remove(id),
      list: (since) => real.list(since),
    };
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const heartbeat = daemonHeartbeat({
      registry,
      jobWorkers: 3,
      logger: pino({ level: 'info' }, sink),
      intervalMs: 20,
    });
    await heartbeat.start();
    const [row] = await real.list(new Date(0));
    expect(row).toMatchObject({ id: heartbeat.id, pid: process.pid, job_workers: 3 });
    await eventually(
      () => 'the row refreshed',
      async () => (await real.list(new Date(0)))[0]!.last_seen_at > row!.last_seen_at,
    );

    down = true;
    const failedFrom = beats;
    await eventually(
      () => 'three failed beats',
      () => beats >= failedFrom + 3,
    );
    const warnings = lines.filter((l) => l.msg === 'daemon heartbeat failed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      daemonId: heartbeat.id,
      err: expect.objectContaining({ message: 'connection refused' }),
    });

    const before = (await real.list(new Date(0)))[0]!.last_seen_at;
    down = false;
    await eventually(
      () => 'the row refreshed after the outage',
      async () => (await real.list(new Date(0)))[0]!.last_seen_at > before,
    );
    expect(lines.filter((l) => l.msg === 'daemon heartbeat recorded again')).toHaveLength(1);

    await heartbeat.stop();
    expect(await real.list(new Date(0))).toEqual([]);
    // No beat after the stop.
    const stoppedAt = beats;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(beats).toBe(stoppedAt);
  });
});
