/**
 * The page gate under a memory budget (MEMORY_BUDGET_MB in the daemon): a page enters beside pages
 * being read only while resident memory plus what a page of its engine has cost (learned from a
 * page read alone) stays within the budget; a page alone always enters. And the hook the reader
 * process trims its allocator from runs as each page leaves, before the next one enters; a page's
 * picture (a PDF page drawn at 300 dpi) is made only once the page has entered. The "resident
 * memory" here is the test's own number, which each page raises as it is read.
 */
import { describe, expect, it } from 'vitest';
import type { PageOcrEngine } from '@intake/ocr-tesseract';
import { ocrPage } from '../../packages/ocr-tesseract/src/ocr/ocr-page.js';
import { createPageGate, type GateLane } from '../../packages/ocr-tesseract/src/ocr/page-gate.js';
import type { OcrWorkerPool } from '../../packages/ocr-tesseract/src/ocr/worker-pool.js';
import { held } from './held-work.js';

const MB = 1024 * 1024;

/** Pages that are held until the test lets them go; each raises `rss` by `cost` when it starts. */
function heldPages(state: { rss: number }, cost: number) {
  const held = new Map<number, () => void>();
  const started: number[] = [];
  const read = (page: number) => () => {
    started.push(page);
    state.rss += cost;
    return new Promise<number>((resolve) => held.set(page, () => resolve(page)));
  };
  /** Lets page `n` finish and waits until the gate has taken it out. */
  const finish = async (n: number, done: Promise<number>): Promise<void> => {
    held.get(n)!();
    held.delete(n);
    await done;
  };
  return { read, finish, started };
}

