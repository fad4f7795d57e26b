import fs from 'node:fs';
import { promisify } from 'node:util';

const fsync = promisify(fs.fsync);

/**
 * fsync of a file or directory by name (fsync applies to the inode, whichever descriptor asks). Only
 * the fsync goes to libuv's thread pool: opening an existing inode read-only and closing it are quick
 * system calls (no journal, no I/O), cheaper inline than two more round trips through the pool.
 */
export async function syncPath(file: string): Promise<void> {
  const fd = fs.openSync(file, 'r');
  try {
    await fsync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
