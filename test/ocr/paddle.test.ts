/**
 * The PaddleOCR engine (@intake/ocr-onnx) on documents drawn here: a receipt-like photo is read into
 * its words with boxes where they were drawn; the reader around it keeps the limits and refusals;
 * the daemon's OCR_ENGINE setting picks it. Small images, so the models' CPU stays a few seconds.
 */
import os from 'node:os';
import { DocumentError, type Word } from '@intake/core';
import { loadConfig } from '@intake/daemon';
import { createPaddleOcr } from '@intake/ocr-onnx';
import { createTesseractReader, type PageOcrEngine } from '@intake/ocr-tesseract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer } from '../../daemon/src/di/container.js';
import { TOKENS } from '../../daemon/src/di/tokens.js';
import { createReader } from '../../daemon/src/reading/create-reader.js';
import type { ReaderProcess } from '../../daemon/src/reading/reader-process.js';
import { createLogger } from '../../daemon/src/logger.js';
import { scanImage, scannedPdf, textWidth, type DrawnText } from './documents.js';

const RECEIPT: DrawnText[] = [
  { text: 'CORNER BAKERY', x: 60, y: 70, size: 34 },
  { text: '12 Market Street', x: 60, y: 120, size: 24 },
  { text: 'Date 2024-03-15', x: 60, y: 200, size: 24 },
  { text: 'Bread', x: 60, y: 260, size: 24 },
  { text: '3.20', x: 400, y: 260, size: 24 },
  { text: 'TOTAL', x: 60, y: 320, size: 28 },
  { text: '12.50', x: 390, y: 320, size: 28 },
];

/** Counts the pages handed to the engine, so a test can tell who read them. */
function counted(engine: PageOcrEngine): PageOcrEngine & { pages: number } {
  const wrapper = {
    pages: 0,
    revision: engine.revision,
    workers: engine.workers,
    read: (...args: Parameters<PageOcrEngine['read']>) => {
      wrapper.pages++;
      return engine.read(...args);
    },
    close: () => engine.close(),
  };
  return wrapper;
}

const engine = counted(createPaddleOcr({ workers: 1 }));
const reader = createTesseractReader({
  workers: 1,
  engine,
  enginePages: 'scans',
  limits: { maxImagePixels: 4_000_000 },
});
afterAll(() => reader.close());

let receipt: Buffer;
beforeAll(async () => {
  receipt = await scanImage(RECEIPT, 520, 380);
});

const byText = (words: Word[], text: string): Word => {
  const word = words.find((w) => w.text === text);
  expect(word, `"${text}" among ${words.map((w) => w.text).join(' ')}`).toBeDefined();
  return word!;
};

