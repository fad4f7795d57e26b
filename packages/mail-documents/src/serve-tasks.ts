/** A task thread's side (see task-threads.ts): answers one request at a time with its handler's value. */
import { parentPort } from 'node:worker_threads';
import type { TaskAnswer } from './task-threads.js';

/** `handle` returns the value and the buffers to move (not copy) back with it. */
export function serveTasks<R, T>(handle: (request: R) => Promise<{ value: T; transfer: ArrayBuffer[] }>): void {
  const port = parentPort!;
  port.on('message', (request: R) => {
    handle(request).then(
      ({ value, transfer }) => port.postMessage({ value } satisfies TaskAnswer<T>, transfer),
      (error: unknown) =>
        port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies TaskAnswer<T>),
    );
  });
  // The caller's clock for a task starts now: loading the libraries is not the task's time.
  port.postMessage('ready');
}
