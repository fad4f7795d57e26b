/**
 * Aborting a tesseract.js read ends its worker threads mid-page. The reads run in a child process
 * (abort-child.mjs) on the built @intake/ocr-tesseract: ending a thread while it runs WebAssembly
 * has crashed Node.js itself on rare occasions (suspected: nodejs/node#47748), and in the test
 * runner's own process that took the fork down with no word of which test did it. A child that
 * dies by a signal is run once more, with a warning naming the signal; a second death fails.
 * The production reader runs in a process of its own too, which the daemon replaces when it dies.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SCAN, multiPageTiff, repoRoot, scanImage, type DrawnText } from './documents.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'abort-child.mjs');
const ENTRY = path.join(repoRoot, 'packages/ocr-tesseract/dist/index.js');

interface Results {
  abort: { outcome: string; sameReason: boolean; rejectedAfterMs: number; busyMs: number; afterMs: number };
  next: { words: string[] };
  preAborted: { outcome: string; sameReason: boolean };
  close: { outcome: string; busyMs: number; afterMs: number };
}

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

function runChild(files: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CHILD, ENTRY, ...files],
      { env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 16 * 1024 * 1024 },
      (_error, stdout, stderr) => resolve({ stdout, stderr, code: child.exitCode, signal: child.signalCode }),
    );
  });
}

let dir: string;
let results: Results;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'intake-abort-'));
  /** Two dense A4 pages at 300 dpi: several seconds of OCR each, so an abort lands mid-page. */
  const lines: DrawnText[] = Array.from({ length: 70 }, (_, i) => ({
    text: `Line ${i + 1}: 3 x Widget type ${1000 + i} at 12.50 each, subtotal ${(37.5 * (i + 1)).toFixed(2)} EUR`,
    x: 150,
    y: 200 + i * 45,
    size: 30,
  }));
  const page = await scanImage(lines, 2480, 3508);
  const files = {
    heavy: [path.join(dir, 'heavy.tiff'), await multiPageTiff([page, page])],
    small: [path.join(dir, 'small.png'), await scanImage(INVOICE_SCAN, 1240, 1000)],
    invoice: [path.join(dir, 'invoice.png'), await scanImage(INVOICE_SCAN)],
  } as const;
  for (const [file, bytes] of Object.values(files)) await writeFile(file, bytes);
  const paths = Object.values(files).map(([file]) => file);

  let run = await runChild(paths);
  if (run.signal) {
    console.warn(`abort-child.mjs died by ${run.signal}; running it once more. Its stderr:\n${run.stderr}`);
    run = await runChild(paths);
  }
  if (run.code !== 0) {
    throw new Error(`abort-child.mjs ended by ${run.signal ?? `exit code ${run.code}`}:\n${run.stderr}`);
  }
  results = JSON.parse(run.stdout) as Results;
}, 240_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('aborting a read', () => {
  // CPU is compared before and after within one process, so the checks hold on a busy machine too.
  it('rejects promptly with the reason and really stops the OCR threads', () => {
    expect(results.abort.outcome).toBe('rejected');
    expect(results.abort.sameReason).toBe(true);
    expect(results.abort.rejectedAfterMs).toBeLessThan(1000);
    // Threads still running would cost as much CPU in the next second as in the last one.
    expect(results.abort.afterMs).toBeLessThan(results.abort.busyMs / 4);
  });

  it('replaces the terminated workers on the next read', () => {
    expect(results.next.words).toContain('48213');
  });

  it('does no work for a signal that is already aborted', () => {
    expect(results.preAborted).toEqual({ outcome: 'rejected', sameReason: true });
  });

  it('close() stops reads in flight and is idempotent', () => {
    expect(results.close.outcome).toBe('rejected');
    expect(results.close.afterMs).toBeLessThan(results.close.busyMs / 4);
  });
});
