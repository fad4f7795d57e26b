/**
 * The blob stores' durability contract beyond put/get: `stage` (stored and readable at once, durable
 * after `sync()`), and files a power cut tore. A crash can leave an empty or partial file under a
 * final name (the rename may reach the disk before the data): such a file is answered as missing and
 * storing the same bytes again replaces it, never trusting the name alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileBlobStore, SqlBlobStore } from '@intake/storage-sql';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('FileBlobStore', () => {
  let root: string;
  let blobs: FileBlobStore;
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2));
  /** Every file under the root, temporary ones included. */
  const allFiles = () =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-blob-test-'));
    blobs = new FileBlobStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts content-addressed files and reads them back; a missing one is null', async () => {
    const bytes = randomBytes(50_000);
    const key = await blobs.put(bytes);
    expect(key).toBe(sha256(bytes));
    expect(Buffer.from((await blobs.get(key))!)).toEqual(bytes);
    expect(fs.statSync(fileOf(key)).mode & 0o777).toBe(0o600);
    expect(await blobs.put(bytes)).toBe(key);
    expect(allFiles()).toEqual([key.slice(2)]);
    expect(await blobs.get(sha256(Buffer.from('nothing')))).toBeNull();
    await blobs.delete(key);
    expect(await blobs.get(key)).toBeNull();
  });

  it('makes its directories on first use, the root included', async () => {
    const nested = new FileBlobStore(path.join(root, 'not', 'yet'));
    const bytes = randomBytes(1000);
    const key = await nested.put(bytes);
    expect(Buffer.from((await nested.get(key))!)).toEqual(bytes);
    expect(fs.existsSync(path.join(root, 'not', 'yet', key.slice(0, 2), key.slice(2)))).toBe(true);
  });

  it('stage: the file is in place and readable before sync(), which resolves once (shared by repeated calls)', async () => {
    const bytes = randomBytes(20_000);
    const staged = await blobs.stage(bytes);
    expect(staged.key).toBe(sha256(bytes));
    expect(Buffer.from((await blobs.get(staged.key))!)).toEqual(bytes);
    const first = staged.sync();
    expect(staged.sync()).toBe(first);
    await expect(first).resolves.toBeUndefined();
    // No temporary file left behind.
    expect(allFiles()).toEqual([staged.key.slice(2)]);
  });

  for (const [label, tear] of [
    ['empty', (file: string) => fs.truncateSync(file, 0)],
    ['cut short', (file: string) => fs.truncateSync(file, 1000)],
    ['overwritten in part', (file: string) => fs.writeFileSync(file, Buffer.alloc(10), { flag: 'r+' })],
  ] as const) {
    it(`a torn file (${label}) is answered as missing, and put and stage write it again`, async () => {
      const bytes = randomBytes(30_000);
      const key = await blobs.put(bytes);
      tear(fileOf(key));
      expect(await blobs.get(key)).toBeNull();
      expect(await blobs.put(bytes)).toBe(key);
      expect(Buffer.from((await blobs.get(key))!)).toEqual(bytes);

      tear(fileOf(key));
      const staged = await blobs.stage(bytes);
      await staged.sync();
      expect(Buffer.from((await blobs.get(key))!)).toEqual(bytes);
      expect(allFiles()).toEqual([key.slice(2)]);
    });
  }

  it('keeps a whole file already there (same inode) and still syncs it', async () => {
    const bytes = randomBytes(10_000);
    const key = await blobs.put(bytes);
    const inode = fs.statSync(fileOf(key)).ino;
    const staged = await blobs.stage(bytes);
    await staged.sync();
    expect(fs.statSync(fileOf(key)).ino).toBe(inode);
  });

  it('concurrent stores of the same bytes all succeed and leave one whole file', async () => {
    const bytes = randomBytes(200_000);
    const keys = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        i % 2 ? blobs.put(bytes) : blobs.stage(bytes).then(async (s) => (await s.sync(), s.key)),
      ),
    );
    expect(new Set(keys)).toEqual(new Set([sha256(bytes)]));
    expect(Buffer.from((await blobs.get(keys[0]!))!)).toEqual(bytes);
    expect(allFiles()).toEqual([keys[0]!.slice(2)]);
  });

  it('sync() rejects when the file cannot be synced (here: removed meanwhile)', async () => {
    const staged = await blobs.stage(randomBytes(1000));
    fs.rmSync(fileOf(staged.key));
    await expect(staged.sync()).rejects.toThrow(/ENOENT/);
  });
});

