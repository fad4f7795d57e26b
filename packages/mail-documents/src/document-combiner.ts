/**
 * core's DocumentCombiner: the attachments of a message merged into one PDF (combine-documents.ts)
 * in a thread of its own (task-threads.ts), never on the thread that answers HTTP and SMTP, one
 * message at a time.
 */
import { DEFAULT_DOCUMENT_LIMITS } from '@intake/core';
import type { DocumentCombiner } from '@intake/core/ports';
import type { CombineRequest } from './combine-thread.js';
import { TaskThreads } from './task-threads.js';

/** Options of {@link createPdfCombiner}; every one has a default. */
export interface PdfCombinerOptions {
  /** Most pages of the combined PDF (default DEFAULT_DOCUMENT_LIMITS.maxPages, MAX_PAGES_PER_DOCUMENT's). */
  maxPages?: number;
  /** Longest one message's combining may take, in ms (default 30,000, PDF_WORKER_TIMEOUT_MS's). */
  timeoutMs?: number;
  /** The thread's JavaScript heap, in MB (default 512, PDF_WORKER_MEMORY_MB's). */
  memoryMb?: number;
  /** The thread idle this long ends, in ms (default 10 s). */
  idleMs?: number;
}

/** The combiner, and whether its thread is alive (0 or 1). */
export interface PdfCombiner extends DocumentCombiner {
  readonly liveThreads: number;
}

/** Core's `DocumentCombiner`: merges PDFs and images (PNG, JPEG, TIFF, WEBP) into one PDF, in order. */
export function createPdfCombiner(options: PdfCombinerOptions = {}): PdfCombiner {
  const maxPages = options.maxPages ?? DEFAULT_DOCUMENT_LIMITS.maxPages;
  const threads = new TaskThreads({
    script: 'combine-thread',
    size: 1,
    timeoutMs: options.timeoutMs ?? 30_000,
    memoryMb: options.memoryMb ?? 512,
    what: 'combining',
    idleMs: options.idleMs,
  });
  return {
    combine(documents) {
      if (documents.length === 0) return Promise.reject(new Error('No documents to combine'));
      // The documents are copied into the thread: the caller keeps its bytes.
      return threads.run<Uint8Array>({ documents, maxPages } satisfies CombineRequest);
    },
    get liveThreads() {
      return threads.liveThreads;
    },
  };
}
