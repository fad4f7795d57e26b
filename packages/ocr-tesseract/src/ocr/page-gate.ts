/**
 * The reader's one memory gate. OCR pages: at most `size` read at once, and all of them by one
 * engine. With a second engine (PaddleOCR) each engine has its own threads, as many as
 * tesseract's; both resident together held both engines' models and what their threads'
 * allocators keep after a page (the reader process reached about 1 GB under a mixed load;
 * docs/resources.md). So a page of the other engine waits until the pages being read are done, and
 * when the gate passes from one engine to the other, the engine it leaves releases its idle threads
 * at once rather than after its idle period: one engine is resident at a time, at the cost of
 * loading the other's models on each switch.
 *
 * Besides pages, the other costly steps of a reading pass here too (`step`: a PDF opened and
 * parsed, its thread started for it): they take no OCR place and choose no engine, only memory.
 *
 * Everything enters in the order it came, whatever its engine or kind (a stream of photos cannot
 * starve a scan); a page of the engine reading now enters beside the others only while none of the
 * other engine's waits. Hand-written rather than p-limit: a page waiting here must leave the queue
 * when its document is aborted.
 *
 * With a memory budget, a page or step enters beside others only while the process's resident
 * memory (or, if more, what those being run are expected to take), what the budget counts besides
 * it (the daemon's, for its reader process) and what one of its kind costs stay within the budget.
 * One alone enters too, unless documents hold memory between their steps (`hold`: an opened PDF,
 * until it is closed) and it is not theirs and does not fit: then it waits for them, and their
 * pages go ahead of it, so that a photo's reading does not come on top of PDFs opened and waiting
 * for OCR. Nothing waits for ever: a held document's page alone always enters, and each such
 * document ends.
 * What each kind costs is learned: the rise in the process's resident memory over one run alone
 * (a thread started for it included; not a page that switched engines, whose entry counted the
 * other engine's threads as they ended), the largest seen; until a kind has run alone, it runs
 * only alone. So a second PaddleOCR thread (its models and feature maps) starts only where there
 * is room for it. A kind whose cost differs from one to the next (`varies`: a PDF's opening) is
 * never learned, so each runs alone, and, alone, waits for documents holding memory as above: a
 * PDF is not opened beside a photo's reading, nor beside another opened PDF.
 *
 * Between steps the reader holds threads that no step is using (idle OCR and PDF threads, their
 * models, what the allocator keeps): where the next in line does not fit (resident memory, what
 * the budget counts besides it and its own cost, known or not, pass the budget), the gate first
 * asks `memory.release` to end what that step does not need and waits for it, then lets it in.
 * Once per change (a step leaving, one arriving, a document letting its memory go): a release
 * that freed too little does not run again until something changed.
 */

/** What reads a page: an engine, or tesseract's pool; told to end its idle threads on a switch. */
export interface GateLane {
  /** Ends its threads that are not reading (the next page starts them again). */
  releaseIdle?(): unknown;
  /**
   * What one step of this kind costs differs from one to the next (a PDF's opening: a text PDF's
   * parse, or a scan's picture shrunk first), so it is never learned: each runs only alone.
   */
  varies?: boolean;
}

export interface PageGate {
  /**
   * Runs `read` once a place is free and `lane` may read (no other lane's page is being read);
   * rejects with `signal.reason` if aborted while waiting.
   */
  run<T>(signal: AbortSignal | undefined, read: () => Promise<T>, lane?: GateLane, hold?: GateHold): Promise<T>;
  /**
   * Runs `work`, a costly step that is not an OCR page (opening a PDF), once the memory budget
   * has room for a step of `kind` (learned as pages' costs are); it takes no OCR place and leaves
   * the engines as they are. Rejects with `signal.reason` if aborted while waiting.
   */
  step<T>(signal: AbortSignal | undefined, work: () => Promise<T>, kind: GateLane): Promise<T>;
  /**
   * A document that holds memory from now until `release()` (an opened PDF until it is closed);
   * its pages, passed it, go ahead of others that wait for memory.
   */
  hold(): GateHold;
}

