/**
 * Reads the bodies that carry a document (`POST /v1/documents` as JSON, `POST
 * /api/email-ingestion/test`) off the event loop: one thread, started when first needed, takes a
 * body's bytes (moved, not copied), parses it by the API's rules and decodes its document from
 * base64 (json-thread.ts). Bodies wait their turn; a body past its time or memory ends the thread
 * (the next one starts a fresh one), and an idle thread ends after a while so its heap is given
 * back.
 */
import type { Worker } from 'node:worker_threads';
import { startOwnThread } from '../../runtime/start-thread.js';
import type { JsonThreadAnswer, JsonThreadRequest } from './json-thread.js';

export interface JsonThreadOptions {
  /** The largest body it is given, in bytes: its heap is sized from it. */
  maxBodyBytes: number;
  /** Longest one body may take, in ms. */
  timeoutMs?: number;
  /** An idle thread ends after this many ms. */
  idleMs?: number;
}

export type DecodedBody =
  Extract<JsonThreadAnswer, { value: unknown }> | Extract<JsonThreadAnswer, { problem: unknown }>;

export class JsonThread {
  private worker: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private queue: Promise<unknown> = Promise.resolve();
  private settle: ((answer: JsonThreadAnswer | Error) => void) | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly memoryMb: number;

  constructor(options: JsonThreadOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.idleMs = options.idleMs ?? 30_000;
    // The text, the parsed string and the decoded bytes of one body at once, with room to spare.
    this.memoryMb = 64 + Math.ceil((6 * options.maxBodyBytes) / (1024 * 1024));
  }

  /** Parses `body` (its buffer is moved to the thread: do not use it afterwards). */
  decode(body: Uint8Array, documentMember: string): Promise<DecodedBody> {
    const turn = this.queue.then(() => this.run({ body, documentMember }));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async run(request: JsonThreadRequest): Promise<DecodedBody> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.spawn());
    worker.ref();
    try {
      await this.ready;
      const answer = await new Promise<JsonThreadAnswer | Error>((resolve) => {
        const timer = setTimeout(
          () => this.end(new Error(`reading the body took longer than ${this.timeoutMs} ms`)),
          this.timeoutMs,
        );
        this.settle = (settled) => {
          clearTimeout(timer);
          this.settle = null;
          resolve(settled);
        };
        if (this.worker !== worker) return this.settle(new Error('the body reader stopped'));
        const buffer = request.body.buffer as ArrayBuffer;
        const movable = request.body.byteOffset === 0 && request.body.byteLength === buffer.byteLength;
        worker.postMessage(request, movable ? [buffer] : []);
      });
      if (answer instanceof Error) throw answer;
      if ('error' in answer) throw new Error(answer.error);
      return answer;
    } finally {
      this.worker?.unref();
      this.idleTimer = setTimeout(() => this.end(null), this.idleMs);
      this.idleTimer.unref();
    }
  }

  private spawn(): Worker {
    // It imports nothing but json-text.ts and Node's own modules.
    const worker = startOwnThread(import.meta.url, 'json-thread', {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
    });
    worker.unref();
    let loaded: () => void = () => undefined;
    this.ready = new Promise((resolve) => (loaded = resolve));
    worker.on('message', (answer: JsonThreadAnswer | 'ready') => {
      if (answer === 'ready') loaded();
      else if (this.worker === worker) this.settle?.(answer);
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.end(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`reading the body needed more than ${this.memoryMb} MB of memory`)
          : new Error(`the body reader failed: ${error.message}`, { cause: error }),
        worker,
      ),
    );
    worker.on('exit', (code) => this.end(new Error(`the body reader stopped (exit code ${code})`), worker));
    return worker;
  }

  /** Ends the thread (`only` if it is still that one); a body in progress fails with `reason`. */
  private end(reason: Error | null, only?: Worker): void {
    const worker = this.worker;
    if (!worker || (only && worker !== only)) return;
    this.worker = null;
    void worker.terminate();
    if (reason) this.settle?.(reason);
  }
}
