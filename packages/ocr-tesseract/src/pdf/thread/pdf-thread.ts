/**
 * A PDF thread's side: answers the reader's requests one message at a time (pdfjs may interleave
 * them, as it would in one thread). Everything pdfjs does with a document's content happens here,
 * under the memory limit the thread was started with; the reader ends the thread when a step runs
 * past its time budget.
 */
import { parentPort } from 'node:worker_threads';
import { countPages, openForReading, pagePicture, readPage, renderScan, type ReadablePdf } from './pdf-pages.js';
import type { PdfRequest, PdfResponse, PdfValue, ThreadError } from './protocol.js';

const port = parentPort!;
const documents = new Map<number, ReadablePdf>();

port.on('message', (request: PdfRequest) => {
  answer(request).then(
    ({ value, transfer }) => port.postMessage({ id: request.id, value } satisfies PdfResponse, transfer),
    (error: unknown) => port.postMessage({ id: request.id, error: threadError(error) } satisfies PdfResponse),
  );
});

async function answer(request: PdfRequest): Promise<{ value: PdfValue; transfer: ArrayBuffer[] }> {
  switch (request.op) {
    case 'open': {
      const { readable, opened } = await openForReading(request.bytes, request.settings);
      documents.set(request.doc, readable);
      return { value: opened, transfer: [] };
    }
    case 'page': {
      const readable = documents.get(request.doc);
      if (!readable) throw new Error(`PDF ${request.doc} is not open in this thread`);
      return { value: await readPage(readable, request.number), transfer: [] };
    }
    case 'render': {
      const readable = documents.get(request.doc);
      if (!readable) throw new Error(`PDF ${request.doc} is not open in this thread`);
      const picture = await renderScan(readable, request.number);
      // The pixels are the page's own buffer: moved to the reader, not copied.
      return { value: picture, transfer: [picture.image.pixels.buffer as ArrayBuffer] };
    }
    case 'close': {
      const readable = documents.get(request.doc);
      documents.delete(request.doc);
      await readable?.close();
      return { value: null, transfer: [] };
    }
    case 'count':
      return { value: await countPages(request.bytes), transfer: [] };
    case 'picture': {
      const picture = await pagePicture(request.bytes, request.page, request.width, request.limits);
      return { value: picture, transfer: picture ? [picture.png.buffer as ArrayBuffer] : [] };
    }
  }
}

/** A DocumentError keeps its code and suggestion across the thread boundary (its class does not). */
function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, suggestion } = error as { code?: unknown; suggestion?: unknown };
  return typeof code === 'string' && typeof suggestion === 'string'
    ? { message: error.message, code, suggestion }
    : { message: error.message };
}
