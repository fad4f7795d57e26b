/**
 * A fixed number of worker threads, each reading one page at a time with its own onnxruntime
 * sessions; created when first needed and reused. Aborting a page terminates the thread reading it
 * (a model run cannot be interrupted), and the slot gets a fresh thread on its next page. A thread
 * idle for `idleReleaseMs` is terminated (its models, and what its largest page grew, with it),
 * and the slot starts a new one on its next page. An idle pool does not keep the process alive.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GreyImage } from './grey-image.js';
import type { RecognizedWord } from './line-words.js';
import type { PipelineOptions } from './pipeline.js';
import type { PageRequest, PageResponse } from './protocol.js';

interface Slot {
  worker: Worker | null;
  busy: boolean;
  /** Ends the slot's thread once it has been idle long enough; set while the slot is free. */
  idle: NodeJS.Timeout | null;
}

/**
 * Built, the worker is ocr-worker.js beside this file. Run from the TypeScript sources (tests, tsx
 * scripts), it is ocr-worker.ts, which a thread can load only once tsx's loader is registered in
 * it (Node 20 threads inherit no loader, and `--import` in a thread's execArgv did not take).
 */
function createThread(workerData: PipelineOptions): Worker {
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
    this.slots = Array.from({ length: this.size }, () => ({ worker: null, busy: false, idle: null }));
  }

  /** Threads alive now: started and not yet ended (those being terminated included). */
  get live(): number {
    return this.slots.filter((slot) => slot.worker !== null).length + this.ending.size;
  }

  /** Words of one page in its pixels; rejects with `signal.reason` once `signal` aborts. */
  async read(image: GreyImage, signal?: AbortSignal): Promise<RecognizedWord[]> {
    const slot = await this.acquire(signal);
    try {
      return await this.runOn(slot, image, signal);
    } finally {
      this.release(slot);
    }
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

  /** Terminates every thread; later reads fail. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.ending];
    for (const slot of this.slots) {
      this.keep(slot);
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
   * Ends an idle slot's thread, as an aborted page's is ended: terminating it tears down its
   * isolate, whose onnxruntime sessions (models and buffers) are freed with it. Counted as live
   * until it has ended. The slot's next page starts a new one.
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

  private runOn(slot: Slot, image: GreyImage, signal: AbortSignal | undefined): Promise<RecognizedWord[]> {
    if (this.closed) return Promise.reject(new Error('The onnx OCR pool was closed'));
    const worker = (slot.worker ??= createThread(this.options));
    worker.ref();
    const id = this.nextId++;
    // A copy the thread owns: the caller's pixels may be a view into a larger buffer.
    const pixels = new Uint8Array(image.pixels);
    return new Promise<RecognizedWord[]>((resolve, reject) => {
      const settle = (): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (response: PageResponse): void => {
        if (response.id !== id) return;
        settle();
        if ('error' in response) reject(new Error(`onnx OCR failed: ${response.error}`));
        else resolve(response.words);
      };
      const discard = (error: unknown): void => {
        settle();
        if (slot.worker === worker) slot.worker = null;
        void worker.terminate();
        reject(error);
      };
      const onError = (error: Error): void => discard(error);
      const onExit = (code: number): void => discard(new Error(`The onnx OCR thread exited (code ${code})`));
      const onAbort = (): void => discard(signal?.reason);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) return onAbort();
      worker.postMessage({ id, width: image.width, height: image.height, pixels } satisfies PageRequest, [
        pixels.buffer,
      ]);
    });
  }
}
