import { setTimeout as sleep } from 'node:timers/promises';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SCAN, multiPageTiff, scanImage, type DrawnText } from './documents.js';
import { eventually } from '../support/wait.js';

const reader = createTesseractReader({ workers: 2 });
afterAll(() => reader.close());

/** Two dense A4 pages at 300 dpi: several seconds of OCR each, so an abort lands mid-page. */
let heavy: Buffer;
let small: Buffer;
beforeAll(async () => {
  const lines: DrawnText[] = Array.from({ length: 70 }, (_, i) => ({
    text: `Line ${i + 1}: 3 x Widget type ${1000 + i} at 12.50 each, subtotal ${(37.5 * (i + 1)).toFixed(2)} EUR`,
    x: 150,
    y: 200 + i * 45,
    size: 30,
  }));
  const page = await scanImage(lines, 2480, 3508);
  heavy = await multiPageTiff([page, page]);
  // Both workers started: the abort below lands in recognition. (One aborted while starting up
  // is terminated as soon as its start-up ends; tesseract.js exposes no thread before that.)
  small = await scanImage(INVOICE_SCAN, 1240, 1000);
  await Promise.all([reader.read(small, 'image/png'), reader.read(small, 'image/png')]);
});

/** Waits until the reads started have used a second of CPU: the OCR threads are deep in a page. */
async function working(): Promise<void> {
  const before = process.cpuUsage();
  await eventually(
    'the OCR threads at work (a second of CPU used)',
    () => {
      const used = process.cpuUsage(before);
      return used.user + used.system > 1_000_000;
    },
    { intervalMs: 50 },
  );
}

/** CPU time (user + system, all threads of this process) spent during `ms` milliseconds (a measurement window). */
async function cpuDuring(ms: number): Promise<number> {
  const before = process.cpuUsage();
  await sleep(ms);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe('aborting a read', () => {
  // CPU is compared before and after within one test, so the checks hold on a busy machine too.
  it('rejects promptly with the reason and really stops the OCR threads', async () => {
    const controller = new AbortController();
    const outcome = reader.read(heavy, 'image/tiff', { signal: controller.signal }).then(
      () => 'finished',
      (error: unknown) => error,
    );
    try {
      await working();
      const busy = await cpuDuring(1000);

      const reason = new Error('processing timeout');
      const abortedAt = performance.now();
      controller.abort(reason);
      expect(await outcome).toBe(reason);
      expect(performance.now() - abortedAt).toBeLessThan(1000);
      // Threads still running would cost as much CPU in the next second as in the last one.
      expect(await cpuDuring(1000)).toBeLessThan(busy / 4);
    } finally {
      controller.abort();
      await outcome;
    }
  });

  it('replaces the terminated workers on the next read', async () => {
    const document = await reader.read(await scanImage(INVOICE_SCAN), 'image/png');
    expect(document.pages[0]!.words.map((w) => w.text)).toContain('48213');
  });

  it('does no work for a signal that is already aborted', async () => {
    const reason = new Error('gone');
    await expect(reader.read(heavy, 'image/tiff', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('close() stops reads in flight and is idempotent', async () => {
    const closing = createTesseractReader({ workers: 1 });
    await closing.read(small, 'image/png');
    const reading = closing.read(heavy, 'image/tiff').then(
      () => 'finished',
      (error: unknown) => error,
    );
    await working();
    const busy = await cpuDuring(1000);
    await closing.close();
    await closing.close();
    expect(await reading).toBeInstanceOf(Error);
    expect(await cpuDuring(1000)).toBeLessThan(busy / 4);
  });
});
