/**
 * A photo is decoded only once its page has its place at the page gate (docs/resources.md): photos
 * waiting there hold no decoded pixels beside the page being read. A real gate, the reader's own
 * readImage and sharp; the engine is the test's, which says what it was given.
 */
import { DEFAULT_DOCUMENT_LIMITS, DocumentError } from '@intake/core/reading';
import type { PageOcrEngine } from '@intake/ocr-tesseract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_PREPARATION } from '../../packages/ocr-tesseract/src/image/prepare-image.js';
import { readImage } from '../../packages/ocr-tesseract/src/image/read-image.js';
import type { GreyImage } from '../../packages/ocr-tesseract/src/ocr/grey-image.js';
import { createPageGate, type PageGate } from '../../packages/ocr-tesseract/src/ocr/page-gate.js';
import type { OcrWorkerPool } from '../../packages/ocr-tesseract/src/ocr/worker-pool.js';
import type { PdfThreads } from '../../packages/ocr-tesseract/src/pdf/thread/pdf-threads.js';
import type { ReadContext } from '../../packages/ocr-tesseract/src/read-context.js';
import { INVOICE_SCAN, scanImage } from './documents.js';

/** The engine: one word, and the images it was given. */
function engine(): PageOcrEngine & { given: GreyImage[] } {
  const given: GreyImage[] = [];
  return {
    revision: 'test:1',
    workers: 1,
    given,
    read: (image) => {
      given.push(image);
      return Promise.resolve([{ text: 'Total', bbox: { x0: 1, y0: 1, x1: 9, y1: 5 }, confidence: 0.9 }]);
    },
    close: () => Promise.resolve(),
  };
}

/** One page at a time, held by a first page until `free()`; `queued` resolves as the next page reaches the gate. */
function heldGate() {
  const gate = createPageGate(1);
  let free!: () => void;
  const first = gate.run(undefined, () => new Promise<void>((resolve) => (free = resolve)));
  let arrived!: () => void;
  const queued = new Promise<void>((resolve) => (arrived = resolve));
  const observed: PageGate = {
    ...gate,
    run: (signal, read, lane, hold) => {
      arrived();
      return gate.run(signal, read, lane, hold);
    },
  };
  return { gate: observed, queued, free: async () => (free(), await first) };
}

const context = (gate: PageGate, ocr: PageOcrEngine): ReadContext => ({
  // The engine reads every page: tesseract's pool and the PDF threads are not asked.
  pool: { size: 1 } as OcrWorkerPool,
  pdf: {} as PdfThreads,
  signal: undefined,
  renderDpi: 300,
  minTextLayerWords: 5,
  limits: DEFAULT_DOCUMENT_LIMITS,
  imagePreparation: DEFAULT_IMAGE_PREPARATION,
  engine: ocr,
  enginePages: 'images',
  gate,
});

describe('a photo is decoded once its page has its place at the gate', () => {
  it('a photo whose pixels are damaged fails only once it enters, not while it waits', async () => {
    const { gate, queued, free } = heldGate();
    // Its header is whole (its size is read at once); its pixels are cut off.
    const png = (await scanImage(INVOICE_SCAN)).subarray(0, 2000);
    const reading = readImage(png, 'image/png', context(gate, engine()));
    const first = await Promise.race([
      queued.then(() => 'waits at the gate'),
      reading.then(
        () => 'read',
        () => 'failed before the gate',
      ),
    ]);
    expect(first).toBe('waits at the gate');
    await free();
    const error: unknown = await reading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe('document_unreadable');
  });

  it("reads the photo turned upright, the page's size that of its decoded pixels", async () => {
    const { gate, queued, free } = heldGate();
    const ocr = engine();
    // 300 × 120 pixels stored, EXIF orientation 6: upright it is 120 wide and 300 high.
    const jpeg = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const reading = readImage(jpeg, 'image/jpeg', context(gate, ocr));
    await queued;
    expect(ocr.given).toEqual([]);
    await free();
    const read = await reading;
    expect(ocr.given.map(({ width, height }) => [width, height])).toEqual([[120, 300]]);
    expect(read.pages.map(({ width, height }) => [width, height])).toEqual([[120, 300]]);
    expect(read.pages[0]!.words.map((w) => w.text)).toEqual(['Total']);
  });
});
