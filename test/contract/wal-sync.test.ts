import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqlStorage } from '@intake/storage-sql';

describe('syncToDisk', () => {
  it('fsyncs the write-ahead log of a PGlite data directory, and fails loudly where there is none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-walsync-'));
    const storage = await createSqlStorage({ kind: 'pglite', dataDir: path.join(dir, 'db') });
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