/** Lets every callback already queued run (the gate admits pages synchronously as one leaves). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the page gate under a memory budget', () => {
  it('reads a page alone until one was read alone, then a second beside it only while there is room', async () => {
    const state = { rss: 100 * MB };
    const trims: number[] = [];
    const gate = createPageGate(2, {
      memory: { bytes: 450 * MB, resident: () => state.rss },
      // The reader process's trim: what the page freed goes back (here: half of what it took).
      afterPage: () => {
        trims.push(state.rss);
        state.rss -= 75 * MB;
      },
    });
    const lane: GateLane = {};
    const pages = heldPages(state, 150 * MB);
    const p1 = gate.run(undefined, pages.read(1), lane);
    const p2 = gate.run(undefined, pages.read(2), lane);
    const p3 = gate.run(undefined, pages.read(3), lane);
    await settle();
    // Two threads, but what a page costs is not known yet: the second page waits.
    expect(pages.started).toEqual([1]);

    await pages.finish(1, p1);
    await settle();
    // Page 1 cost 150 MB alone; after its trim 175 MB are resident. Page 2 enters alone, and beside
    // it page 3 would need 175 + 150 (page 2) + 150 > 450: it waits.
    expect(trims).toEqual([250 * MB]);
    expect(pages.started).toEqual([1, 2]);

    await pages.finish(2, p2);
    await settle();
    expect(pages.started).toEqual([1, 2, 3]);
    await pages.finish(3, p3);
  });

  it('reads two pages at once when the budget leaves room for both', async () => {
    const state = { rss: 100 * MB };
    const gate = createPageGate(2, { memory: { bytes: 2000 * MB, resident: () => state.rss } });
    const lane: GateLane = {};
    const pages = heldPages(state, 150 * MB);
    const p1 = gate.run(undefined, pages.read(1), lane);
    await settle();
    await pages.finish(1, p1);
    const p2 = gate.run(undefined, pages.read(2), lane);
    const p3 = gate.run(undefined, pages.read(3), lane);
    await settle();
    expect(pages.started).toEqual([1, 2, 3]);
    await pages.finish(2, p2);
    await pages.finish(3, p3);
  });

  it('without a budget, as many pages as threads from the first', async () => {
    const state = { rss: 100 * MB };
    const gate = createPageGate(2);
    const pages = heldPages(state, 150 * MB);
    const p1 = gate.run(undefined, pages.read(1));
    const p2 = gate.run(undefined, pages.read(2));
    await settle();
    expect(pages.started).toEqual([1, 2]);
    await pages.finish(1, p1);
    await pages.finish(2, p2);
  });

  it('learns each engine apart: a cheap engine reads two pages where a costly one read one', async () => {
    const state = { rss: 100 * MB };
    const gate = createPageGate(2, { memory: { bytes: 600 * MB, resident: () => state.rss } });
    const [costly, cheap]: GateLane[] = [{}, {}];
    const big = heldPages(state, 400 * MB);
    const small = heldPages(state, 50 * MB);
    const b1 = gate.run(undefined, big.read(1), costly);
    await settle();
    await big.finish(1, b1);
    // 500 MB resident (nothing trimmed), and a costly page costs 400: one at a time.
    const b2 = gate.run(undefined, big.read(2), costly);
    const b3 = gate.run(undefined, big.read(3), costly);
    await settle();
    expect(big.started).toEqual([1, 2]);
    await big.finish(2, b2);
    await settle();
    await big.finish(3, b3);
    state.rss = 300 * MB;
    // The first cheap page switched engines, so it teaches nothing (see memory-gate.test.ts); the
    // second, read alone, does.
    for (const n of [1, 2]) {
      const page = gate.run(undefined, small.read(n), cheap);
      await settle();
      await small.finish(n, page);
    }
    state.rss = 300 * MB;
    const s2 = gate.run(undefined, small.read(3), cheap);
    const s3 = gate.run(undefined, small.read(4), cheap);
    await settle();
    // 300 + 50 + 50 <= 600: both cheap pages at once.
    expect(small.started).toEqual([1, 2, 3, 4]);
    await small.finish(3, s2);
    await small.finish(4, s3);
  });
});

describe('a page picture is made once the page has its place at the gate', () => {
  it('a scanned page waiting behind another is not drawn until it enters', async () => {
    const gate = createPageGate(1);
    let free!: () => void;
    const first = gate.run(undefined, () => new Promise<void>((resolve) => (free = resolve)));
    let drawn = 0;
    const engine: PageOcrEngine = {
      revision: 'test:1',
      workers: 1,
      read: () => Promise.resolve([{ text: 'Total', bbox: { x0: 10, y0: 10, x1: 50, y1: 20 }, confidence: 0.9 }]),
      close: () => Promise.resolve(),
    };
    const page = ocrPage(
      // The engine reads the page: tesseract's pool is not asked.
      {} as OcrWorkerPool,
      { number: 1, width: 100, height: 50, binarisation: 'local' },
      () => {
        drawn++;
        return Promise.resolve({ image: { width: 200, height: 100, pixels: new Uint8Array(200 * 100) }, scale: 2 });
      },
      new AbortController().signal,
      engine,
      gate,
    );
    await settle();
    expect(drawn).toBe(0);
    free();
    await first;
    const read = await page;
    expect(drawn).toBe(1);
    // Boxes from the picture's pixels into the page's units (scale 2).
    expect(read.words).toEqual([{ text: 'Total', bbox: { x0: 5, y0: 5, x1: 25, y1: 10 }, confidence: 0.9 }]);
  });
});

describe("a step whose cost varies (a PDF's opening) is never learned", () => {
  /** Photo 1 and opening 1 each run alone (learning what they can); photo 2 is then being read. */
  async function afterOneOfEach(opening: GateLane) {
    const state = { rss: 100 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const paddle: GateLane = {};
    const photos = held(state, 100 * MB);
    const steps = held(state, 20 * MB);
    const photo1 = gate.run(undefined, photos.work('photo 1'), paddle);
    await settle();
    await photos.finish('photo 1', photo1);
    const open1 = gate.step(undefined, steps.work('open 1'), opening);
    await settle();
    await steps.finish('open 1', open1);
    const photo2 = gate.run(undefined, photos.work('photo 2'), paddle);
    await settle();
    return { gate, photos, steps, photo2, opening };
  }

  it('a learned opening enters beside a page where its cost fits', async () => {
    const { gate, photos, steps, photo2, opening } = await afterOneOfEach({});
    const open2 = gate.step(undefined, steps.work('open 2'), opening);
    await settle();
    // 320 resident, and 220 + 100 (photo 2) + 20 <= 700: beside it.
    expect(steps.started).toEqual(['open 1', 'open 2']);
    await steps.finish('open 2', open2);
    await photos.finish('photo 2', photo2);
  });

  it('waits for the page being read, then for the opened PDF holding memory', async () => {
    const { gate, photos, steps, photo2, opening } = await afterOneOfEach({ varies: true });
    const open2 = gate.step(undefined, steps.work('open 2'), opening);
    await settle();
    expect(steps.started).toEqual(['open 1']);
    await photos.finish('photo 2', photo2);
    await settle();
    // Alone now, with no PDF open: it enters, and its document then holds memory until closed.
    expect(steps.started).toEqual(['open 1', 'open 2']);
    await steps.finish('open 2', open2);
    const hold = gate.hold();
    const open3 = gate.step(undefined, steps.work('open 3'), opening);
    await settle();
    // Nothing runs, but an opened PDF holds memory: the next PDF is not parsed beside it.
    expect(steps.started).toEqual(['open 1', 'open 2']);
    hold.release();
    await settle();
    expect(steps.started).toEqual(['open 1', 'open 2', 'open 3']);
    await steps.finish('open 3', open3);
  });
});
