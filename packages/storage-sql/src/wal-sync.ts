import fs from 'node:fs';
import path from 'node:path';
import { syncPath } from './sync-path.js';

const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * A segment's modification time is only trusted to reveal a later write when it was already this far
 * in the past when looked at: the kernel stamps writes with a clock that advances in ticks (up to
 * 10 ms), so a write in the same tick as the look would leave the time unchanged.
 */
const SETTLED_NS = 50_000_000n;

export interface WalSyncOptions {
  /** Told the segments (and `pg_wal` itself, as `.`) each sync fsynced: for tests. */
  onSynced?: (names: string[]) => void;
}

/**
 * PGlite writes its WAL with plain write() calls (Emscripten's NODEFS has no fsync): a commit reaches
 * the operating system, which survives a killed process but not a power cut. This makes every commit
 * before the call durable on disk: it fsyncs each WAL segment that may have been written since it was
 * last synced (usually just the current one), and `pg_wal` itself when segments were added, renamed
 * (recycled) or removed since (so a segment the log switched to is found after a power cut). A
 * segment is skipped only when it is the same file, with the same size and modification time, as
 * when a sync of it succeeded, and that time was settled then (see SETTLED_NS). The first sync
 * fsyncs them all. fsync applies to the file, whichever descriptor asks.
 */
export function createWalSync(dataDir: string, options: WalSyncOptions = {}): () => Promise<void> {
  const walDir = path.join(path.resolve(dataDir), 'pg_wal');
  /** Per segment name: its identity when a sync of it succeeded with its modification time settled. */
  let clean = new Map<string, string>();
  /** The segments (name and inode) when `pg_wal` was last synced; null before the first sync. */
  let listing: string | null = null;
  const syncNow = async () => {
    // Listing and stat are inline: metadata in the kernel's caches, cheaper than thread-pool round trips.
    const names = fs
      .readdirSync(walDir)
      .filter((n) => SEGMENT.test(n))
      .sort();
    // Read before the stats: a write after a stat is stamped no earlier than a tick before this.
    const now = BigInt(Date.now()) * 1_000_000n;
    const seen = names.map((name) => {
      const s = fs.statSync(path.join(walDir, name), { bigint: true });
      const identity = `${s.ino}:${s.size}:${s.mtimeNs}`;
      return { name, ino: s.ino, identity, settled: now - s.mtimeNs > SETTLED_NS };
    });
    const currentListing = seen.map((s) => `${s.name}:${s.ino}`).join(',');
    const dirty = seen.filter((s) => clean.get(s.name) !== s.identity);
    const syncDir = currentListing !== listing;
    await Promise.all([...dirty.map((s) => syncPath(path.join(walDir, s.name))), syncDir ? syncPath(walDir) : null]);
    const next = new Map<string, string>();
    for (const s of seen) if (s.settled) next.set(s.name, s.identity);
    clean = next;
    listing = currentListing;
    options.onSynced?.([...(syncDir ? ['.'] : []), ...dirty.map((s) => s.name)]);
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
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
