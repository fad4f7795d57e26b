import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { BlobStore, StagedBlob } from '@intake/core';
import type { Row } from '../stores/normalize.js';

/**
 * Files in the database (bytea). The default with DATABASE_URL: daemons on different machines see
 * each other's files with nothing else to share.
 */
export class SqlBlobStore implements BlobStore {
  constructor(private readonly knex: Knex) {}

  /**
   * Durable when it resolves. Bytes already there are "updated" (the key set to itself) rather than
   * left alone: that writes a commit of this statement's own, whose log flush makes the row durable
   * even if `stage` committed it moments ago without waiting for the flush. (A statement that
   * changed nothing would commit without flushing anything.)
   */
  async put(bytes: Uint8Array): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    await this.knex('blobs')
      .insert({ key, bytes: Buffer.from(bytes) })
      .onConflict('key')
      .merge(['key']);
    return key;
  }

  /**
   * One statement, committed with `synchronous_commit` off for its own transaction: the commit does
   * not wait for the log to be flushed (one flush saved). The bytes are durable once a later commit
   * is (the caller commits the rows naming the key next): flushing the log up to that commit flushes
   * everything before it, this commit included. A row already there (same bytes) was committed
   * before this statement, so the same holds for it. `sync()` has nothing left to do.
   */
  async stage(bytes: Uint8Array): Promise<StagedBlob> {
    const key = createHash('sha256').update(bytes).digest('hex');
    await this.knex.raw(
      `with off as (select set_config('synchronous_commit', 'off', true))
       insert into blobs (key, bytes) select ?, ? from off
       on conflict (key) do nothing`,
      [key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
    return { key, sync: async () => {} };
  }

  async get(key: string): Promise<Uint8Array | null> {
    const row = await this.knex<Row>('blobs').where({ key }).first('bytes');
    return row ? new Uint8Array(row.bytes as Buffer) : null;
  }

  async delete(key: string): Promise<void> {
    await this.knex('blobs').where({ key }).delete();
  }
}
