/**
 * core's DocumentCombiner: the attachments of a message merged into one PDF (combine-documents.ts)
 * in a thread of its own, never on the thread that answers HTTP and SMTP. The thread is started
 * when first needed, combines one message at a time, does not keep the process alive when idle,
 * and is ended (a fresh one next time) when a message runs past its time or memory.
 */
import type { Worker } from 'node:worker_threads';
import { DEFAULT_DOCUMENT_LIMITS } from '@intake/core';
import type { CombinableDocument, DocumentCombiner } from '@intake/core/internal';
import type { CombineResponse } from './combine-protocol.js';
import { startCombineThread } from './start-thread.js';

/** Options of {@link createPdfCombiner}; every one has a default. */
export interface PdfCombinerOptions {
  /** Most pages of the combined PDF (default DEFAULT_DOCUMENT_LIMITS.maxPages, MAX_PAGES_PER_DOCUMENT's). */
  maxPages?: number;
  /** Longest one message's combining may take, in ms (default 30,000, PDF_WORKER_TIMEOUT_MS's). */
  timeoutMs?: number;
  /** The thread's JavaScript heap, in MB (default 512, PDF_WORKER_MEMORY_MB's). */
  memoryMb?: number;
}

interface Pending {
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Core's `DocumentCombiner`: merges PDFs and images (PNG, JPEG, TIFF, WEBP) into one PDF, in order. */
export function createPdfCombiner(options: PdfCombinerOptions = {}): DocumentCombiner {
  const maxPages = options.maxPages ?? DEFAULT_DOCUMENT_LIMITS.maxPages;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const memoryMb = options.memoryMb ?? 512;
  let worker: Worker | null = null;
  let pending: Pending | null = null;
  let nextId = 0;
  /** One message at a time: each combine waits for the one before. */
  let queue: Promise<unknown> = Promise.resolve();

  const end = (ended: Worker, reason: Error): void => {
    if (worker === ended) worker = null;
    void ended.terminate();
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.reject(reason);
    pending = null;
  };

  const spawn = (): Worker => {
    const thread = startCombineThread({ maxOldGenerationSizeMb: memoryMb });
    thread.unref();
    thread.on('message', (response: CombineResponse) => {
      if (!pending) return;
      const { resolve, reject, timer } = pending;
      pending = null;
      clearTimeout(timer);
      thread.unref();
      if ('pdf' in response) resolve(response.pdf);
      else reject(new Error(response.error));
    });
    thread.on('error', (error: Error & { code?: string }) =>
      end(
        thread,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`combining needed more than ${memoryMb} MB of memory`)
          : new Error(`the combining thread failed: ${error.message}`, { cause: error }),
      ),
    );
    thread.on('exit', (code) => end(thread, new Error(`the combining thread stopped (exit code ${code})`)));
    return thread;
  };

  const combineOne = (documents: readonly CombinableDocument[]): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      const thread = (worker ??= spawn());
      const timer = setTimeout(() => end(thread, new Error(`combining took longer than ${timeoutMs} ms`)), timeoutMs);
      pending = { resolve, reject, timer };
      thread.ref();
      // The documents are copied into the thread (the caller keeps its bytes); the PDF comes back moved.
      thread.postMessage({ id: nextId++, documents, maxPages });
    });

  return {
    combine(documents) {
      if (documents.length === 0) return Promise.reject(new Error('No documents to combine'));
      const result = queue.then(() => combineOne(documents));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
