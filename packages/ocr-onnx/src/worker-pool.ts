/**
 * A fixed number of worker threads, each reading one page at a time with its own onnxruntime
 * sessions; created when first needed and reused. A model run cannot be interrupted, and a thread
 * must not be terminated during one (onnxruntime-node's binding then aborts the whole process:
 * pipeline.ts), so aborting a page raises its slot's stop flag: the caller's promise rejects at
 * once, the thread gives the page up at its next model run, and the slot, models loaded, takes the
 * next page once the thread has answered. A thread is terminated only between pages: idle for
 * `idleReleaseMs` (its models, and what its largest page grew, go with it; the slot starts a new
 * one on its next page), released for another engine, or at `close()`, which stops the pages
 * being read first. An idle pool does not keep the process alive.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GreyImage } from './grey-image.js';
import type { RecognizedWord } from './line-words.js';
import type { PipelineOptions } from './pipeline.js';
import type { PageRequest, PageResponse, ThreadData } from './protocol.js';

interface Slot {
  worker: Worker | null;
  /** The stop flag its threads read before each model run (protocol.ts, ThreadData). */
  stop: Int32Array;
  busy: boolean;
  /** Settles once the thread has answered the page it reads (or has ended); null between pages. */
  page: Promise<unknown> | null;
  /** Ends the slot's thread once it has been idle long enough; set while the slot is free. */
  idle: NodeJS.Timeout | null;
}

/**
 * Built, the worker is ocr-worker.js beside this file. Run from the TypeScript sources (tests, tsx
 * scripts), it is ocr-worker.ts, which a thread can load only once tsx's loader is registered in
 * it (Node 20 threads inherit no loader, and `--import` in a thread's execArgv did not take).
 */
function createThread(workerData: ThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./ocr-worker.js', import.meta.url), { workerData });
  const script = new URL('./ocr-worker.ts', import.meta.url).href;
  // tsx's ESM API (resolve() names its CommonJS twin); tsImport loads a module graph through tsx.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => tsx.tsImport(${JSON.stringify(script)}, ${JSON.stringify(script)}))`;
  return new Worker(boot, { eval: true, workerData });
}

export class OnnxWorkerPool {
  readonly size: number;
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  /** Idle threads being terminated, until they have ended. */
  private readonly ending = new Set<Worker>();
  private closed = false;
  private nextId = 0;

  /** `idleReleaseMs`: a thread idle this long is ended (0: threads stay until `close()`). */
  constructor(
    size: number,
    private readonly options: PipelineOptions,
    private readonly idleReleaseMs = 0,
  ) {
    this.size = Math.max(1, Math.floor(size));
    this.slots = Array.from({ length: this.size }, () => ({
      worker: null,
      stop: new Int32Array(new SharedArrayBuffer(4)),
      busy: false,
      page: null,
      idle: null,
    }));
  }

  /** Threads alive now: started and not yet ended (those being terminated included). */
  get live(): number {
    return this.slots.filter((slot) => slot.worker !== null).length + this.ending.size;
  }

  /**
   * Words of one page in its pixels; rejects with `signal.reason` once `signal` aborts (the slot
   * stays taken until its thread has given the page up).
   */
  async read(image: GreyImage, signal?: AbortSignal): Promise<RecognizedWord[]> {
    const slot = await this.acquire(signal);
    const answer = this.runOn(slot, image);
    slot.page = answer;
    void answer.then(() => this.release(slot));
    const outcome = await untilAborted(answer, signal, () => Atomics.store(slot.stop, 0, 1));
    if (outcome instanceof Error) throw outcome;
    if ('words' in outcome) return outcome.words;
    throw new Error('error' in outcome ? `onnx OCR failed: ${outcome.error}` : 'The onnx OCR pool was closed');
  }

