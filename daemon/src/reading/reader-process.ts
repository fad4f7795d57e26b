/**
 * The daemon's document reader in a child process of its own (reader-child.ts), started on the
 * first document and ended once no document has been read or inspected for `idleReleaseMs`.
 * Ending threads inside the daemon gave their JavaScript heaps back, but not what the C allocator
 * kept for them (arenas it seldom returns), nor PaddleOCR's and tesseract's native buffers in full:
 * a process that exits returns all of it. The daemon itself then holds the database and the
 * servers. The reading is the one createReader() builds, so the words read do not change; aborting
 * a read aborts it in the child (the OCR thread on it is terminated there), and a DocumentError
 * thrown there is thrown here with its code and suggestion.
 */
import type { ChildProcess } from 'node:child_process';
import type { DocumentInspection, DocumentReader, ReadDocument } from '@intake/core';
import { sniffMimeType } from '@intake/core/reading';
import { forkSibling } from '../runtime/fork-sibling.js';
import type { ReaderSettings } from './reader-settings.js';
import { uncrossError, type ChildStatus, type FromChild, type ToChild } from './reader-protocol.js';

/** The reader process as the daemon sees it: a DocumentReader, and what its gauges show. */
export interface ReaderProcess extends DocumentReader {
  /** What the reader process runs: createReader(settings) (the warning callback stays here). */
  readonly settings: Omit<ReaderSettings, 'onRefused' | 'afterPage' | 'afterRelease' | 'memoryBesides'>;
  /** OCR threads alive in the reader process (0 while none runs). */
  ocrWorkers(): { tesseract: number; engine: number };
  /** PDF threads alive in the reader process. */
  pdfThreads(): number;
  /** Reader processes alive: 1 while reading or idle less than `idleReleaseMs`, 0 after; 2 while one ends. */
  processes(): number;
  /** Their resident memory, as they last reported it. */
  residentBytes(): number;
  /** Ends the reader process; reads after it fail. Idempotent. */
  close(): Promise<void>;
}

/** How long a reader process asked to end may take before it is killed. */
const CLOSE_GRACE_MS = 10_000;
const NO_STATUS: ChildStatus = { tesseract: 0, engine: 0, pdf: 0, rssBytes: 0 };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Request = { type: 'read'; bytes: Uint8Array; mimeType: string } | { type: 'inspect'; bytes: Uint8Array };

/** glibc's arenas for the reader's threads: two, unless the operator chose (see docs/resources.md). */
const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });

