/**
 * A fixed number of tesseract.js workers (each a worker thread running tesseract compiled to wasm),
 * created when first needed and reused across documents. Aborting a job terminates the thread that
 * runs it: tesseract cannot be interrupted inside a page, and a page can take seconds, so ending
 * the thread is the only way to give the CPU back. The slot gets a fresh worker on its next job.
 * A worker idle for `idleReleaseMs` is ended too, since its wasm memory only ever grows (tens of MB
 * per worker with two languages' models); the slot starts a new one on its next job.
 */
import { fileURLToPath } from 'node:url';
import type { Worker as Thread } from 'node:worker_threads';
import { createWorker, OEM, PSM, type Page, type Worker } from 'tesseract.js';

/**
 * How tesseract turns a grey page into black and white before it finds text: Otsu's one threshold
 * for the whole page (`global`), or Sauvola's threshold per neighbourhood (`local`), which keeps
 * dark text on a shaded cell or a grey box that a global threshold blackens whole.
 */
export type Binarisation = 'global' | 'local';

/** tesseract's `thresholding_method`: 0 Otsu, 2 Sauvola. */
const THRESHOLDING_METHOD: Record<Binarisation, string> = { global: '0', local: '2' };

/** The binarisation each worker was last set to; a fresh worker starts at tesseract's default (global). */
const binarisationOf = new WeakMap<Worker, Binarisation>();
/** The page segmentation mode each worker was last set to, when a job asked for one of its own. */
const segModeOf = new WeakMap<Worker, number>();

/** tesseract.js' worker script without its progress messages, on the LSTM-only core (see there). */
const WORKER_SCRIPT = fileURLToPath(new URL('./tesseract-worker.cjs', import.meta.url));

/**
 * The language path our worker script reads as "each language's own npm package" (tesseract.js
 * takes one folder for all languages; the models live in one package each).
 */
const PACKAGED_MODELS = 'intake:packaged-models';

/**
 * Parameters tesseract takes only as it loads its models, as a config file of its own ("name
 * value" lines). The Italian model's configuration asks for a user word list its package lacks
 * ("failed to load ./ita.special-words" on stderr, once per worker): an empty suffix, no such list.
 */
const INIT_CONFIG = 'user_words_suffix\t\n';

export interface OcrPoolOptions {
  size: number;
  /** Tesseract's language codes, each with its model in the npm package `@tesseract.js-data/<code>`. */
  languages: readonly string[];
  /**
   * Languages a page may be read again in (ocr/page-language.ts), each by a pool of its own
   * (`inLanguage`), made when a page first needs it. None by default.
   */
  otherLanguages?: readonly string[] | undefined;
  /** Resolution tesseract assumes for every image (PGM carries none). */
  dpi: number;
  /** Tesseract's page segmentation mode (default automatic). */
  pageSegMode?: number | undefined;
  /** A worker idle this long is ended (0 or absent: workers stay until `close()`). */
  idleReleaseMs?: number | undefined;
}

interface Slot {
  worker: Promise<Worker> | null;
  busy: boolean;
  /** Rejects the job running on this slot when its thread dies; set while a job runs. */
  fail: ((error: Error) => void) | null;
  /** Ends the slot's worker once it has been idle long enough; set while the slot is free. */
  idle: NodeJS.Timeout | null;
}

interface Waiter {
  take(slot: Slot): void;
  refuse(error: unknown): void;
}

export class OcrWorkerPool {
  readonly size: number;
  private readonly slots: Slot[];
  private readonly waiters: Waiter[] = [];
  /** Workers being terminated, until their threads have ended. */
  private ending = 0;
  private closed = false;

  constructor(private readonly options: OcrPoolOptions) {
    this.size = Math.max(1, Math.floor(options.size));
    this.slots = Array.from({ length: this.size }, () => ({ worker: null, busy: false, fail: null, idle: null }));
  }

  /** Pools that read pages again in one of `otherLanguages`, by language. */
  private readonly others = new Map<string, OcrWorkerPool>();

  /** Workers alive now: started (or starting) and not yet ended, the other languages' pools' too. */
  get live(): number {
    let others = 0;
    for (const pool of this.others.values()) others += pool.live;
    return this.slots.filter((slot) => slot.worker !== null).length + this.ending + others;
  }

  /** The languages this pool reads in, the first tried first. */
  get languages(): readonly string[] {
    return this.options.languages;
  }