  /**
   * Ends the threads not reading now beyond `keep` of them, without waiting for their idle period
   * (another engine is about to read, or the reader is over its memory budget); their slots start
   * new ones on their next page. Resolves once those threads have ended.
   */
  releaseIdle(keep = 0): Promise<void> {
    const ending: Promise<void>[] = [];
    let kept = 0;
    for (const slot of this.slots) {
      if (slot.busy || slot.worker === null) continue;
      if (kept++ < keep) continue;
      this.keep(slot);
      ending.push(this.retire(slot));
    }
    return Promise.all(ending).then(() => undefined);
  }

  /**
   * Stops the pages being read (each at its thread's next model run), then terminates every
   * thread; later reads fail. Idempotent.
   */
  async close(): Promise<void> {
    this.closed = true;
    const pages: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      this.keep(slot);
      Atomics.store(slot.stop, 0, 1);
      if (slot.page) pages.push(slot.page);
    }
    await Promise.all(pages);
    const workers = [...this.ending];
    for (const slot of this.slots) {
      if (slot.worker) workers.push(slot.worker);
      slot.worker = null;
    }
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private acquire(signal: AbortSignal | undefined): Promise<Slot> {
    if (this.closed) return Promise.reject(new Error('The onnx OCR pool was closed'));
    signal?.throwIfAborted();
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

  private release(slot: Slot): void {
    slot.page = null;
    const next = this.waiting.shift();
    if (next) next(slot);
    else {
      slot.busy = false;
      slot.worker?.unref();
      if (slot.worker && this.idleReleaseMs > 0 && !this.closed)
        slot.idle = setTimeout(() => void this.retire(slot), this.idleReleaseMs).unref();
    }
  }

  /** Cancels the slot's idle countdown: it has work again (or the pool is closing). */
  private keep(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
  }

  /**
   * Ends an idle slot's thread: terminating it tears down its isolate, whose onnxruntime sessions
   * (models and buffers) are freed with it. Counted as live until it has ended. The slot's next
   * page starts a new one.
   */
  private retire(slot: Slot): Promise<void> {
    slot.idle = null;
    const worker = slot.worker;
    if (!worker || slot.busy) return Promise.resolve();
    slot.worker = null;
    this.ending.add(worker);
    const ended = (): void => {
      this.ending.delete(worker);
    };
    return worker.terminate().then(ended, ended);
  }

  /**
   * The thread's answer to one page, or the error that ended the thread; never rejects. The thread
   * is terminated here only when it has already failed (an uncaught error, or its exit).
   */
  private runOn(slot: Slot, image: GreyImage): Promise<PageResponse | Error> {
    if (this.closed) return Promise.resolve(new Error('The onnx OCR pool was closed'));
    Atomics.store(slot.stop, 0, 0);
    const worker = (slot.worker ??= createThread({ pipeline: this.options, stop: slot.stop }));
    worker.ref();
    const id = this.nextId++;
    // A copy the thread owns: the caller's pixels may be a view into a larger buffer.
    const pixels = new Uint8Array(image.pixels);
    return new Promise<PageResponse | Error>((resolve) => {
      const settle = (outcome: PageResponse | Error): void => {
        worker.off('message', onMessage);
        worker.off('error', onGone);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const onMessage = (response: PageResponse): void => {
        if (response.id === id) settle(response);
      };
      const onGone = (error: Error): void => {
        if (slot.worker === worker) slot.worker = null;
        void worker.terminate();
        settle(error);
      };
      const onExit = (code: number): void => onGone(new Error(`The onnx OCR thread exited (code ${code})`));
      worker.on('message', onMessage);
      worker.on('error', onGone);
      worker.on('exit', onExit);
      worker.postMessage({ id, width: image.width, height: image.height, pixels } satisfies PageRequest, [
        pixels.buffer,
      ]);
    });
  }
}

/** `work`'s outcome, unless `signal` aborts first: then `onAbort` runs and the promise rejects with its reason. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(signal.reason);
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void work.then((outcome) => {
      signal.removeEventListener('abort', abort);
      resolve(outcome);
    });
  });
}
