/**
 * The worker thread's side: reads the pages posted to it, one at a time, with the options the pool
 * gave it. onnxruntime-node runs a model synchronously on the calling thread, so it must not run on
 * the main one (a page would stall every request for a second).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPipeline, PageStopped } from './pipeline.js';
import type { PageRequest, PageResponse, ThreadData } from './protocol.js';

const { pipeline, stop } = workerData as ThreadData;
const read = createPipeline(pipeline, () => Atomics.load(stop, 0) === 1);
const port = parentPort!;

port.on('message', (request: PageRequest) => {
  read({ width: request.width, height: request.height, pixels: request.pixels }).then(
    (words) => port.postMessage({ id: request.id, words } satisfies PageResponse),
    (error: unknown) =>
      port.postMessage(
        error instanceof PageStopped
          ? ({ id: request.id, stopped: true } satisfies PageResponse)
          : ({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PageResponse),
      ),
  );
});
