/**
 * At most `size` OCR pages read at once, and all of them by one engine. With a second engine
 * (PaddleOCR) each engine has its own threads, as many as tesseract's; both resident together held
 * both engines' models and what their threads' allocators keep after a page (the reader process
 * reached about 1 GB under a mixed load; docs/resources.md). So a page of the other engine waits
 * until the pages being read are done, and when the gate passes from one engine to the other, the
 * engine it leaves releases its idle threads at once rather than after its idle period: one engine
 * is resident at a time, at the cost of loading the other's models on each switch.
 *
 * Pages enter in the order they came, whatever their engine (a stream of photos cannot starve a
 * scan); a page of the engine reading now enters beside the others only while none of the other
 * engine's waits. Hand-written rather than p-limit: a page waiting here must leave the queue when
 * its document is aborted.
 *
 * With a memory budget, a page enters beside pages being read only while the process's resident
 * memory (or, if more, what the pages being read are expected to take) plus what a page of its
 * engine costs stays within the budget; a page alone always enters.
 * What a page costs is learned: the rise in resident memory over a page read alone (its thread
 * started for it included), the largest seen; until an engine has read a page alone, its pages
 * are read one at a time. So a second PaddleOCR thread (its models and feature maps) starts only
 * where there is room for it.
 */

/** What reads a page: an engine, or tesseract's pool; told to end its idle threads on a switch. */
export interface GateLane {
  /** Ends its threads that are not reading (the next page starts them again). */
  releaseIdle?(): void;
}

export interface PageGate {
  /**
   * Runs `read` once a place is free and `lane` may read (no other lane's page is being read);
   * rejects with `signal.reason` if aborted while waiting.
   */
  run<T>(signal: AbortSignal | undefined, read: () => Promise<T>, lane?: GateLane): Promise<T>;
}

interface Waiter {
  lane: GateLane;
  take(): void;
}

/** The budget pages are let in beside others under. */
export interface MemoryBudget {
  /** Most bytes resident with a further page (0: no budget). */
  bytes: number;
  /** Bytes resident in the process now. */
  resident(): number;
}

export interface PageGateOptions {
  /**
   * Called each time a page has been read (or failed), before the next page is let in: the reader
   * process returns the C allocator's free memory there.
   */
  afterPage?: (() => void) | undefined;
  memory?: MemoryBudget | undefined;
}

/** A page being read: its lane, the memory when it entered, and whether it has been alone. */
interface Reading {
  lane: GateLane;
  residentAtEntry: number;
  alone: boolean;
}

/** Pages of a caller that names no lane share one. */
const ANY: GateLane = {};

export function createPageGate(size: number, options: PageGateOptions = {}): PageGate {
  const { afterPage } = options;
  const pages = new Set<Reading>();
  /** The lane whose pages are being read, or were last (its threads may still be resident). */
  let current: GateLane | null = null;
  const waiting: Waiter[] = [];
  const costs = pageCosts(options.memory);

  const admit = (lane: GateLane): Reading => {
    if (current !== null && current !== lane) current.releaseIdle?.();
    current = lane;
    for (const page of pages) page.alone = false;
    const page = { lane, residentAtEntry: costs.resident(), alone: pages.size === 0 };
    pages.add(page);
    return page;
  };
  /** Whether a page of `lane` may be read now, beside those being read. */
  const mayRead = (lane: GateLane): boolean =>
    pages.size === 0 || (pages.size < size && lane === current && costs.fits(lane, pages));

  const enter = (signal: AbortSignal | undefined, lane: GateLane): Promise<Reading> => {
    signal?.throwIfAborted();
    if (waiting.length === 0 && mayRead(lane)) return Promise.resolve(admit(lane));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        lane,
        take: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(admit(lane));
        },
      };
      const onAbort = (): void => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(signal?.reason);
        // The aborted page may have held back pages of the lane reading now.
        pass();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
    });
  };
  /** Lets in the waiting pages that may read now, in their order. */
  const pass = (): void => {
    for (let next = waiting[0]; next && mayRead(next.lane); next = waiting[0]) {
      waiting.shift();
      next.take();
    }
  };
  const leave = (page: Reading): void => {
    pages.delete(page);
    costs.learn(page);
    afterPage?.();
    pass();
  };

  return {
    async run(signal, read, lane = ANY) {
      const page = await enter(signal, lane);
      try {
        return await read();
      } finally {
        leave(page);
      }
    },
  };
}

/** What a page of each lane costs (learned), and whether one more fits the budget; all fit without one. */
function pageCosts(memory: MemoryBudget | undefined) {
  /** What a page of each lane has cost, read alone: the largest rise in resident memory seen. */
  const cost = new Map<GateLane, number>();
  const budgeted = memory !== undefined && memory.bytes > 0;
  return {
    resident: (): number => memory?.resident() ?? 0,
    /**
     * Whether a page of `lane` fits beside `pages`: the memory they will have taken (what is
     * resident, or, if more, what was resident as the first of them entered plus what each costs:
     * a page let in a moment ago has not allocated yet) and its own cost within the budget.
     */
    fits(lane: GateLane, pages: Iterable<Reading>): boolean {
      if (!budgeted) return true;
      const known = cost.get(lane);
      if (known === undefined) return false;
      let floor = Infinity;
      let taken = 0;
      for (const page of pages) {
        floor = Math.min(floor, page.residentAtEntry);
        taken += cost.get(page.lane) ?? 0;
      }
      return Math.max(memory.resident(), floor + taken) + known <= memory.bytes;
    },
    /** Learns from a page leaving: what it cost, if it was read alone. */
    learn(page: Reading): void {
      if (!budgeted || !page.alone) return;
      const rise = memory.resident() - page.residentAtEntry;
      cost.set(page.lane, Math.max(cost.get(page.lane) ?? 0, rise));
    },
  };
}
