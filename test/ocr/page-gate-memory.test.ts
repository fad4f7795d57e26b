/**
 * The page gate under a memory budget (OCR_MEMORY_MB in the daemon): a page enters beside pages
 * being read only while resident memory plus what a page of its engine has cost (learned from a
 * page read alone) stays within the budget; a page alone always enters. And the hook the reader
 * process trims its allocator from runs as each page leaves, before the next one enters. The
 * "resident memory" here is the test's own number, which each page raises as it is read.
 */
import { describe, expect, it } from 'vitest';
import { createPageGate, type GateLane } from '../../packages/ocr-tesseract/src/ocr/page-gate.js';

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
    const s1 = gate.run(undefined, small.read(1), cheap);
    await settle();
    await small.finish(1, s1);
    const s2 = gate.run(undefined, small.read(2), cheap);
    const s3 = gate.run(undefined, small.read(3), cheap);
    await settle();
    // 350 + 50 + 50 <= 600: both cheap pages at once.
    expect(small.started).toEqual([1, 2, 3]);
    await small.finish(2, s2);
    await small.finish(3, s3);
  });
});
