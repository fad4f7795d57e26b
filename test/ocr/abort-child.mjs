/**
 * The scenarios of abort.test.ts, run in a process of their own: they end tesseract.js's worker
 * threads while those run WebAssembly, and a Node.js crash there (suspected: nodejs/node#47748)
 * would take the test runner's fork with it instead of failing the test that caused it.
 * Arguments: the built @intake/ocr-tesseract entry, then the heavy TIFF, the small PNG and the
 * invoice PNG to read. Prints one JSON object with each scenario's observations; the test asserts.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const [entry, heavyFile, smallFile, invoiceFile] = process.argv.slice(2);
const { createTesseractReader } = await import(pathToFileURL(entry).href);
const heavy = await readFile(heavyFile);
const small = await readFile(smallFile);
const invoice = await readFile(invoiceFile);

/** Resolves once this process has used another second of CPU: the OCR threads are deep in a page. */
async function working() {
  const before = process.cpuUsage();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const used = process.cpuUsage(before);
    if (used.user + used.system > 1_000_000) return;
    if (Date.now() > deadline) throw new Error('the OCR threads used no second of CPU within 60 s');
    await sleep(50);
  }
}

/** CPU time (user + system, all threads of this process) spent during `ms` milliseconds, in ms. */
async function cpuDuring(ms) {
  const before = process.cpuUsage();
  await sleep(ms);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const settle = (promise) =>
  promise.then(
    () => ({ outcome: 'finished' }),
    (error) => ({ outcome: 'rejected', message: error instanceof Error ? error.message : String(error), error }),
  );

const results = {};
const reader = createTesseractReader({ workers: 2 });
// Both workers started: the abort below lands in recognition. (One aborted while starting up is
// terminated as soon as its start-up ends; tesseract.js exposes no thread before that.)
await Promise.all([reader.read(small, 'image/png'), reader.read(small, 'image/png')]);

{
  const controller = new AbortController();
  const reason = new Error('processing timeout');
  const outcome = settle(reader.read(heavy, 'image/tiff', { signal: controller.signal }));
  await working();
  const busyMs = await cpuDuring(1000);
  const abortedAt = performance.now();
  controller.abort(reason);
  const settled = await outcome;
  const rejectedAfterMs = performance.now() - abortedAt;
  const afterMs = await cpuDuring(1000);
  results.abort = {
    outcome: settled.outcome,
    sameReason: settled.error === reason,
    rejectedAfterMs,
    busyMs,
    afterMs,
  };
}

{
  const document = await reader.read(invoice, 'image/png');
  results.next = { words: document.pages[0].words.map((word) => word.text) };
}

{
  const reason = new Error('gone');
  const settled = await settle(reader.read(heavy, 'image/tiff', { signal: AbortSignal.abort(reason) }));
  results.preAborted = { outcome: settled.outcome, sameReason: settled.error === reason };
}
await reader.close();

{
  const closing = createTesseractReader({ workers: 1 });
  await closing.read(small, 'image/png');
  const reading = settle(closing.read(heavy, 'image/tiff'));
  await working();
  const busyMs = await cpuDuring(1000);
  await closing.close();
  await closing.close();
  const settled = await reading;
  const afterMs = await cpuDuring(1000);
  results.close = { outcome: settled.outcome, busyMs, afterMs };
}

process.stdout.write(JSON.stringify(results));
