/**
 * The reader process's side (forked by reader-process.ts): the same reader the daemon would build
 * in-process, fed over IPC. Everything OCR and PDF reading allocate (onnxruntime's and tesseract's
 * threads, pdfjs, decoded pages, the C allocator's arenas they leave behind) lives here, and goes
 * back to the operating system when the daemon ends this process after an idle period.
 */
import process from 'node:process';
import type { DocumentInspection, ReadDocument } from '@intake/core/reading';
import { createReader } from './create-reader.js';
import { mallocTrim } from './malloc-trim.js';
import { parentResident } from './parent-resident.js';
import { crossError, type ChildSettings, type FromChild, type ToChild } from './reader-protocol.js';

const STATUS_MS = 500;

const send = (message: FromChild): void => {
  // The daemon may be gone (its IPC channel closed): then there is nobody left to tell. It may also
  // go while a message is on its way: the send then fails with EPIPE, which without a callback would
  // be an uncaught 'error' on the process; the 'disconnect' that follows ends this process.
  if (process.connected) process.send!(message, undefined, {}, () => undefined);
};

const settings = JSON.parse(process.argv[2]!) as ChildSettings;
const reader = createReader({
  ...settings,
  onRefused: (refusal) => send({ type: 'refused', refusal }),
  // What a page's reading freed (PaddleOCR's feature maps, tesseract's copies of the page, the
  // rendering before it) goes back to the system before the next page starts (docs/resources.md).
  afterPage: mallocTrim,
  // And what the gate ended to make room for the next step, before that step starts.
  afterRelease: mallocTrim,
  // MEMORY_BUDGET_MB is for the daemon and this process together (docs/resources.md).
  memoryBesides: parentResident,
});
const running = new Map<number, AbortController>();
let closing = false;

/** Threads of each kind alive at the last status. */
let threads = { tesseract: 0, engine: 0, pdf: 0 };

const sendStatus = (): void => {
  const { tesseract, engine } = reader.ocrWorkers();
  const pdf = reader.pdfThreads();
  // A thread has ended (the other engine started reading, or an idle period passed): what it freed
  // stays in the C allocator's arenas until trimmed. Each kind apart: on a switch of engines one
  // engine's thread ends as the other's starts, and the total stays the same.
  if (tesseract < threads.tesseract || engine < threads.engine || pdf < threads.pdf) mallocTrim();
  threads = { tesseract, engine, pdf };
  send({ type: 'status', tesseract, engine, pdf, rssBytes: process.memoryUsage.rss() });
};

function run(id: number, work: (signal: AbortSignal) => Promise<ReadDocument | DocumentInspection>): void {
  const controller = new AbortController();
  running.set(id, controller);
  work(controller.signal)
    .then(
      (value) => send({ type: 'done', id, value }),
      (error: unknown) => send({ type: 'failed', id, error: crossError(error) }),
    )
    .finally(() => {
      running.delete(id);
      sendStatus();
    });
}

async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  for (const controller of running.values()) controller.abort(new Error('The reader process is closing'));
  await reader.close();
  process.exit(0);
}

process.on('message', (message: ToChild) => {
  if (closing) return;
  if (message.type === 'read') run(message.id, (signal) => reader.read(message.bytes, message.mimeType, { signal }));
  else if (message.type === 'inspect') run(message.id, () => reader.inspect(message.bytes));
  else if (message.type === 'abort') running.get(message.id)?.abort(new Error('Aborted by the daemon'));
  else void close();
});
// The daemon gone (ended, killed): nothing can reach this process any more.
process.on('disconnect', () => void close());
// A terminal's Ctrl-C reaches the whole process group: the daemon decides when this process ends
// (its graceful stop lets jobs in progress finish, and they are read here).
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
setInterval(sendStatus, STATUS_MS).unref();
send({ type: 'ready' });