describe('PaddleOCR through onnxruntime', () => {
  it('reads a receipt photo into its words, in reading order, with boxes where they were drawn', async () => {
    const before = engine.pages;
    const { pages } = await reader.read(receipt, 'image/png');
    expect(engine.pages).toBe(before + 1);
    const [page] = pages;
    expect(page).toMatchObject({ number: 1, width: 520, height: 380, source: 'ocr' });
    const text = page!.words.map((w) => w.text).join(' ');
    expect(text).toBe('CORNER BAKERY 12 Market Street Date 2024-03-15 Bread 3.20 TOTAL 12.50');
    for (const drawn of RECEIPT) {
      // Words of one drawn run: the first starts at its x, the last ends at x + its width.
      const words = drawn.text.split(' ');
      const first = byText(page!.words, words[0]!);
      const last = byText(page!.words, words.at(-1)!);
      const tolerance = drawn.size * 0.6;
      expect(Math.abs(first.bbox.x0 - drawn.x)).toBeLessThan(tolerance);
      expect(Math.abs(last.bbox.x1 - (drawn.x + textWidth(drawn.text, drawn.size)))).toBeLessThan(tolerance);
      // The baseline lies inside the box, and the box is about a line high.
      expect(first.bbox.y0).toBeLessThan(drawn.y);
      expect(first.bbox.y1).toBeGreaterThan(drawn.y - drawn.size * 0.2);
      expect(first.bbox.y1 - first.bbox.y0).toBeLessThan(drawn.size * 2.2);
      expect(first.confidence).toBeGreaterThan(0.8);
    }
    // Label and amount are separate words on one line, the label first.
    const total = byText(page!.words, 'TOTAL');
    const amount = byText(page!.words, '12.50');
    expect(total.bbox.x1).toBeLessThan(amount.bbox.x0);
  });

  it("reads a line's final stop, which the detector's box leaves outside", async () => {
    // At these sizes the detector's boxes end at the last letter; read as boxed, every one of
    // these lines lost its final dot.
    const lines = [
      'BEMED (SP) SDN. BHD.',
      'Shah Alam, Selangor D.E.',
      'HOCK LEE (M) SDN. BHD.',
      'NORTH STAR TRADING CO.',
    ];
    const drawn = lines.map((text, i) => ({ text, x: 40, y: 60 + i * 60, size: 30 }));
    const { pages } = await reader.read(await scanImage(drawn, 560, 300), 'image/png');
    const words = pages[0]!.words;
    const read = lines.map((_, i) =>
      words
        .filter((w) => w.bbox.y0 < drawn[i]!.y && w.bbox.y1 > drawn[i]!.y - 10)
        .map((w) => w.text)
        .join(' '),
    );
    expect(read).toEqual(lines);
  });

  it('reads scanned PDF pages too when asked (enginePages: scans), boxes in points', async () => {
    const before = engine.pages;
    const pdf = await scannedPdf(await scanImage(RECEIPT.slice(0, 3), 1240, 1754));
    const { pages } = await reader.read(pdf, 'application/pdf');
    expect(engine.pages).toBe(before + 1);
    expect(pages[0]!.words.map((w) => w.text).join(' ')).toContain('12 Market Street Date 2024-03-15');
    const street = byText(pages[0]!.words, '12');
    // 60 px at 150 dpi (the scan's size on an A4 page) is 28.8 pt; the baseline at 120 px is 57.6 pt.
    expect(Math.abs(street.bbox.x0 - (60 * 72) / 150)).toBeLessThan(8);
    expect(street.bbox.y0).toBeLessThan((120 * 72) / 150);
    expect(street.bbox.y1).toBeGreaterThan((120 * 72) / 150 - 3);
  });

  it('refuses a blank page and a damaged image as document_unreadable, a huge one as document_too_large', async () => {
    const refusal = (bytes: Uint8Array) =>
      reader.read(bytes, 'image/png').then(
        () => null,
        (e: unknown) => e as DocumentError,
      );
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await refusal(blank))?.code).toBe('document_unreadable');
    expect((await refusal(receipt.subarray(0, 600)))?.code).toBe('document_unreadable');
    const before = engine.pages;
    // 3000 × 2000: over this reader's 4 megapixels; refused from the header, never decoded.
    const huge = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const error = await refusal(huge);
    expect(error).toBeInstanceOf(DocumentError);
    expect(error?.code).toBe('document_too_large');
    expect(engine.pages).toBe(before);
  });

  it('stops at once when the read is aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const outcome = reader.read(receipt, 'image/png', { signal: controller.signal });
    controller.abort(reason);
    await expect(outcome).rejects.toBe(reason);
    // The engine's thread gave the page up and was kept: the next read works.
    const { pages } = await reader.read(receipt, 'image/png');
    expect(pages[0]!.words.length).toBeGreaterThan(5);
  });
});

/**
 * A thread is never terminated in the middle of a model run: onnxruntime-node's binding aborts the
 * whole process when a call into it returns into a thread being terminated (SIGABRT, "terminate
 * called after throwing an instance of 'Napi::Error'"), which took this test process with it.
 */
describe('an aborted or closed read gives its page up between model runs', () => {
  const grey = async (png: Buffer) => {
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
  };

  it('keeps the thread and its models through aborts at any moment of a page', async () => {
    const paddle = createPaddleOcr({ workers: 1, idleReleaseMs: 0 });
    try {
      const image = await grey(receipt);
      const words = await paddle.read(image);
      // Aborts before the first model run, and after the page has been handed over (a
      // macrotask later: during the models' runs or between them).
      for (const wait of [false, true, true]) {
        const controller = new AbortController();
        const reason = new Error('caller gave up');
        const outcome = paddle.read(image, controller.signal);
        if (wait) await new Promise((resolve) => setImmediate(resolve));
        controller.abort(reason);
        await expect(outcome).rejects.toBe(reason);
        expect(paddle.liveWorkers).toBe(1);
      }
      expect(await paddle.read(image)).toEqual(words);
      expect(paddle.liveWorkers).toBe(1);
    } finally {
      await paddle.close();
    }
    expect(paddle.liveWorkers).toBe(0);
  });

  it('closes once the page being read is given up, which then fails as closed', async () => {
    const paddle = createPaddleOcr({ workers: 1, idleReleaseMs: 0 });
    const reading = paddle.read(await grey(receipt));
    const failed = expect(reading).rejects.toThrow('The onnx OCR pool was closed');
    // A macrotask later the page has been posted to its thread, which is starting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(paddle.liveWorkers).toBe(1);
    await paddle.close();
    await failed;
    expect(paddle.liveWorkers).toBe(0);
  });
});

