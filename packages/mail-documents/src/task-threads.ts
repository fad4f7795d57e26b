/**
 * Work that must not run on the thread answering HTTP and SMTP (parsing a message, combining its
 * attachments) runs in a few worker threads: one task per thread at a time, the others waiting.
 * Threads start when first needed, do not keep the process alive when idle, and end once idle for
 * `idleMs` (their heap and their modules go with them; the next task starts a fresh one); a task
 * past its time or memory ends its thread (its slot starts a fresh one for the next task): unlike
 * a timeout on the calling thread, that bounds the work, not only the wait.
 */
import type { Worker } from 'node:worker_threads';
import { startTaskThread, type TaskScript } from './start-thread.js';

export interface TaskThreadsOptions {
  /** The module each thread runs (it calls serveTasks). */
  script: TaskScript;
  size: number;
  /** Longest one task may take, in ms. */
  timeoutMs: number;
  /** Each thread's JavaScript heap, in MB. */
  memoryMb: number;
  /** What a task is, for the errors: "combining", "parsing the message". */
  what: string;
  /** A thread idle this long ends, in ms (default {@link DEFAULT_IDLE_MS}). */
  idleMs?: number;
}

/**
 * How long an idle thread is kept: long enough for the messages of one burst to share it, short
 * enough that a daemon does not hold a thread's heap and modules between bursts, nor into its idle
 * trim (docs/resources.md: about 25 MB a parsing thread, 12 to 14 MB the combining one; a fresh
 * thread and its message about 0.15 s of CPU).
 */
export const DEFAULT_IDLE_MS = 10_000;

/** A task's answer as it crosses threads: its value, or its error's message. */
export type TaskAnswer<T> = { value: T } | { error: string };

interface Slot {
  worker: Worker | null;
  /** Resolves once the worker has loaded its script: a task's time starts then, not at spawn. */
  ready: Promise<void>;
  busy: boolean;
  /** Settles the task in progress, with its answer or an error. */
  settle: ((answer: TaskAnswer<unknown> | Error) => void) | null;
  /** Ends the slot's idle thread, while it has one and no task. */
  idle: NodeJS.Timeout | null;
}

export class TaskThreads {
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];

  constructor(private readonly options: TaskThreadsOptions) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      worker: null,
      ready: Promise.resolve(),
      busy: false,
      settle: null,
      idle: null,
    }));
  }

  /** Threads alive (working or idle). */
  get liveThreads(): number {
    return this.slots.filter((slot) => slot.worker !== null).length;
  }

  /** Runs one task in a free thread; `request` is copied into it, except the buffers in `transfer`. */
  async run<T>(request: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    const slot = await this.acquire();
    try {
      const worker = (slot.worker ??= this.spawn(slot));
      worker.ref();
      const answer = await new Promise<TaskAnswer<unknown> | Error>((resolve) => {
        slot.settle = resolve;
        void slot.ready.then(() => {
          if (slot.worker === worker) this.post(slot, worker, request, transfer);
        });
      });
      if (answer instanceof Error) throw answer;
      if ('error' in answer) throw new Error(answer.error);
      return answer.value as T;
    } finally {
      slot.worker?.unref();
      this.release(slot);
    }
  }

  private post(slot: Slot, worker: Worker, request: unknown, transfer: ArrayBuffer[]): void {
    const resolve = slot.settle!;
    const timer = setTimeout(
      () => this.end(slot, new Error(`${this.options.what} took longer than ${this.options.timeoutMs} ms`)),
      this.options.timeoutMs,
    );
    slot.settle = (settled) => {
      clearTimeout(timer);
      slot.settle = null;
      resolve(settled);
    };
    worker.postMessage(request, transfer);
  }

  private spawn(slot: Slot): Worker {
    const worker = startTaskThread(this.options.script, { maxOldGenerationSizeMb: this.options.memoryMb });
    worker.unref();
    let loaded: () => void = () => undefined;
    slot.ready = new Promise((resolve) => (loaded = resolve));
    worker.on('message', (answer: TaskAnswer<unknown> | 'ready') => {
      if (answer === 'ready') loaded();
      else if (slot.worker === worker) slot.settle?.(answer);
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.end(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`${this.options.what} needed more than ${this.options.memoryMb} MB of memory`)
          : new Error(`${this.options.what} failed in its thread: ${error.message}`, { cause: error }),
        worker,
      ),
    );
    worker.on('exit', (code) =>
      this.end(slot, new Error(`${this.options.what}: its thread stopped (exit code ${code})`), worker),
    );
    return worker;
  }

  /** Ends the slot's thread (`only` if it is still that one): its task fails with `reason`. */
  private end(slot: Slot, reason: Error, only?: Worker): void {
    const worker = slot.worker;
    if (!worker || (only && worker !== only)) return;
    slot.worker = null;
    void worker.terminate();
    slot.settle?.(reason);
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      this.take(free);
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private take(slot: Slot): void {
    slot.busy = true;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
  }

  /** Hands the slot straight to the next waiter, or leaves its thread to end once idle. */
  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) {
      this.take(slot);
      next(slot);
      return;
    }
    slot.busy = false;
    const worker = slot.worker;
    if (!worker) return;
    slot.idle = setTimeout(() => {
      slot.idle = null;
      if (slot.busy || slot.worker !== worker) return;
      slot.worker = null;
      void worker.terminate();
    }, this.options.idleMs ?? DEFAULT_IDLE_MS);
    slot.idle.unref();
  }
}
