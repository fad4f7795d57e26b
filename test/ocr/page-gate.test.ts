/**
 * OCR pages read at once across documents and engines: at most the reader's threads per engine,
 * so that a mixed load does not grow both engines' working memory together (docs/resources.md).
 * The second engine here is a PageOcrEngine of the test's own (the port PaddleOCR implements),
 * which holds every page until the test lets it go and counts the pages it holds at once.
 */
import { createTesseractReader, type PageOcrEngine } from '@intake/ocr-tesseract';
import type { Word } from '@intake/core';
import { describe, expect, it } from 'vitest';
import { INVOICE_SCAN, scanImage, scannedPdf } from './documents.js';
import { eventually } from '../support/wait.js';

const WORDS: Word[] = ['Total', '12.50', 'EUR'].map((text, i) => ({
  text,
  bbox: { x0: 10 + i * 60, y0: 10, x1: 60 + i * 60, y1: 30 },
  confidence: 0.9,
}));

/** An engine with `workers` threads (as it declares them) that reads a page when `release()` is called. */
function heldEngine(workers: number) {
  const held: (() => void)[] = [];
  let reading = 0;
  let most = 0;
  let entered = 0;
  let released = 0;
  const engine: PageOcrEngine = {
    releaseIdle: () => void released++,
    revision: 'held:1',
    workers,
    async read(_image, signal) {
      entered++;
      reading++;
      most = Math.max(most, reading);
      try {
        await new Promise<void>((resolve, reject) => {
          held.push(resolve);
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
        return WORDS;
      } finally {
        reading--;
      }
    },
    close: async () => undefined,
  };
  return {
    engine,
    held: () => held.length,
    entered: () => entered,
    released: () => released,
    most: () => most,
    release: () => held.splice(0).forEach((go) => go()),
  };
}

const photos = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => scanImage([{ text: `Receipt ${i}`, x: 20, y: 40, size: 24 }], 240, 120)),
  );

describe('OCR pages read at once', () => {
  it('with one thread per engine, one page at a time across documents; the next enters as one leaves', async () => {
    const probe = heldEngine(1);
    const reader = createTesseractReader({ workers: 1, engine: probe.engine });
    try {
      const reads = (await photos(3)).map((png) => reader.read(png, 'image/png'));
      for (let page = 1; page <= 3; page++) {
        await eventually(`page ${page} in the engine`, () => probe.entered() === page && probe.held() === 1);
        probe.release();
      }
      const documents = await Promise.all(reads);
      expect(documents.map((d) => d.pages[0]!.words.map((w) => w.text).join(' '))).toEqual(
        Array(3).fill('Total 12.50 EUR'),
      );
      expect(probe.most()).toBe(1);
    } finally {
      await reader.close();
    }
  });

  it('with two threads, two pages at once', async () => {
    const probe = heldEngine(2);
    const reader = createTesseractReader({ workers: 2, engine: probe.engine });
    try {
      const reads = (await photos(3)).map((png) => reader.read(png, 'image/png'));
      await eventually('two pages in the engine', () => probe.held() === 2);
      probe.release();
      await eventually('the third page in the engine', () => probe.entered() === 3 && probe.held() === 1);
      probe.release();
      await Promise.all(reads);
      expect(probe.most()).toBe(2);
    } finally {
      await reader.close();
    }
  });

  it('a page waiting for its turn leaves when its document is aborted, and never reaches an engine', async () => {
    const probe = heldEngine(1);
    const reader = createTesseractReader({ workers: 1, engine: probe.engine });
    try {
      const [first, second, third] = await photos(3);
      const reading = reader.read(first!, 'image/png');
      await eventually('the first page in the engine', () => probe.held() === 1);
      const controller = new AbortController();
      const aborted = reader.read(second!, 'image/png', { signal: controller.signal }).catch((error: unknown) => error);
      const reason = new Error('the job timed out');
      controller.abort(reason);
      expect(await aborted).toBe(reason);
      const after = reader.read(third!, 'image/png');
      probe.release();
      await reading;
      await eventually('the third document in the engine', () => probe.held() === 1);
      probe.release();
      await after;
      // The aborted document's page never reached the engine: first and third only.
      expect(probe.entered()).toBe(2);
    } finally {
      await reader.close();
    }
  });

  it('passing from one engine to the other, the engine left releases its idle threads at once', async () => {
    const probe = heldEngine(2);
    // Idle periods far longer than the test: only the switch can end a thread here.
    const reader = createTesseractReader({ workers: 1, engine: probe.engine, idleReleaseMs: 600_000 });
    try {
      const [first, second] = await photos(2);
      const photo = reader.read(first!, 'image/png');
      await eventually('the photo in the engine', () => probe.held() === 1);
      probe.release();
      await photo;
      expect(probe.released(), 'no switch yet').toBe(0);

      const scan = await reader.read(await scannedPdf(await scanImage(INVOICE_SCAN)), 'application/pdf');
      expect(scan.pages[0]!.words.map((w) => w.text).join(' ')).toContain('Invoice number 48213');
      expect(probe.released(), 'the engine released as tesseract started').toBe(1);
      expect(reader.ocrWorkers().tesseract).toBe(1);

      const again = reader.read(second!, 'image/png');
      await eventually('the second photo in the engine', () => probe.held() === 1);
      await eventually(
        () => `the tesseract worker to end while the engine reads (live: ${reader.ocrWorkers().tesseract})`,
        () => reader.ocrWorkers().tesseract === 0,
      );
      probe.release();
      await again;
      expect(probe.released(), 'no switch back to tesseract').toBe(1);
    } finally {
      await reader.close();
    }
  });
});
