/**
 * The combiner's thread: combines one set of documents per message and sends the PDF back, its
 * buffer moved rather than copied. Errors cross as their message (what the combiner's caller shows).
 */
import { parentPort } from 'node:worker_threads';
import { combineDocuments } from './combine-documents.js';
import type { CombineRequest, CombineResponse } from './combine-protocol.js';

const port = parentPort!;

port.on('message', ({ id, documents, maxPages }: CombineRequest) => {
  combineDocuments(documents, maxPages).then(
    (pdf) => port.postMessage({ id, pdf } satisfies CombineResponse, [pdf.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies CombineResponse),
  );
});
