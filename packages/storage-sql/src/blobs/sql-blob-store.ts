import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { BlobStore } from '@intake/core';

/**
 * Files in the database (bytea). The default with DATABASE_URL: daemons on different machines see
 * each other's files with nothing else to share.
 */
export class SqlBlobStore implements BlobStore {
  constructor(private readonly knex: Knex) {}

  async put(bytes: Uint8Array): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    await this.knex('blobs').insert({ key, bytes: Buffer.from(bytes) }).onConflict('key').ignore();
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const row = await this.knex('blobs').where({ key }).first('bytes');
    return row ? new Uint8Array(row.bytes as Buffer) : null;
  }

  async delete(key: string): Promise<void> {
    await this.knex('blobs').where({ key }).delete();
  }
}
