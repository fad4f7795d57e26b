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

/** Pages of a caller that names no lane share one. */
const ANY: GateLane = {};

export function createPageGate(size: number): PageGate {
  let reading = 0;
  /** The lane whose pages are being read, or were last (its threads may still be resident). */
  let current: GateLane | null = null;
  const waiting: Waiter[] = [];

  const admit = (lane: GateLane): void => {
    if (current !== null && current !== lane) current.releaseIdle?.();
    current = lane;
    reading++;
  };
  const mayEnter = (lane: GateLane): boolean =>
    reading < size && (reading === 0 || lane === current) && waiting.length === 0;

  const enter = (signal: AbortSignal | undefined, lane: GateLane): Promise<void> => {
    signal?.throwIfAborted();
    if (mayEnter(lane)) {
      admit(lane);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        lane,
        take: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
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
    for (let next = waiting[0]; next; next = waiting[0]) {
      if (reading >= size || (reading > 0 && next.lane !== current)) return;
      waiting.shift();
      admit(next.lane);
      next.take();
    }
  };
  const leave = (): void => {
    reading--;
    pass();
  };

  return {
    async run(signal, read, lane = ANY) {
      await enter(signal, lane);
      try {
        return await read();
      } finally {
        leave();
      }
    },
  };
}
