/**
 * PDF threads: everything pdfjs does with a document's content (parsing, text, rendering, embedded
 * files, page counts) runs in one of a fixed number of worker threads, never on the thread that
 * answers HTTP and SMTP. Each thread has a memory limit (its JavaScript heap: an overrun ends the
 * thread) and each step a time budget (past it the thread is ended); either way the document fails
 * with document_too_large and the slot gets a fresh thread on its next document. A reading holds
 * its thread from opening the document to closing it; idle threads do not keep the process alive,
 * and a thread idle for `idleReleaseMs` is ended (pdfjs' heap, its font and image caches and the
 * canvas memory go with its isolate); the slot starts a new one on its next document.
 */
import { DocumentError } from '@intake/core/reading';
import type { PdfBudget } from '../../budget.js';
import { createPdfThread } from './create-thread.js';
import type { PdfRequest, PdfResponse, PdfValue, ThreadError } from './protocol.js';
import type { Worker } from 'node:worker_threads';

/** A document refused as too large by a PDF thread (a limit, its memory or its time budget). */
export interface PdfRefusal {
  reason: 'limit' | 'memory' | 'time';
  message: string;
}

export interface PdfThreadsOptions extends PdfBudget {
  size: number;
  /** Told of every document refused as too large, e.g. to log a warning. */
  onRefused?: ((refusal: PdfRefusal) => void) | undefined;
}

/**
 * The young generation of a thread's JavaScript heap, in MB (V8's default is 48 for a 64-bit
 * process: two 16 MB semi-spaces and the space beside them). pdfjs fills it as it parses and
 * renders, and a thread keeps what it filled; 12 (4 MB semi-spaces) lowered the reader process's
 * peaks by 60 to 90 MB with three PDF threads alive, at no more CPU (docs/resources.md).
 */
const YOUNG_GENERATION_MB = 12;

type Request = PdfRequest extends infer R ? (R extends PdfRequest ? Omit<R, 'id'> : never) : never;
/** One request to the thread a reading holds. */
export type PdfCall = (request: Request) => Promise<PdfValue>;

interface Pending {
  resolve: (value: PdfValue) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

/** One thread and the requests it has not answered yet. */
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Why it ended; later requests fail with it. */
  ended: Error | undefined;
}

interface Slot {
  thread: Thread | null;
  busy: boolean;
  /**
   * The reading holding the slot has made its first call: its thread holds its document. Until
   * then (a reading waiting at the memory gate to open its document) the thread is idle, and
   * releaseIdle may end it; the first call starts a new one.
   */
  used: boolean;
  /** Ends the slot's thread once it has been idle long enough; set while the slot is free. */
  idle: NodeJS.Timeout | null;
}

