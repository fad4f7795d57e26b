/**
 * The WAL sync behind the SMTP edge's 250 on PGlite: it fsyncs the segments written since the last
 * sync (usually the current one), `pg_wal` itself when the set of segments changed, everything the
 * first time, and nothing when nothing was written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { createWalSync } from '../../packages/storage-sql/src/wal-sync.js';
import { eventually } from '../support/wait.js';

const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Waits until every WAL segment was last modified more than 50 ms ago (with a margin): the sync
 * trusts a segment's modification time to reveal a later write only from then on (SETTLED_NS).
 */
const settled = (dir: string) =>
  eventually("the WAL segments' modification times settled", () => {
    const walDir = path.join(dir, 'db', 'pg_wal');
    const now = Date.now();
    return fs
      .readdirSync(walDir)
      .filter((n) => SEGMENT.test(n))
      .every((n) => now - fs.statSync(path.join(walDir, n)).mtimeMs > 60);
  });

describe('WAL sync (PGlite)', () => {
  let dir: string;
  let storage: SqlStorage;
  // One directory for the three tests: each makes its own sync, whose first call syncs everything
  // whatever the directory holds, and each puts back what it moved or added.
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-walsync-'));
    // A copy of the run's migrated data directory, opened without migrating: a new directory would
    // run initdb and every migration with fsync on (wal-sync.test.ts has the figures).
    fs.cpSync(path.join(inject('dataDirTemplate'), 'pglite'), path.join(dir, 'db'), { recursive: true });
    storage = await createSqlStorage({ kind: 'pglite', dataDir: path.join(dir, 'db'), migrate: false });
    await storage.knex.raw('create table t (n int)');
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('syncs what was written since the last sync: the segment a commit went to, not the others', async () => {
    const walDir = path.join(dir, 'db', 'pg_wal');
    const synced: string[][] = [];
    const sync = createWalSync(path.join(dir, 'db'), { onSynced: (names) => synced.push(names) });
    const segments = () =>
      fs
        .readdirSync(walDir)
        .filter((n) => SEGMENT.test(n))
        .sort();
    // A second segment: the log switches to a new one (the old one stays until a checkpoint).
    await storage.knex.raw('select pg_switch_wal()');
    await storage.knex('t').insert({ n: 0 });
    expect(segments().length).toBeGreaterThanOrEqual(2);

    await sync();
    // The first sync: pg_wal and every segment.
    expect(synced[0]).toEqual(['.', ...segments()]);

    // Once the segments' modification times have settled, with nothing written: nothing to sync.
    await settled(dir);
    await sync();
    await sync();
    expect(synced.at(-1)).toEqual([]);

    // A commit: the segment it was written to, which is the newest by modification time.
    await storage.knex('t').insert({ n: 1 });
    const newest = segments()
      .map((name) => ({ name, mtime: fs.statSync(path.join(walDir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)[0]!.name;
    await sync();
    expect(synced.at(-1)).toEqual([newest]);

    // Written again right after a sync (the same clock tick, maybe): still synced, every time.
    for (let i = 0; i < 5; i++) {
      await storage.knex('t').insert({ n: i });
      await sync();
      expect(synced.at(-1)).toEqual([newest]);
    }
  });

  it('syncs pg_wal itself when the set of segments changes', async () => {
    const synced: string[][] = [];
    const sync = createWalSync(path.join(dir, 'db'), { onSynced: (names) => synced.push(names) });
    await sync();
    const walDir = path.join(dir, 'db', 'pg_wal');
    // A segment added (here a fake one), renamed or removed: only then is the directory synced.
    fs.writeFileSync(path.join(walDir, 'FFFFFFFFFFFFFFFFFFFFFFFF'), 'x');
    await sync();
    expect(synced.at(-1)).toContain('.');
    expect(synced.at(-1)).toContain('FFFFFFFFFFFFFFFFFFFFFFFF');
    fs.rmSync(path.join(walDir, 'FFFFFFFFFFFFFFFFFFFFFFFF'));
    await sync();
    expect(synced.at(-1)).toContain('.');
    // Nothing changed since: nothing synced (once a sync has seen the segments' times settled).
    await settled(dir);
    await sync();
    await sync();
    expect(synced.at(-1)).toEqual([]);
  });

  it('shares syncs between concurrent callers; a sync that fails rejects, and the next one works', async () => {
    const synced: string[][] = [];
    const sync = createWalSync(path.join(dir, 'db'), { onSynced: (names) => synced.push(names) });
    await storage.knex('t').insert({ n: 1 });
    await Promise.all(Array.from({ length: 20 }, () => sync()));
    expect(synced.length).toBeLessThanOrEqual(2);
    const walDir = path.join(dir, 'db', 'pg_wal');
    fs.renameSync(walDir, `${walDir}-moved`);
    await expect(sync()).rejects.toThrow(/ENOENT/);
    fs.renameSync(`${walDir}-moved`, walDir);
    await settled(dir);
    await expect(sync()).resolves.toBeUndefined();
  });
});