/** A document holding memory between its steps; see PageGate.hold. */
export interface GateHold {
  /** The document has let its memory go (idempotent). */
  release(): void;
}

interface Waiter {
  lane: GateLane;
  page: boolean;
  /** Of a document that holds memory now. */
  held: boolean;
  take(): void;
}

/** The budget pages are let in beside others under. */
export interface MemoryBudget {
  /** Most bytes resident with a further page (0: no budget). */
  bytes: number;
  /** Bytes resident in this process now: what pages and steps cost is learned from it. */
  resident(): number;
  /** Bytes resident outside this process that the budget counts as well (the daemon's; default none). */
  besides?: (() => number) | undefined;
  /**
   * Ends the idle threads the next in line (`next`: its lane or kind) does not need and gives
   * their memory back; the gate lets nothing in until it has settled. Called where that step does
   * not fit the budget (see the top of this file).
   */
  release?: ((next: GateLane) => Promise<void>) | undefined;
}

export interface PageGateOptions {
  /**
   * Called each time a page has been read (or failed), before the next page is let in: the reader
   * process returns the C allocator's free memory there.
   */
  afterPage?: (() => void) | undefined;
  memory?: MemoryBudget | undefined;
}

/** A page being read or a step being run: its lane, the memory when it entered, and whether it has been alone. */
interface Reading {
  lane: GateLane;
  page: boolean;
  residentAtEntry: number;
  alone: boolean;
}

/** Pages of a caller that names no lane share one. */
const ANY: GateLane = {};

export function createPageGate(size: number, options: PageGateOptions = {}): PageGate {
  const { afterPage } = options;
  /** Pages being read and steps being run. */
  const running = new Set<Reading>();
  let pages = 0;
  /** The lane whose pages are being read, or were last (its threads may still be resident). */
  let current: GateLane | null = null;
  const costs = pageCosts(options.memory);
  /** Documents holding memory between their steps. */
  const holds = new Set<GateHold>();

  const admit = (lane: GateLane, page: boolean): Reading => {
    let switched = false;
    if (page) {
      switched = current !== null && current !== lane;
      if (switched) current!.releaseIdle?.();
      current = lane;
      pages++;
    }
    for (const other of running) other.alone = false;
    // A page that switched engines does not teach its cost: the threads released for it end after
    // it entered, so the memory counted at its entry is partly on its way out.
    const entry = { lane, page, residentAtEntry: costs.resident(), alone: running.size === 0 && !switched };
    running.add(entry);
    return entry;
  };
  /** Whether a page of `lane` (or a step of that kind) may run now, beside those running. */
  const mayRun = ({ lane, page, held }: Omit<Waiter, 'take'>): boolean => {
    if (running.size === 0) return held || holds.size === 0 || costs.fits(lane, running);
    if (page && pages > 0 && (pages >= size || lane !== current)) return false;
    return costs.fits(lane, running);
  };
  const line = waitingLine(mayRun, releaser(costs, options.memory));
  const leave = (entry: Reading): void => {
    running.delete(entry);
    line.changed();
    costs.learn(entry);
    if (entry.page) {
      pages--;
      afterPage?.();
    }
    line.pass();
  };
  const through = async <T>(
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
    lane: GateLane,
    page: boolean,
    hold?: GateHold,
  ): Promise<T> => {
    const held = hold !== undefined && holds.has(hold);
    const entry = await line.wait(signal, { lane, page, held }, () => admit(lane, page));
    try {
      return await work();
    } finally {
      leave(entry);
    }
  };

  return {
    run: (signal, read, lane = ANY, hold) => through(signal, read, lane, true, hold),
    step: (signal, work, kind) => through(signal, work, kind, false),
    hold: () => {
      const hold: GateHold = {
        release: () => {
          if (!holds.delete(hold)) return;
          line.changed();
          line.pass();
        },
      };
      holds.add(hold);
      return hold;
    },
  };
}

/**
 * The pages and steps waiting, in their order. `pass` lets in those that may run now; behind one
 * that may not, only those of documents holding memory (they end, and let it go). Before any, where
 * `release` asks for it (the first in line does not fit), what is idle is released first, once per
 * `changed()`.
 */
