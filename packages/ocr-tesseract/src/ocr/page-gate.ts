/**
 * At most `size` OCR pages read at once, whichever engine reads them. With a second engine
 * (PaddleOCR) each engine has its own threads, as many as tesseract's: without a gate a mixed load
 * reads twice as many pages at once as there are threads per engine, so both engines' working
 * memory can grow together, while on a machine with one thread per core the extra pages only share
 * the same cores. (The daemon's measured peak did not move with it: what the reader process keeps
 * after each engine's pages dominates; docs/resources.md.) Hand-written rather than p-limit: a page
 * waiting here must leave the queue when its document is aborted.
 */
export interface PageGate {
  /** Runs `read` once a place is free; rejects with `signal.reason` if aborted while waiting. */
  run<T>(signal: AbortSignal | undefined, read: () => Promise<T>): Promise<T>;
}

export function createPageGate(size: number): PageGate {
  let reading = 0;
  const waiting: (() => void)[] = [];

  const enter = (signal: AbortSignal | undefined): Promise<void> => {
    signal?.throwIfAborted();
    if (reading < size) {
      reading++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(take);
    });
  };
  // A freed place passes straight to the next page waiting: `reading` stays counted for it.
  const leave = (): void => {
    const next = waiting.shift();
    if (next) next();
    else reading--;
  };

  return {
    async run(signal, read) {
      await enter(signal);
      try {
        return await read();
      } finally {
        leave();
      }
    },
  };
}