/**
 * The reading revision of the reader the daemon's container makes for these settings: the
 * container's reader process runs createReader() on its settings in a child process, so the
 * revision is that of the reader those settings build (lazy: no OCR thread starts here).
 */
const daemonRevision = (env: NodeJS.ProcessEnv): string => {
  const container = createContainer(loadConfig(env, os.tmpdir()), createLogger('silent'));
  const daemonReader = container.get<ReaderProcess>(TOKENS.Reader);
  void daemonReader.close();
  const reader = createReader(daemonReader.settings);
  void reader.close();
  return reader.revision;
};

describe('the daemon setting OCR_ENGINE', () => {
  it('paddle (the default) gives the daemon a reader that reads images with PaddleOCR; tesseract reads everything with tesseract', async () => {
    expect(daemonRevision({})).toMatch(/^tesseract:\d+:eng\+deu:then-[a-z+]+\+paddle:.*:images$/);
    expect(daemonRevision({ OCR_ENGINE: 'tesseract' })).toMatch(/^tesseract:\d+:eng\+deu:then-[a-z+]+$/);
    expect(daemonRevision({ OCR_ENGINE: 'paddle' })).toMatch(/^tesseract:\d+:eng\+deu:then-[a-z+]+\+paddle:.*:images$/);
    expect(daemonRevision({ OCR_ENGINE: 'paddle', OCR_ENGINE_PAGES: 'scans' })).toMatch(/\+paddle:.*:scans$/);
  });
});

describe('the daemon setting OCR_LANGUAGES', () => {
  it('gives tesseract its languages (English and German unless set), and a missing model is a configuration error', () => {
    expect(loadConfig({}, os.tmpdir()).OCR_LANGUAGES).toBe('eng+deu');
    const once = { OCR_ENGINE: 'tesseract', OCR_OTHER_LANGUAGES: 'none' };
    expect(daemonRevision({ ...once, OCR_LANGUAGES: 'eng' })).toMatch(/^tesseract:\d+$/);
    expect(daemonRevision({ ...once, OCR_LANGUAGES: 'deu+eng' })).toMatch(/^tesseract:\d+:deu\+eng$/);
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng+xyz' }, os.tmpdir())).toThrow(
      /OCR_LANGUAGES: OCR language "xyz" needs its model: npm install @tesseract\.js-data\/xyz/,
    );
    expect(() => loadConfig({ OCR_LANGUAGES: 'english' }, os.tmpdir())).toThrow(/OCR_LANGUAGES/);
  });
});

describe('the daemon setting OCR_OTHER_LANGUAGES', () => {
  it('names the languages a page is read again in (five unless set, `none` for none); a missing model is a configuration error', () => {
    expect(loadConfig({}, os.tmpdir()).OCR_OTHER_LANGUAGES).toBe('fra+spa+ita+por+pol');
    const tesseract = { OCR_ENGINE: 'tesseract' };
    expect(daemonRevision(tesseract)).toMatch(/^tesseract:\d+:eng\+deu:then-fra\+spa\+ita\+por\+pol$/);
    expect(daemonRevision({ ...tesseract, OCR_OTHER_LANGUAGES: 'pol' })).toMatch(/^tesseract:\d+:eng\+deu:then-pol$/);
    expect(daemonRevision({ ...tesseract, OCR_OTHER_LANGUAGES: 'none' })).toMatch(/^tesseract:\d+:eng\+deu$/);
    expect(() => loadConfig({ OCR_OTHER_LANGUAGES: 'fra+xyz' }, os.tmpdir())).toThrow(
      /OCR_OTHER_LANGUAGES: OCR language "xyz" needs its model: npm install @tesseract\.js-data\/xyz/,
    );
    expect(() => loadConfig({ OCR_OTHER_LANGUAGES: 'french' }, os.tmpdir())).toThrow(/OCR_OTHER_LANGUAGES/);
  });
});