  /** The languages a page read by this pool may be read again in (see `inLanguage`). */
  get otherLanguages(): readonly string[] {
    return this.options.otherLanguages ?? [];
  }

  /**
   * The pool that reads pages in `language` and English (English for the words such pages borrow:
   * product names, "Total", "IBAN"): one worker, started when a page needs it, ended when idle as
   * this pool's are, with this pool's `releaseIdle` and `close`, and whenever a page wants another
   * language's: beside this pool's workers, at most one other language's model is held.
   */
  inLanguage(language: string): OcrWorkerPool {
    for (const [code, other] of this.others) if (code !== language) void other.releaseIdle(0);
    let pool = this.others.get(language);
    if (!pool) {
      const languages = language === 'eng' ? ['eng'] : [language, 'eng'];
      pool = new OcrWorkerPool({ ...this.options, size: 1, languages, otherLanguages: [] });
      this.others.set(language, pool);
      if (this.closed) void pool.close();
    }
    return pool;
  }

  /**
   * Recognises one image (spix, PGM, PNG, JPEG...) into tesseract's TSV, the only output asked for;
   * rejects with `signal.reason` once `signal` aborts. `pageSegMode` reads this image in another
   * segmentation mode than the pool's (a region of a page as one block of text, say).
   */
  async recognize(
    image: Buffer,
    signal: AbortSignal | undefined,
    binarisation: Binarisation,
    pageSegMode?: number,
  ): Promise<Page> {
    const slot = await this.acquire(signal);
    try {
      return await this.runOn(slot, image, signal, binarisation, pageSegMode ?? this.pageSegMode);
    } finally {
      this.release(slot);
    }
  }

  /**
   * Ends the workers not recognising now beyond `keep` of them, without waiting for their idle
   * period (another engine is about to read, or the reader is over its memory budget); their slots
   * start new ones on their next job. Resolves once their threads have ended.
   */
  releaseIdle(keep = 0): Promise<void> {
    const ending: Promise<void>[] = [];
    let kept = 0;
    for (const slot of this.slots) {
      if (slot.busy || slot.worker === null) continue;
      if (kept++ < keep) continue;
      this.keep(slot);
      ending.push(this.discard(slot, slot.worker));
    }
    // The other languages' idle workers are ended too, all of them: `keep` counts this pool's.
    for (const pool of this.others.values()) ending.push(pool.releaseIdle(0));
    return Promise.all(ending).then(() => undefined);
  }

  /** Terminates every worker and refuses queued and later jobs. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('The OCR worker pool was closed');
    for (const waiter of this.waiters.splice(0)) waiter.refuse(error);
    for (const slot of this.slots) this.keep(slot);
    await Promise.all([
      ...this.slots.map((slot) => this.discard(slot, slot.worker, error)),
      ...[...this.others.values()].map((pool) => pool.close()),
    ]);
  }

  private acquire(signal: AbortSignal | undefined): Promise<Slot> {
    if (this.closed) return Promise.reject(new Error('The OCR worker pool was closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      this.keep(free);
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        take: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot);
        },
        refuse: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Hands the slot straight to the next waiter, so a burst of pages cannot starve a document. */
  private release(slot: Slot): void {
    const next = this.waiters.shift();
    if (next) next.take(slot);
    else {
      slot.busy = false;
      const ms = this.options.idleReleaseMs ?? 0;
      if (slot.worker && ms > 0 && !this.closed) {
        const worker = slot.worker;
        slot.idle = setTimeout(() => {
          slot.idle = null;
          if (!slot.busy) void this.discard(slot, worker);
        }, ms).unref();
      }
    }
  }

  /** Cancels the slot's idle countdown: it has work again (or the pool is closing). */
  private keep(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
  }

  private get pageSegMode(): number {
    return this.options.pageSegMode ?? Number(PSM.AUTO);
  }