/** The reader process (reader-child.ts), with the daemon's settings as its argument. */
function spawnChild(
  settings: Omit<ReaderSettings, 'onRefused' | 'afterPage' | 'afterRelease' | 'memoryBesides'>,
): ChildProcess {
  const module = {
    built: new URL('./reader-child.js', import.meta.url),
    source: new URL('./reader-child.ts', import.meta.url),
  };
  return forkSibling(module, [JSON.stringify(settings)], {
    serialization: 'advanced',
    env: childEnv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

class Child {
  readonly pending = new Map<number, Pending>();
  status: ChildStatus = NO_STATUS;
  private readonly queue: ToChild[] = [];
  private ready = false;
  private idle: NodeJS.Timeout | null = null;
  private exited = false;

  constructor(
    readonly proc: ChildProcess,
    onRefused: ReaderSettings['onRefused'],
    private readonly onExit: (child: Child) => void,
  ) {
    proc.on('message', (message: FromChild) => {
      if (message.type === 'ready') {
        this.ready = true;
        for (const queued of this.queue.splice(0)) this.proc.send(queued);
      } else if (message.type === 'status') this.status = message;
      else if (message.type === 'refused') onRefused?.(message.refusal);
      else if (message.type === 'done') this.pending.get(message.id)?.resolve(message.value);
      else this.pending.get(message.id)?.reject(uncrossError(message.error));
    });
    const ended = (reason: string): void => {
      if (this.exited) return;
      this.exited = true;
      this.keep();
      this.status = NO_STATUS;
      const error = new Error(`The document reader process ended (${reason})`);
      for (const pending of [...this.pending.values()]) pending.reject(error);
      onExit(this);
    };
    proc.on('exit', (code, signal) => ended(signal ?? `exit code ${code}`));
    proc.on('error', (error) => ended(error.message));
    this.quiet();
  }

  get alive(): boolean {
    return !this.exited;
  }

  send(message: ToChild): void {
    if (this.exited || !this.proc.connected) return;
    if (this.ready) this.proc.send(message);
    else this.queue.push(message);
  }

  /** Work arrived: no idle countdown, and the process keeps the daemon's event loop alive. */
  busy(): void {
    this.keep();
    this.proc.ref();
    this.proc.channel?.ref();
  }

  /** The last read or inspection settled: the idle countdown starts. */
  settled(idleMs: number, retire: (child: Child) => void): void {
    if (this.pending.size > 0 || this.exited) return;
    this.quiet();
    if (idleMs > 0) this.idle = setTimeout(() => retire(this), idleMs).unref();
  }

  /** Asks the process to end (it closes its reader and exits), and kills it if it does not. */
  end(): Promise<void> {
    this.keep();
    if (this.exited) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.proc.once('exit', () => resolve()));
    if (this.proc.connected) this.proc.send({ type: 'close' } satisfies ToChild);
    const kill = setTimeout(() => this.proc.kill('SIGKILL'), CLOSE_GRACE_MS).unref();
    return exited.finally(() => clearTimeout(kill));
  }

  private keep(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  /** An idle reader process does not keep the daemon (or a CLI command) running. */
  private quiet(): void {
    this.proc.unref();
    this.proc.channel?.unref();
  }
}

export interface ReaderProcessHooks {
  /**
   * Told each time the last reader process has ended (after its idle period, or died) with none
   * started since and the reader not closed: nothing is being read, so the daemon is idle.
   */
  onIdle?: () => void;
}

/** The reader createReader(settings) builds, run in a child process that ends when idle. */
export function createReaderProcess(settings: ReaderSettings, hooks: ReaderProcessHooks = {}): ReaderProcess {
  const { onRefused, afterPage: _afterPage, afterRelease: _afterRelease, ...childSettings } = settings;
  const idleMs = settings.idleReleaseMs ?? 60_000;
  const children = new Set<Child>();
  let current: Child | null = null;
  let closed = false;
  let nextId = 0;

  const retire = (child: Child): void => {
    if (child.pending.size > 0) return;
    if (current === child) current = null;
    void child.end();
  };
  const start = (): Child => {
    const child = new Child(spawnChild(childSettings), onRefused, (ended) => {
      children.delete(ended);
      if (current === ended) current = null;
      if (children.size === 0 && !closed) hooks.onIdle?.();
    });
    children.add(child);
    return child;
  };

  function call<T>(request: Request, signal: AbortSignal | undefined): Promise<T> {
    if (closed) return Promise.reject(new Error('The document reader was closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const child = (current ??= start());
    const id = nextId++;
    child.busy();
    return new Promise<T>((resolve, reject) => {
      const finish = (): void => {
        child.pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        child.settled(idleMs, retire);
      };
      const onAbort = (): void => {
        finish();
        child.send({ type: 'abort', id });
        reject(signal?.reason);
      };
      child.pending.set(id, {
        resolve: (value) => {
          finish();
          resolve(value as T);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      child.send({ ...request, id });
    });
  }

  const sum = (of: (status: ChildStatus) => number): number =>
    [...children].reduce((total, child) => total + of(child.status), 0);

  return {
    settings: childSettings,
    read: (bytes, mimeType, options = {}) => call<ReadDocument>({ type: 'read', bytes, mimeType }, options.signal),
    // As the port promises, never throws: should the process fail, the bytes' type with 0 pages.
    inspect: (bytes) =>
      call<DocumentInspection>({ type: 'inspect', bytes }, undefined).catch(() => ({
        mimeType: sniffMimeType(bytes),
        pageCount: 0,
      })),
    ocrWorkers: () => ({ tesseract: sum((s) => s.tesseract), engine: sum((s) => s.engine) }),
    pdfThreads: () => sum((s) => s.pdf),
    processes: () => [...children].filter((child) => child.alive).length,
    residentBytes: () => sum((s) => s.rssBytes),
    close: async () => {
      closed = true;
      current = null;
      await Promise.all([...children].map((child) => child.end()));
    },
  };
}
