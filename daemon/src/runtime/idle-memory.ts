/**
 * What the daemon's own process gives back once it is idle: the reader process has ended after
 * `OCR_IDLE_RELEASE_MS` without a document (so no document is being read, counted or pictured),
 * and the daemon then trims glibc's allocator. The HTTP bodies, IPC copies of documents, mail
 * parsing and the threads that ended meanwhile (the JSON body thread, the review screen's PDF
 * thread) freed their memory into arenas the process keeps, between blocks still in use, where
 * only a trim returns it: measured with `npm run bench:memory`, see docs/resources.md.
 */
import type { Logger } from '../logger.js';
import { mallocTrim } from '../reading/malloc-trim.js';

const MB = 1024 * 1024;

/** Trims the allocator now, and logs what the process held before and after, and how long it took. */
export function releaseIdleMemory(logger: Logger): void {
  const before = process.memoryUsage.rss();
  const started = performance.now();
  mallocTrim();
  const tookMs = Math.round(performance.now() - started);
  const after = process.memoryUsage.rss();
  logger.info(
    { rss_before_mb: Math.round(before / MB), rss_mb: Math.round(after / MB), took_ms: tookMs },
    'idle: the reader process ended and the daemon returned its free memory',
  );
}
