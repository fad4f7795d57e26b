import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '@intake/core';

const KEY = /^[0-9a-f]{64}$/;

/**
 * Content-addressed files under a directory: `ab/cdef...` for the SHA-256 `abcdef...`. A file is
 * written to a temporary name, synced, renamed into place and its directory synced, so a crash
 * leaves either the whole file or none, never a torn one.
 */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a blob key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2));
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    try {
      await fs.access(target);
      return key;
    } catch {
      // not there yet: write it
    }
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
    const handle = await fs.open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, target);
    await syncDir(dir);
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await fs.readFile(this.pathOf(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
