/**
 * The daemon's reader in a process of its own (daemon/src/reading/reader-process.ts): it reads
 * exactly what the in-process reader reads, a DocumentError crosses with its code and suggestion,
 * aborting stops the work in the child, a child that dies fails only its reads, and the process
 * ends after `idleReleaseMs` without a document (all its memory with it) while the next document
 * starts a new one.
 */
import fs from 'node:fs';
import { DocumentError, type ReadDocument } from '@intake/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader, type ReaderSettings } from '../../daemon/src/reading/create-reader.js';
import { createReaderProcess } from '../../daemon/src/reading/reader-process.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { eventually } from '../support/wait.js';
import {
  INVOICE_SCAN,
  multiPageTiff,
  passwordProtectedPdf,
  scanImage,
  scannedPdf,
  type DrawnText,
} from './documents.js';

const RECEIPT: DrawnText[] = [
  { text: 'CORNER BAKERY', x: 60, y: 70, size: 34 },
  { text: 'TOTAL', x: 60, y: 200, size: 28 },
  { text: '12.50', x: 390, y: 200, size: 28 },
];

/** Short, so the test waits little for the process to end. */
const IDLE_MS = 1500;
/** A bound for a broken build on a loaded machine, not a speed requirement. */
const WAIT = { timeoutMs: 120_000 };

const settings: ReaderSettings = {
  engine: 'paddle',
  pages: 'images',
  workers: 1,
  idleReleaseMs: IDLE_MS,
  // A busy machine's pdfjs steps can pass the default 30 s; no step is timed here.
  pdfBudget: { stepTimeoutMs: 300_000 },
};
const inProcess = createReader(settings);
const reader = createReaderProcess(settings);
afterAll(() => Promise.all([inProcess.close(), reader.close()]));

let photo: Buffer;
let scan: Uint8Array;
let text: Uint8Array;
let tiff: Uint8Array;
// Every document is drawn here, before the first read: drawn between two reads (a noisy scan's PNG
// takes seconds on a loaded machine) it would let the reader process pass its idle period and end,
// and the next read would pay a new process's start and model load.
beforeAll(async () => {
  photo = await scanImage(RECEIPT, 520, 260);
  scan = await scannedPdf(await scanImage(INVOICE_SCAN));
  text = await makeInvoicePdf({ number: 'INV-PROC-1', salt: 'process' });
  tiff = await multiPageTiff(await Promise.all([1, 2, 3].map(() => scanImage(RECEIPT, 520, 260))));
});

/** Process ids of the reader processes this test process has started (Linux /proc). */
function readerPids(): number[] {
  const pids: number[] = [];
  for (const task of fs.readdirSync('/proc/self/task')) {
    let children: string[] = [];
    try {
      children = fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const pid of children.map(Number)) {
      try {
        if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('reader-child')) pids.push(pid);
      } catch {
        continue; // the process ended meanwhile
      }
    }
  }
  return pids;
}

/** Attachments' bytes compared by value: a Buffer and a Uint8Array of the same bytes are the same. */
const plain = (document: ReadDocument) => ({
  ...document,
  attachments: document.attachments.map((a) => ({ ...a, bytes: [...a.bytes] })),
});

describe('the reader in a process of its own', { timeout: 600_000 }, () => {
  it('reads photos, scanned and text PDFs into the same words as the in-process reader', async () => {
    expect(reader.processes()).toBe(0);
    const documents = [
      ['photo', photo, 'image/png'],
      ['scanned PDF', scan, 'application/pdf'],
      ['text PDF', text, 'application/pdf'],
    ] as const;
    // The in-process reads first: an OCR read here between two reads there would let the reader
    // process pass its idle period and start again (its models loaded twice).
    const expected = [];
    for (const [, bytes, type] of documents)
      expected.push({ read: await inProcess.read(bytes, type), inspected: await inProcess.inspect(bytes) });
    for (const [i, [name, bytes, type]] of documents.entries()) {
      expect(plain(await reader.read(bytes, type)), name).toEqual(plain(expected[i]!.read));
      expect(await reader.inspect(bytes), name).toEqual(expected[i]!.inspected);
    }
  });

  it('throws what the reader throws: a DocumentError with its code and suggestion', async () => {
    for (const bytes of [Buffer.from('not a document at all'), passwordProtectedPdf()]) {
      const expected = await inProcess.read(bytes, 'application/pdf').catch((error: unknown) => error);
      const error = await reader.read(bytes, 'application/pdf').catch((thrown: unknown) => thrown);
      expect(expected).toBeInstanceOf(DocumentError);
      expect(error).toBeInstanceOf(DocumentError);
      const { code, message, suggestion } = error as DocumentError;
      expect({ code, message, suggestion }).toEqual({
        code: 'document_unreadable',
        message: (expected as DocumentError).message,
        suggestion: (expected as DocumentError).suggestion,
      });
    }
  });

  it('stops the work in the child when a read is aborted, and reads the next document', async () => {
    const controller = new AbortController();
    const reason = new Error('the job timed out');
    const reading = reader.read(tiff, 'image/tiff', { signal: controller.signal }).catch((error: unknown) => error);
    const busy = () => reader.ocrWorkers().engine + reader.ocrWorkers().tesseract;
    await eventually('an OCR thread working in the reader process', () => busy() > 0, WAIT);
    controller.abort(reason);
    expect(await reading).toBe(reason);
    // Terminated in the child, not only abandoned here: its OCR thread is gone well before idle.
    await eventually('the aborted OCR thread to end', () => busy() === 0, WAIT);
    const next = await reader.read(photo, 'image/png');
    expect(next.pages[0]!.words.map((w) => w.text).join(' ')).toBe('CORNER BAKERY TOTAL 12.50');
  });

  it('fails the reads of a reader process that dies, and starts another for the next one', async () => {
    const reading = reader.read(scan, 'application/pdf').catch((error: unknown) => error);
    await eventually('a reader process', () => readerPids().length === 1, WAIT);
    const [pid] = readerPids();
    process.kill(pid!, 'SIGKILL');
    const error = await reading;
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DocumentError);
    expect((error as Error).message).toBe('The document reader process ended (SIGKILL)');
    const next = await reader.read(scan, 'application/pdf');
    expect(next.pages[0]!.words.map((w) => w.text).join(' ')).toContain('Invoice number 48213');
    expect(readerPids()).not.toContain(pid);
  });

  it('ends the process after the idle period, its memory with it, and starts one for the next document', async () => {
    await reader.read(photo, 'image/png');
    expect(reader.processes()).toBe(1);
    const [first] = readerPids();
    expect(first).toBeDefined();
    await eventually('the reader process to report its memory', () => reader.residentBytes() > 0, WAIT);
    await eventually(
      `the reader process to end after ${IDLE_MS} ms idle`,
      () => reader.processes() === 0 && readerPids().length === 0,
      WAIT,
    );
    expect(fs.existsSync(`/proc/${first}`)).toBe(false);
    expect(reader.residentBytes()).toBe(0);
    expect(reader.ocrWorkers()).toEqual({ tesseract: 0, engine: 0 });
    const next = await reader.read(photo, 'image/png');
    expect(next.pages[0]!.words.map((w) => w.text).join(' ')).toBe('CORNER BAKERY TOTAL 12.50');
    expect(readerPids()).toHaveLength(1);
    expect(readerPids()).not.toContain(first);
  });
});
