/**
 * The daemon's sender checks, off the thread that answers HTTP and SMTP: one worker thread
 * (auth-thread.ts), started with the first message, loads mailauth and computes each message's
 * verdicts; messages that arrive together share it (their checks wait on DNS, not on the CPU), and
 * it ends once idle for `idleMs`, its heap and modules with it.
 *
 * Why a thread: mailauth and what it brings (undici, joi, the X.509 parsers) are about 0.3 s of CPU
 * to load, and loaded on the event loop, even in slices of one dependency each (30 to 135 ms), they
 * held the SMTP banner, which waits for several turns of the loop, past its 250 ms
 * (test/api/decompression-bomb.test.ts); a DKIM body hash of a large message is CPU work too.
 *
 * It never throws, as the port says: a thread that fails, runs out of memory, or has not answered
 * `timeoutMs` + GUARD_SLACK_MS after a check was handed to it is ended, and the checks it held get
 * `temperror` verdicts (told to `onError`); the next message starts a fresh thread.
 */
import type { Worker } from 'node:worker_threads';
import { withAuthenticated, type SenderAuthentication } from '@intake/core/email';
import type { SenderAuthenticator, SenderContext } from '@intake/core/ports';
import type { AuthThreadAnswer, AuthThreadData, AuthThreadRequest } from './auth-thread.js';
import { startOwnThread } from '../runtime/start-thread.js';
import { unavailable } from './unavailable.js';

export interface ThreadedSenderAuthOptions {
  /** `host` or `host:port`; empty: the system's resolvers. */
  servers: readonly string[];
  /** Per DNS attempt. */
  dnsTimeoutMs: number;
  /** Each check's budget in the thread: past it every verdict is `temperror`. */
  timeoutMs: number;
  /** Told about a check that threw, ran out of time, or lost its thread. */
  onError?: (error: Error) => void;
  /** An idle thread ends after this many ms (default DEFAULT_AUTH_IDLE_MS). */
  idleMs?: number;
}

/** As the mail parsing threads: the messages of one burst share the thread, a quiet daemon holds none. */
export const DEFAULT_AUTH_IDLE_MS = 10_000;

/** How long past its own budget a check may take before its thread is deemed stuck and ended. */
export const GUARD_SLACK_MS = 5_000;

/** How long the thread may take to load mailauth (a loaded machine) before it is deemed stuck. */
export const LOAD_TIMEOUT_MS = 60_000;

/**
 * The thread's JavaScript heap, in MB: mailauth's modules (about 10 MB) and a few checks' headers;
 * the message's bytes are outside it.
 */
const THREAD_HEAP_MB = 96;

export class ThreadedSenderAuthenticator implements SenderAuthenticator {
  private worker: Worker | null = null;
  /** Resolves true once the thread has loaded mailauth, false if it ended first. */
  private ready: Promise<boolean> = Promise.resolve(false);
  private readonly pending = new Map<number, (answer: AuthThreadAnswer | Error) => void>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly idleMs: number;
  /** Threads started so far (for tests and the log). */
  threadsStarted = 0;

  constructor(private readonly options: ThreadedSenderAuthOptions) {
    this.idleMs = options.idleMs ?? DEFAULT_AUTH_IDLE_MS;
  }

  /** Whether a thread is alive (checking or idle). */
  get live(): boolean {
    return this.worker !== null;
  }

  async authenticate(raw: Uint8Array, context: SenderContext): Promise<SenderAuthentication> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = (this.worker ??= this.spawn());
    worker.ref();
    const id = this.nextId++;
    try {
      const answer = await new Promise<AuthThreadAnswer | Error>((resolve) => {
        this.pending.set(id, resolve);
        void this.ready.then((loaded) => {
          if (!loaded || this.worker !== worker || !this.pending.has(id)) return;
          // A copy of its own, moved: the caller keeps `raw`, and a view's whole buffer is not sent.
          const copy = raw.slice();
          worker.postMessage({ id, raw: copy, context } satisfies AuthThreadRequest, [copy.buffer]);
          const guard = setTimeout(() => {
            this.end(
              new Error(
                `the sender checks' thread gave no answer within ${this.options.timeoutMs + GUARD_SLACK_MS} ms`,
              ),
              worker,
            );
          }, this.options.timeoutMs + GUARD_SLACK_MS);
          guard.unref();
          this.pending.set(id, (settled) => {
            clearTimeout(guard);
            resolve(settled);
          });
        });
      });
      if (answer instanceof Error) throw answer;
      for (const message of answer.errors) this.options.onError?.(new Error(message));
      return answer.authentication;
    } catch (error) {
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      return withAuthenticated(unavailable(context));
    } finally {
      this.pending.delete(id);
      if (this.pending.size === 0 && this.worker) this.idle(this.worker);
    }
  }

  /** Ends the thread (the checks it holds get `temperror`). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.end(new Error('the daemon is stopping'));
    await worker?.terminate();
  }

  private idle(worker: Worker): void {
    worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.end(null, worker), this.idleMs);
    this.idleTimer.unref();
  }

  private spawn(): Worker {
    const data: AuthThreadData = {
      servers: [...this.options.servers],
      dnsTimeoutMs: this.options.dnsTimeoutMs,
      timeoutMs: this.options.timeoutMs,
    };
    const worker = startOwnThread(import.meta.url, 'auth-thread', {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    this.threadsStarted++;
    let loaded: (value: boolean) => void = () => undefined;
    this.ready = new Promise<boolean>((resolve) => (loaded = resolve));
    const loadGuard = setTimeout(
      () => this.end(new Error(`the sender checks' thread did not start within ${LOAD_TIMEOUT_MS} ms`), worker),
      LOAD_TIMEOUT_MS,
    );
    loadGuard.unref();
    worker.on('message', (message: AuthThreadAnswer | 'ready') => {
      if (message === 'ready') {
        clearTimeout(loadGuard);
        loaded(true);
      } else if (this.worker === worker) this.pending.get(message.id)?.(message);
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.end(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`the sender checks needed more than ${THREAD_HEAP_MB} MB of memory`)
          : new Error(`the sender checks' thread failed: ${error.message}`, { cause: error }),
        worker,
      ),
    );
    worker.on('exit', (code) => {
      clearTimeout(loadGuard);
      loaded(false);
      this.end(new Error(`the sender checks' thread stopped (exit code ${code})`), worker);
    });
    return worker;
  }

  /** Ends the thread (`only` if it is still that one); the checks it holds settle with `reason`. */
  private end(reason: Error | null, only?: Worker): void {
    const worker = this.worker;
    if (!worker || (only && worker !== only)) return;
    this.worker = null;
    void worker.terminate();
    const settles = [...this.pending.values()];
    this.pending.clear();
    for (const settle of settles) settle(reason ?? new Error("the sender checks' thread ended"));
  }
}
