/**
 * The worker thread's side: reads the pages posted to it, one at a time, with the options the pool
 * gave it. onnxruntime-node runs a model synchronously on the calling thread, so it must not run on
 * the main one (a page would stall every request for a second).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPipeline, type PipelineOptions } from './pipeline.js';
import type { PageRequest, PageResponse, ReleaseRequest } from './protocol.js';

const pipeline = createPipeline(workerData as PipelineOptions);
const port = parentPort!;

port.on('message', (request: PageRequest | ReleaseRequest) => {
  if ('release' in request) {
    // The pool sends this only to an idle thread. The sessions' native memory (models, buffers) is
    // freed here, explicitly; then the port closes, the thread ends and V8 returns its heap.
    const end = (): void => port.close();
    void pipeline.release().then(end, end);
    return;
  }
  pipeline.read({ width: request.width, height: request.height, pixels: request.pixels }).then(
    (words) => port.postMessage({ id: request.id, words } satisfies PageResponse),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PageResponse),
  );
});