for (const kind of DB_KINDS) {
  describe(`SqlBlobStore on ${kind}`, () => {
    let db: TestDatabase;
    beforeEach(async () => {
      db = await openTestDatabase(kind);
    });
    afterEach(async () => {
      await db.close();
    });

    it('stage stores the bytes at once (readable, idempotent) and leaves the session settings as they were', async () => {
      // One connection (PGlite has only one): the setting checked below is the staging session's.
      const single =
        kind === 'postgres'
          ? knex({ client: 'pg', connection: db.databaseUrl!, pool: { min: 1, max: 1 } })
          : db.storage.knex;
      try {
        await stageChecks(single);
      } finally {
        if (single !== db.storage.knex) await single.destroy();
      }
    });

    async function stageChecks(k: Knex): Promise<void> {
      const blobs = new SqlBlobStore(k);
      const bytes = randomBytes(40_000);
      const staged = await blobs.stage(bytes);
      expect(staged.key).toBe(sha256(bytes));
      await staged.sync();
      expect(Buffer.from((await blobs.get(staged.key))!)).toEqual(bytes);
      // Same bytes again (and through put): no conflict error, one row.
      expect((await blobs.stage(bytes)).key).toBe(staged.key);
      // put of bytes already there still commits a write of its own (a new row version), whose
      // flush makes them durable even if a stage committed them without waiting for it.
      const xmin = async () =>
        String((await k.raw('select xmin::text as x from blobs where key = ?', [staged.key])).rows[0].x);
      const before = await xmin();
      expect(await blobs.put(bytes)).toBe(staged.key);
      expect(await xmin()).not.toBe(before);
      const rows = await k('blobs').where({ key: staged.key }).count({ n: '*' });
      expect(Number(rows[0]!.n)).toBe(1);
      // synchronous_commit was off for the staging statement's own transaction only.
      const setting = await k.transaction(
        async (trx) => (await trx.raw('show synchronous_commit')).rows[0].synchronous_commit,
      );
      expect(setting).toBe('on');
      // A part of a larger buffer is stored as that part only.
      const big = randomBytes(3000);
      const part = new Uint8Array(big.buffer, big.byteOffset + 1000, 1000);
      const partKey = (await blobs.stage(part)).key;
      expect(Buffer.from((await blobs.get(partKey))!)).toEqual(Buffer.from(part));
    }

    it('keeps the bytes uncompressed out of line (migration 013): a compressible message is stored at its full size', async () => {
      const storage = await db.storage.knex.raw(
        `select attstorage from pg_attribute where attrelid = 'blobs'::regclass and attname = 'bytes'`,
      );
      expect(storage.rows[0].attstorage).toBe('e');
      // 100 KB of repetitive text, which pglz would shrink to a fraction: stored as is.
      const text = Buffer.from(
        Array.from({ length: 2000 }, (_, i) => `Line ${i}: 1 x Widget at 10.00 EUR\r\n`)
          .join('')
          .slice(0, 100_000),
      );
      const key = await new SqlBlobStore(db.storage.knex).put(text);
      const size = await db.storage.knex.raw('select pg_column_size(bytes) as n from blobs where key = ?', [key]);
      expect(Number(size.rows[0].n)).toBeGreaterThanOrEqual(text.length);
    });
  });
}
