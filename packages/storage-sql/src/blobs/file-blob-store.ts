import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BlobStore, StagedBlob } from '@intake/core';
import { syncPath } from '../sync-path.js';

const KEY = /^[0-9a-f]{64}$/;

// The callback API with plain descriptors: cheaper per call than fs/promises' FileHandle objects.
const readFile = promisify(fs.readFile);
const writeFile = promisify(fs.writeFile);
const rename = promisify(fs.rename);
const mkdir = promisify(fs.mkdir);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Content-addressed files under a directory: `ab/cdef...` for the SHA-256 `abcdef...`.
 *
 * A file is written to a temporary name and renamed into place, so a file under its final name is
 * always whole while the machine runs (another process never reads half of one). Durable: the file
 * and its directory are fsynced (and the top directory, the first time this process uses a
 * subdirectory) before `put` resolves, or when `stage`'s `sync()` resolves. A power cut before that
 * can leave an empty or partial file under the final name (the rename may reach the disk before the
 * data), so a file is never trusted by name alone: `get` checks the content against the key and
 * answers null (missing) for one that does not match, and storing bytes whose file is there but
 * wrong replaces it.
 */
export class FileBlobStore implements BlobStore {
  /**
   * Subdirectories this process has made sure of, with the directories whose entries the first
   * sync() after that must fsync as well (the root, for the subdirectory's entry; more when mkdir
   * made the root too); an empty list once done. Made by another process, or before a restart, a
   * subdirectory's entry may not have been synced yet: so the root is synced once per process anyway.
   */
  private readonly dirs = new Map<string, string[]>();

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a blob key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2));
  }

  async put(bytes: Uint8Array): Promise<string> {
    const staged = await this.stage(bytes);
    await staged.sync();
    return staged.key;
  }

  /**
   * Writes the file (temporary name, renamed into place) without syncing it; `sync()` fsyncs the
   * file and its directory at the same time. A file already there with the right content is kept
   * (and synced by `sync()` as well: its writer may not have synced it yet, or failed to).
   */
  async stage(bytes: Uint8Array): Promise<StagedBlob> {
    const key = sha256(bytes);
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    if (!this.dirs.has(dir)) {
      // The first directory mkdir made, if any: it and those below it are new entries in their parents.
      const made = await mkdir(dir, { recursive: true });
      const parents = new Set([this.root]);
      if (made !== undefined)
        for (let d = dir; d.length >= made.length && d !== path.dirname(d); d = path.dirname(d))
          parents.add(path.dirname(d));
      if (!this.dirs.has(dir)) this.dirs.set(dir, [...parents]);
    }
    if (!(await this.holds(target, key))) {
      const tmp = path.join(dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
      try {
        await writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
        await rename(tmp, target);
      } catch (error) {
        await fs.promises.rm(tmp, { force: true }).catch(() => {});
        throw error;
      }
    }
    let synced: Promise<void> | null = null;
    return { key, sync: () => (synced ??= this.syncPlaced(target, dir)) };
  }

  private async syncPlaced(target: string, dir: string): Promise<void> {
    const parents = this.dirs.get(dir) ?? [];
    await Promise.all([syncPath(target), syncPath(dir), ...parents.map(syncPath)]);
    if (parents.length > 0) this.dirs.set(dir, []);
  }

  /** True when the file under `target` is there and holds exactly the bytes of `key`. */
  private async holds(target: string, key: string): Promise<boolean> {
    // Usually not there: a lookup in the kernel's directory cache, cheaper than a round trip
    // through libuv's thread pool.
    if (!fs.existsSync(target)) return false;
    const bytes = await this.read(target);
    return bytes !== null && sha256(bytes) === key;
  }

  private async read(file: string): Promise<Buffer | null> {
    try {
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** The bytes, or null when there is no file or it does not hold the key's bytes (torn by a power cut). */
  async get(key: string): Promise<Uint8Array | null> {
    const bytes = await this.read(this.pathOf(key));
    if (bytes === null || sha256(bytes) !== key) return null;
    return new Uint8Array(bytes);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