  private runOn(
    slot: Slot,
    image: Buffer,
    signal: AbortSignal | undefined,
    binarisation: Binarisation,
    pageSegMode: number,
  ): Promise<Page> {
    // The signal may have fired while this job waited for its slot; then no worker is spawned.
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Page>((resolve, reject) => {
      const worker = (slot.worker ??= this.spawn(slot));
      let settled = false;
      const settle = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        slot.fail = null;
        void worker.then(
          (w) => threadOf(w).unref(),
          () => undefined,
        );
        outcome();
      };
      const onAbort = (): void => {
        settle(() => reject(signal?.reason));
        void this.discard(slot, worker);
      };
      slot.fail = (error) => settle(() => reject(error));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker
        .then(async (w) => {
          // Aborted or closed while the worker was starting: it is being terminated, leave it be.
          if (settled) return null;
          // Held only while working: an idle pool must not keep the process alive.
          threadOf(w).ref();
          await setBinarisation(w, binarisation);
          await setSegMode(w, pageSegMode, this.pageSegMode);
          // Only the TSV: every other output costs the worker time to build, the bytes to post back.
          return w.recognize(image, {}, { text: false, tsv: true });
        })
        .then(
          (result) => {
            if (result) settle(() => resolve(result.data));
          },
          (error: unknown) => {
            settle(() => reject(error instanceof Error ? error : new Error(`OCR failed: ${String(error)}`)));
            // A worker whose job failed may be left in any state; start the next job on a fresh one.
            void this.discard(slot, worker);
          },
        );
    });
  }

  private spawn(slot: Slot): Promise<Worker> {
    const worker: Promise<Worker> = createWorker(
      this.options.languages.join('+'),
      OEM.LSTM_ONLY,
      {
        workerPath: WORKER_SCRIPT,
        // Local models keep tesseract.js off its CDN; 'none' stops it caching 23 MB in the cwd.
        langPath: PACKAGED_MODELS,
        gzip: true,
        cacheMethod: 'none',
        // Without a handler tesseract.js rethrows a failed job inside a message listener, which no
        // caller can catch and which ends the process; the job's promise rejects anyway.
        errorHandler: () => undefined,
      },
      INIT_CONFIG,
    ).then(async (w) => {
      // Automatic page segmentation, as the `tesseract` command uses: invoices have columns and
      // scattered fields, and it finds no text in noise quickly where "one uniform block" spends
      // a minute decoding it. Segmentation judges sizes by resolution, which PGM does not carry
      // and tesseract otherwise guesses (on the corpus a fixed 300 found 22 of 28 receipt totals,
      // the guess 19). The debug file swallows its "Estimating resolution" chatter on stderr.
      await w.setParameters({
        tessedit_pageseg_mode: String(this.options.pageSegMode ?? PSM.AUTO) as PSM,
        user_defined_dpi: String(this.options.dpi),
        debug_file: '/dev/null',
      });
      const thread = threadOf(w);
      thread.unref();
      const lost = (error: Error): void => {
        if (slot.worker !== worker) return;
        slot.worker = null;
        slot.fail?.(error);
      };
      thread.on('error', (error: Error) => lost(error));
      thread.on('exit', (code: number) => lost(new Error(`The OCR worker stopped (exit code ${code})`)));
      return w;
    });
    worker.catch(() => {
      if (slot.worker === worker) slot.worker = null;
    });
    return worker;
  }

  /**
   * Terminates a slot's worker unless the slot has moved on to a newer one. The thread is ended
   * directly rather than through tesseract.js' terminate(), which nulls its handle: a job already
   * on its way to the worker would then fail inside tesseract.js as an unhandled rejection, while
   * a message to an ended thread is simply dropped.
   */
  private async discard(slot: Slot, worker: Promise<Worker> | null, error?: Error): Promise<void> {
    if (worker === null || slot.worker !== worker) return;
    slot.worker = null;
    if (error) slot.fail?.(error);
    this.ending++;
    // Callers do not wait for this (`void`): nothing here may reject.
    await worker.then((w) => threadOf(w).terminate()).catch(() => undefined);
    this.ending--;
  }
}

/** One message to the worker, and only when the page wants another binarisation than the last. */
async function setBinarisation(worker: Worker, binarisation: Binarisation): Promise<void> {
  if ((binarisationOf.get(worker) ?? 'global') === binarisation) return;
  await worker.setParameters({ thresholding_method: THRESHOLDING_METHOD[binarisation] });
  binarisationOf.set(worker, binarisation);
}

/** One message to the worker, and only when the job wants another segmentation mode than the last. */
async function setSegMode(worker: Worker, mode: number, initial: number): Promise<void> {
  if ((segModeOf.get(worker) ?? initial) === mode) return;
  await worker.setParameters({ tessedit_pageseg_mode: String(mode) as PSM });
  segModeOf.set(worker, mode);
}

/** tesseract.js keeps its worker_threads Worker on the object it resolves, though its types omit it. */
const threadOf = (worker: Worker): Thread => (worker as unknown as { worker: Thread }).worker;