export class PdfThreads {
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  /** Threads ended for idleness or a budget, until they have exited. */
  private readonly ending = new Set<Worker>();
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: PdfThreadsOptions) {
    const size = Math.max(1, Math.floor(options.size));
    this.slots = Array.from({ length: size }, () => ({ thread: null, busy: false, used: false, idle: null }));
  }

  /** Threads alive now: started and not yet exited (those being ended included). */
  get live(): number {
    return this.slots.filter((slot) => slot.thread !== null).length + this.ending.size;
  }

  /** Whether a run would start now, without waiting: a slot is free (its thread alive or not). */
  get hasFreeSlot(): boolean {
    return !this.closed && this.slots.some((slot) => !slot.busy);
  }

  /**
   * Runs `work` with one slot held for it (waiting for a free one). The slot's thread is taken with
   * `work`'s first call, and started then where the slot has none: a reading that waits (at the
   * reader's memory gate) before its first call holds no thread, and releaseIdle may end the one
   * its slot has meanwhile. Aborting ends the thread taken and rejects its requests with
   * `signal.reason`.
   */
  async run<T>(signal: AbortSignal | undefined, work: (call: PdfCall) => Promise<T>): Promise<T> {
    const slot = await this.acquire(signal);
    let thread: Thread | null = null;
    const onAbort = (): void => this.end(slot, thread, asError(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      signal?.throwIfAborted();
      return await work((request) => {
        if (thread === null) {
          thread = slot.thread ??= this.spawn(slot);
          slot.used = true;
          thread.worker.ref();
        }
        return this.call(slot, thread, request);
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
      (thread as Thread | null)?.worker.unref();
      slot.used = false;
      this.release(slot);
    }
  }

  /**
   * Ends the threads no reading uses beyond `keep` of them (those of free slots, and of slots whose
   * reading has not made its first call), without waiting for their idle period (the reader is
   * over its memory budget); their slots start new ones with their next call. Resolves once those
   * threads have exited.
   */
  releaseIdle(keep = 0): Promise<void> {
    const ending: Promise<unknown>[] = [];
    let kept = 0;
    for (const slot of this.slots) {
      const thread = slot.thread;
      if (slot.used || thread === null) continue;
      if (kept++ < keep) continue;
      this.keep(slot);
      const exited = new Promise((resolve) => thread.worker.once('exit', resolve));
      this.end(slot, thread, new Error('The PDF thread was ended to free memory'));
      ending.push(exited);
    }
    return Promise.all(ending).then(() => undefined);
  }

  /** Ends every thread; later runs fail. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const ending: Promise<number>[] = [];
    for (const slot of this.slots) {
      this.keep(slot);
      if (slot.thread) ending.push(slot.thread.worker.terminate());
      this.end(slot, slot.thread, new Error('The PDF threads were closed'));
    }
    await Promise.all(ending);
  }

  private call(slot: Slot, thread: Thread, request: Request): Promise<PdfValue> {
    if (thread.ended !== undefined) return Promise.reject(thread.ended);
    const id = this.nextId++;
    return new Promise<PdfValue>((resolve, reject) => {
      const timer = setTimeout(() => this.end(slot, thread, this.overBudget('time')), this.options.stepTimeoutMs);
      thread.pending.set(id, { resolve, reject, timer });
      // The caller keeps its bytes: they are copied into the thread, not moved.
      thread.worker.postMessage({ ...request, id });
    });
  }

  private spawn(slot: Slot): Thread {
    const worker = createPdfThread({
      maxOldGenerationSizeMb: this.options.memoryMb,
      maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
    });
    worker.unref();
    const thread: Thread = { worker, pending: new Map(), ended: undefined };
    worker.on('message', (response: PdfResponse) => this.answer(thread, response));
    worker.on('error', (error: Error & { code?: string }) =>
      this.end(
        slot,
        thread,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? this.overBudget('memory')
          : new Error(`A PDF thread failed: ${error.message}`, { cause: error }),
      ),
    );
    worker.on('exit', (code) => this.end(slot, thread, new Error(`A PDF thread stopped (exit code ${code})`)));
    return thread;
  }

  private answer(thread: Thread, response: PdfResponse): void {
    const pending = thread.pending.get(response.id);
    if (!pending) return;
    thread.pending.delete(response.id);
    clearTimeout(pending.timer);
    if ('value' in response) pending.resolve(response.value);
    else pending.reject(this.fromThread(response.error));
  }

  /** Ends a thread for `reason`: its requests fail with it, and its slot starts a fresh thread next time. */
  private end(slot: Slot, thread: Thread | null, reason: Error): void {
    if (!thread || thread.ended !== undefined) return;
    thread.ended = reason;
    if (slot.thread === thread) slot.thread = null;
    for (const pending of thread.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(reason);
    }
    thread.pending.clear();
    const { worker } = thread;
    this.ending.add(worker);
    const ended = (): void => {
      this.ending.delete(worker);
    };
    worker.terminate().then(ended, ended);
  }

  private fromThread(error: ThreadError): Error {
    if (error.code === undefined || error.suggestion === undefined) return new Error(error.message);
    const refused = new DocumentError(error.code as DocumentError['code'], error.message, error.suggestion);
    if (refused.code === 'document_too_large') this.options.onRefused?.({ reason: 'limit', message: error.message });
    return refused;
  }

  private overBudget(reason: 'memory' | 'time'): DocumentError {
    const message =
      reason === 'memory'
        ? `Reading the PDF needed more than ${this.options.memoryMb} MB of memory (PDF_WORKER_MEMORY_MB)`
        : `One step of reading the PDF took longer than ${this.options.stepTimeoutMs} ms (PDF_WORKER_TIMEOUT_MS)`;
    this.options.onRefused?.({ reason, message });
    return new DocumentError(
      'document_too_large',
      message,
      'Print or export the document to a new PDF, or split it, and send that file',
    );
  }

  private acquire(signal: AbortSignal | undefined): Promise<Slot> {
    if (this.closed) return Promise.reject(new Error('The PDF threads were closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      this.keep(free);
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => {
      const take = (slot: Slot): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(slot);
      };
      const onAbort = (): void => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(take);
    });
  }

  /** Hands the slot straight to the next waiter; otherwise its thread's idle countdown starts. */
  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) return next(slot);
    slot.busy = false;
    const thread = slot.thread;
    const ms = this.options.idleReleaseMs;
    if (thread && ms > 0 && !this.closed)
      slot.idle = setTimeout(() => {
        slot.idle = null;
        if (!slot.busy) this.end(slot, thread, new Error('The PDF thread was ended after an idle period'));
      }, ms).unref();
  }

  /** Cancels the slot's idle countdown: it has work again (or the threads are closing). */
  private keep(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
  }
}

/** An abort's reason is an Error unless the caller passed something else. */
const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));