function waitingLine(mayRun: (waiter: Omit<Waiter, 'take'>) => boolean, release: Releaser) {
  const waiting: Waiter[] = [];
  /** A release running: nothing enters until it has settled. */
  let releasing = false;
  /** Whether the gate released since the last change; it does not again until one. */
  let released = false;
  const pass = (): void => {
    if (releasing) return;
    const first = waiting[0];
    if (first !== undefined && !released) {
      const settled = release(first.lane);
      if (settled !== null) {
        releasing = true;
        released = true;
        void settled.finally(() => {
          releasing = false;
          pass();
        });
        return;
      }
    }
    let blocked = false;
    for (let i = 0; i < waiting.length;) {
      const next = waiting[i]!;
      if ((!blocked || next.held) && mayRun(next)) {
        waiting.splice(i, 1);
        next.take();
        continue;
      }
      if (!next.held) blocked = true;
      i++;
    }
  };
  /** Resolves with `admit()` once let in; rejects with `signal.reason` if aborted while waiting. */
  const wait = <R>(signal: AbortSignal | undefined, fields: Omit<Waiter, 'take'>, admit: () => R): Promise<R> => {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        ...fields,
        take: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(admit());
        },
      };
      const onAbort = (): void => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(signal?.reason);
        // The aborted one may have held back others.
        released = false;
        pass();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
      // A new first in line is a change; one more behind it is not.
      if (waiting.length === 1) released = false;
      pass();
    });
  };
  return { wait, pass, changed: () => void (released = false) };
}

/** Releases what is idle for the next in line where it does not fit; null where nothing is to be done. */
type Releaser = (next: GateLane) => Promise<void> | null;

/** The gate's Releaser: `memory.release`, where the next in line does not fit the budget. */
function releaser(costs: ReturnType<typeof pageCosts>, memory: MemoryBudget | undefined): Releaser {
  const release = memory?.release;
  if (release === undefined || !(memory!.bytes > 0)) return () => null;
  return (next) => {
    if (costs.room(next)) return null;
    // A release that fails has released what it could: the step goes ahead all the same.
    return release(next).catch(() => undefined);
  };
}

/** What a page or step of each lane costs (learned), and whether one more fits the budget; all fit without one. */
function pageCosts(memory: MemoryBudget | undefined) {
  /** What one of each lane has cost, run alone: the largest rise in resident memory seen. */
  const cost = new Map<GateLane, number>();
  const budgeted = memory !== undefined && memory.bytes > 0;
  return {
    resident: (): number => memory?.resident() ?? 0,
    /**
     * Whether one of `lane` fits beside `pages` (pages and steps running): the memory they will
     * have taken (what is resident, or, if more, what was resident as the first of them entered
     * plus what each costs: one let in a moment ago has not allocated yet) and its own cost within
     * the budget.
     */
    fits(lane: GateLane, pages: Iterable<Reading>): boolean {
      if (!budgeted) return true;
      const known = cost.get(lane);
      if (known === undefined) return false;
      const now = memory.resident();
      let floor = Infinity;
      let taken = 0;
      for (const page of pages) {
        floor = Math.min(floor, page.residentAtEntry);
        taken += cost.get(page.lane) ?? 0;
      }
      const besides = memory.besides?.() ?? 0;
      return (floor === Infinity ? now : Math.max(now, floor + taken)) + besides + known <= memory.bytes;
    },
    /**
     * Whether one of `lane` fits beside what is resident now, running or idle: its cost (none
     * while unknown) on top of this process's resident memory and what the budget counts besides.
     */
    room(lane: GateLane): boolean {
      if (!budgeted) return true;
      return memory.resident() + (memory.besides?.() ?? 0) + (cost.get(lane) ?? 0) <= memory.bytes;
    },
    /** Learns from a page or step leaving: what it cost, if it ran alone. */
    learn(page: Reading): void {
      if (!budgeted || !page.alone || page.lane.varies) return;
      const rise = memory.resident() - page.residentAtEntry;
      cost.set(page.lane, Math.max(cost.get(page.lane) ?? 0, rise));
    },
  };
}
