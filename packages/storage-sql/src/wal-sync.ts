import fs from 'node:fs/promises';
import path from 'node:path';

const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * PGlite writes its WAL with plain write() calls (Emscripten's NODEFS has no fsync): a commit reaches
 * the operating system, which survives a killed process but not a power cut. This fsyncs the newest
 * WAL segments (two, in case the log switched segment right after the commit), which makes every
 * commit before the call durable on disk. fsync applies to the file, whichever descriptor asks.
 */
export function createWalSync(dataDir: string): () => Promise<void> {
  const walDir = path.join(path.resolve(dataDir), 'pg_wal');
  const syncNow = async () => {
    const names = (await fs.readdir(walDir)).filter((n) => SEGMENT.test(n));
    const withTimes = await Promise.all(names.map(async (name) => ({ name, mtime: (await fs.stat(path.join(walDir, name))).mtimeMs })));
    withTimes.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
    for (const { name } of withTimes.slice(0, 2)) {
      const handle = await fs.open(path.join(walDir, name), 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  };
  // Group commit: callers that arrive while a sync runs share the next one, which starts after
  // their commits; so N concurrent accepts cost two syncs, not N.
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = syncNow().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    next ??= running.catch(() => {}).then(() => {
      next = null;
      return start();
    });
    return next;
  };
}
