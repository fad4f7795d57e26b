import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createSqlStorage } from '@intake/storage-sql';

/**
 * A PGlite data directory of its own in a new temporary folder: a copy of the run's migrated
 * template (test/support/global-setup.ts), opened without migrating. A new directory runs initdb
 * and every migration with fsync on, which PostgreSQL pays in fsync(2) calls: measured opening,
 * writing 500 rows and a checkpoint, 478 calls, 14 CPU s and 47 s wall (load average 24) from a new
 * directory, against 46 calls, 3 CPU s and 10 s from a copy. Twice per file, that took the tests
 * past their 60 s timeout on a busy disk. Everything asserted below happens after the open.
 */
function copiedDataDir(prefix: string): { dir: string; dataDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(dir, 'db');
  fs.cpSync(path.join(inject('dataDirTemplate'), 'pglite'), dataDir, { recursive: true });
  return { dir, dataDir };
}

describe('syncToDisk', () => {
  it('fsyncs the write-ahead log of a PGlite data directory, and fails loudly where there is none', async () => {
    const { dir, dataDir } = copiedDataDir('intake-walsync-');
    const storage = await createSqlStorage({ kind: 'pglite', dataDir, migrate: false });
    try {
      await storage.knex.raw('create table t (n int)');
      await storage.knex('t').insert({ n: 1 });
      await expect(storage.syncToDisk()).resolves.toBeUndefined();
      // Concurrent callers share syncs (group commit) and all resolve.
      await expect(Promise.all(Array.from({ length: 20 }, () => storage.syncToDisk()))).resolves.toHaveLength(20);
      expect(fs.readdirSync(path.join(dir, 'db', 'pg_wal')).some((n) => /^[0-9A-F]{24}$/.test(n))).toBe(true);
      fs.renameSync(path.join(dir, 'db', 'pg_wal'), path.join(dir, 'pg_wal_moved'));
      await expect(storage.syncToDisk()).rejects.toThrow(/ENOENT/);
      fs.renameSync(path.join(dir, 'pg_wal_moved'), path.join(dir, 'db', 'pg_wal'));
    } finally {
      await storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite data directory: PostgreSQL fsyncs for real', () => {
  it('runs with fsync on, and a checkpoint fsyncs the data files it wrote before pg_control; the rows survive a reopen', async () => {
    const { dir, dataDir } = copiedDataDir('intake-pgfsync-');
    const synced: string[] = [];
    const storage = await createSqlStorage({
      kind: 'pglite',
      dataDir,
      migrate: false,
      onFsync: (file) => synced.push(path.relative(dataDir, file)),
    });
    try {
      expect((await storage.knex.raw('show fsync')).rows[0].fsync).toBe('on');
      await storage.knex.raw('create table t (n int, v text)');
      await storage.knex('t').insert(Array.from({ length: 500 }, (_, n) => ({ n, v: 'x'.repeat(200) })));
      const relation = String((await storage.knex.raw(`select pg_relation_filepath('t') as p`)).rows[0].p);
      synced.length = 0;
      await storage.knex.raw('checkpoint');
      // The table's file, then the control file that names the checkpoint (which must come last).
      expect(synced).toContain(relation);
      expect(synced.indexOf(relation)).toBeLessThan(synced.lastIndexOf(path.join('global', 'pg_control')));
      // Commits alone do not fsync (the log's flush stays PGlite's no-op; wal-sync.ts does that part).
      synced.length = 0;
      await storage.knex('t').insert({ n: 501, v: 'y' });
      expect(synced).toEqual([]);
    } finally {
      await storage.close();
    }
    const reopened = await createSqlStorage({ kind: 'pglite', dataDir, migrate: false });
    try {
      expect(Number((await reopened.knex('t').count({ c: '*' }))[0]!.c)).toBe(501);
    } finally {
      await reopened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
