/**
 * What the daemon's own process gives back once it has started and once it is idle. Once started:
 * what loading its modules, opening the database and starting its parts freed (V8's compilation
 * and parsing buffers most: it has malloced about 75 MB at its peak by then, 1 MB once ready) lies
 * in glibc's arenas, about 27 MB that only a trim returns; and the compiling and collecting of its
 * first seconds takes about as much again from the allocator, so a daemon that reads nothing trims
 * once more an idle period (`OCR_IDLE_RELEASE_MS`) after its start. Once idle: the reader process has ended after
 * `OCR_IDLE_RELEASE_MS` without a document (so no document is being read, counted or pictured),
 * and the daemon then trims glibc's allocator. The HTTP bodies, IPC copies of documents, mail
 * parsing and the threads that ended meanwhile (the JSON body thread, the review screen's PDF
 * thread) freed their memory into arenas the process keeps, between blocks still in use, where
 * only a trim returns it: measured with `npm run bench:memory`, see docs/resources.md.
 */
import type { Logger } from '../logger.js';
import { mallocTrim } from '../reading/malloc-trim.js';

const MB = 1024 * 1024;

/** Why the daemon is idle: its reader process ended idle, or it has read nothing since its start. */
export type IdleReason = 'reader-ended' | 'nothing-read';

const IDLE_MESSAGES: Record<IdleReason, string> = {
  'reader-ended': 'idle: the reader process ended and the daemon returned its free memory',
  'nothing-read': 'idle: nothing read since the start, and the daemon returned its free memory',
};

/** Trims the allocator now, and logs what the process held before and after, and how long it took. */
export function releaseIdleMemory(logger: Logger, reason: IdleReason = 'reader-ended'): void {
  const before = process.memoryUsage.rss();
  const started = performance.now();
  mallocTrim();
  const tookMs = Math.round(performance.now() - started);
  const after = process.memoryUsage.rss();
  logger.info(
    { rss_before_mb: Math.round(before / MB), rss_mb: Math.round(after / MB), took_ms: tookMs },
    IDLE_MESSAGES[reason],
  );
}

/**
 * Trims the allocator once the daemon has started; returns its resident MB after the trim and what
 * the trim gave back (not `rss_before_mb`: that names an idle trim's line to `npm run bench:memory`).
 */
export function releaseStartMemory(): { rss_mb: number; trim_returned_mb: number } {
  const before = process.memoryUsage.rss();
  mallocTrim();
  const after = process.memoryUsage.rss();
  // The daemon's other threads (V8's compilers, libuv's, PGlite's) may allocate while it trims:
  // a process that grew meanwhile is reported as having got nothing back, not a negative amount.
  return { rss_mb: Math.round(after / MB), trim_returned_mb: Math.max(0, Math.round((before - after) / MB)) };
}
