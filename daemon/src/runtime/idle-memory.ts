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
import { mallocTrim, mallocTrimAsync, type TrimOutcome } from '../reading/malloc-trim.js';

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

/**
 * A body this large or larger, once done with, asks for a trim: a document's upload (JSON with
 * base64 or multipart) or a mail message. The API's other bodies are a few kilobytes. glibc maps
 * blocks above its mmap threshold (128 KiB at first) apart and unmaps them when freed, but the
 * threshold rises to the largest such block freed (up to 32 MiB), so after the first large body
 * the next ones land in its arenas: receipt photos of 0.1 to 0.6 MB (0.35 to 0.8 MB in base64)
 * are the common upload. At 1 MB, 4 of the bodies of `npm run bench:memory` asked for a trim, at
 * 256 KiB 29 of them (docs/resources.md).
 */
export const BODY_TRIM_BYTES = 256 * 1024;

/**
 * How long after a large body the trim runs, and the least time between two trims. A trim costs
 * 10 to 90 ms of a thread: at most one a second keeps it under a tenth of a core under any load,
 * and the second lets the body's buffers be collected (the trim returns only what is free) while
 * the bodies of a burst join one trim.
 */
export const BODY_TRIM_DELAY_MS = 1000;

export interface BodyTrimOptions {
  /** The asynchronous trim (glibc's malloc_trim on a worker thread by default). */
  trim?: () => Promise<TrimOutcome>;
  minBytes?: number;
  delayMs?: number;
}

/**
 * Returns the memory of large bodies while the daemon works, without blocking the event loop:
 * each large body done with asks for a trim; the first arms a timer of `delayMs`, the bodies
 * before it fires join it, at most one trim is in flight and one asked for meanwhile runs
 * `delayMs` after it ends. The trim runs on a thread; one that fails or is missing is logged
 * (once) and never fails the request or message it followed.
 */
export class BodyTrim {
  private readonly trim: () => Promise<TrimOutcome>;
  private readonly minBytes: number;
  private readonly delayMs: number;
  private timer: NodeJS.Timeout | undefined;
  private inFlight = false;
  /** Bodies asked for since the last trim started, and the logger of the last one. */
  private waiting = { bodies: 0, bytes: 0 };
  private logger: Logger | undefined;
  private warned = false;
  /** Trims run (for tests and the log). */
  trims = 0;

  constructor(options: BodyTrimOptions = {}) {
    this.trim = options.trim ?? mallocTrimAsync;
    this.minBytes = options.minBytes ?? BODY_TRIM_BYTES;
    this.delayMs = options.delayMs ?? BODY_TRIM_DELAY_MS;
  }

  /** A body of `bytes` is done with (parsed and handed on, or refused). */
  afterBody(bytes: number, logger: Logger): void {
    if (!(bytes >= this.minBytes)) return;
    this.waiting.bodies++;
    this.waiting.bytes += bytes;
    this.logger = logger;
    if (!this.inFlight) this.arm();
  }

  /** Stops a trim from being started (a stopping daemon); one in flight ends on its own. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = { bodies: 0, bytes: 0 };
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, this.delayMs);
    this.timer.unref();
  }

  private run(): void {
    const logger = this.logger;
    const asked = this.waiting;
    this.waiting = { bodies: 0, bytes: 0 };
    this.inFlight = true;
    const before = process.memoryUsage.rss();
    const started = performance.now();
    let trimming: Promise<TrimOutcome>;
    try {
      trimming = this.trim();
    } catch (error) {
      trimming = Promise.reject(error instanceof Error ? error : new Error('the trim could not be started'));
    }
    trimming.then(
      (outcome) => {
        this.trims++;
        logger?.debug(
          {
            bodies: asked.bodies,
            body_mb: Math.round(asked.bytes / MB),
            trim: outcome,
            rss_was_mb: Math.round(before / MB),
            rss_mb: Math.round(process.memoryUsage.rss() / MB),
            took_ms: Math.round(performance.now() - started),
          },
          'returned the free memory of large bodies',
        );
        this.settled();
      },
      (error: unknown) => {
        if (!this.warned) logger?.warn({ err: error }, 'could not return the free memory of large bodies');
        this.warned = true;
        this.settled();
      },
    );
  }

  private settled(): void {
    this.inFlight = false;
    if (this.waiting.bodies > 0) this.arm();
  }
}

/** The daemon's process has one allocator, so its HTTP and SMTP edges share one trim. */
export const processBodyTrim = new BodyTrim();
