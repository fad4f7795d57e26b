/**
 * The memory gate releases what the reader holds between steps once its budget is spent: where the
 * next in line does not fit (resident memory, what the budget counts besides and its cost pass the
 * budget), the gate asks `memory.release` to end the idle threads that step does not need, and lets
 * it in only once that has settled; where it fits, nothing is released. The reader's release keeps
 * one idle PDF thread before a PDF's opening (none before an OCR page) and one idle thread of the
 * next page's engine (or of PaddleOCR), ends the rest, then trims; a PDF thread whose reading has
 * not made its first call (it waits at the gate to open its document) is idle to it. The
 * "resident memory" is the test's own number, except in the last part, where real PDF threads and
 * tesseract workers end.
 */
import { createTesseractReader } from '@intake/ocr-tesseract';
import { describe, expect, it } from 'vitest';
import { createPageGate, type GateLane } from '../../packages/ocr-tesseract/src/ocr/page-gate.js';
import { releaseIdleFor } from '../../packages/ocr-tesseract/src/ocr/release-idle.js';
import { PdfThreads, type PdfCall } from '../../packages/ocr-tesseract/src/pdf/thread/pdf-threads.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { INVOICE_SCAN, scanImage, scannedPdf } from './documents.js';
import { held } from './held-work.js';

const MB = 1024 * 1024;

/** A release the test settles: what it was asked for, and a way to end it freeing `freed`. */
function releases(state: { rss: number }, log: string[]) {
  const asked: GateLane[] = [];
  let settle: (() => void) | undefined;
  const release = (next: GateLane): Promise<void> => {
    asked.push(next);
    log.push('release');
    return new Promise<void>((resolve) => (settle = resolve));
  };
  const done = (freed: number): void => {
    state.rss -= freed;
    settle!();
  };
  return { release, asked, done };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the memory gate, its budget spent', () => {
  it('asks for idle threads to be released before the next page enters, and lets it in once they are', async () => {
    const state = { rss: 250 * MB };
    const log: string[] = [];
    const r = releases(state, log);
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss, release: r.release } });
    const paddle: GateLane = {};
    const photos = held(state, 300 * MB);
    // Learned alone (250 + 300 fits: nothing released).
    const first = gate.run(undefined, photos.work('photo 1'), paddle);
    await settle();
    await photos.finish('photo 1', first);
    expect(r.asked).toEqual([]);

    // Between the steps the reader still holds the photo's thread and what its page left: 550 MB,
    // and 550 + 300 > 700. Nothing runs, so the page would enter at once; it waits for the release.
    const second = gate.run(undefined, () => (log.push('photo 2'), photos.work('photo 2')()), paddle);
    await settle();
    expect(r.asked).toEqual([paddle]);
    expect(photos.started).toEqual(['photo 1']);
    r.done(250 * MB);
    await settle();
    expect(log).toEqual(['release', 'photo 2']);
    await photos.finish('photo 2', second);
  });

  it('releases nothing while the next step fits', async () => {
    const state = { rss: 250 * MB };
    const log: string[] = [];
    const r = releases(state, log);
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss, release: r.release } });
    const paddle: GateLane = {};
    const opening: GateLane = {};
    const photos = held(state, 300 * MB);
    const steps = held(state, 60 * MB);
    for (const name of ['photo 1', 'photo 2']) {
      const page = gate.run(undefined, photos.work(name), paddle);
      await settle();
      await photos.finish(name, page);
      // The photo's memory goes back as it ends (100 MB left over): 350 + 300 <= 700.
      state.rss -= 200 * MB;
    }
    const open = gate.step(undefined, steps.work('open 1'), opening);
    await settle();
    await steps.finish('open 1', open);
    expect([...photos.started, ...steps.started]).toEqual(['photo 1', 'photo 2', 'open 1']);
    expect(r.asked).toEqual([]);
  });

  it('lets the step in after a release that freed too little, and does not release again until something changes', async () => {
    const state = { rss: 250 * MB };
    const log: string[] = [];
    const r = releases(state, log);
    const gate = createPageGate(1, { memory: { bytes: 700 * MB, resident: () => state.rss, release: r.release } });
    const engine: GateLane = {};
    const pages = held(state, 300 * MB);
    const first = gate.run(undefined, pages.work('page 1'), engine);
    await settle();
    await pages.finish('page 1', first);
    // 550 resident: the next page does not fit; the release frees 10 MB, and it enters alone anyway.
    const second = gate.run(undefined, pages.work('page 2'), engine);
    await settle();
    r.done(10 * MB);
    await settle();
    expect(pages.started).toEqual(['page 1', 'page 2']);
    // A third waits for the one place: a new first in line, over budget, asks once more (the
    // release ends nothing the second holds); a fourth arriving behind it asks nothing.
    const third = gate.run(undefined, pages.work('page 3'), engine);
    await settle();
    expect(r.asked.length).toBe(2);
    r.done(0);
    await settle();
    const fourth = gate.run(undefined, pages.work('page 4'), engine);
    await settle();
    expect(r.asked.length).toBe(2);
    // The second leaving is a change: the third is over budget again, and a release runs first.
    const finished = pages.finish('page 2', second);
    await settle();
    expect(r.asked.length).toBe(3);
    expect(pages.started).toEqual(['page 1', 'page 2']);
    r.done(300 * MB);
    await finished;
    await settle();
    expect(pages.started).toEqual(['page 1', 'page 2', 'page 3']);
    await pages.finish('page 3', third);
    await settle();
    r.done(0);
    await settle();
    expect(pages.started).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
    await pages.finish('page 4', fourth);
  });
});

describe("the reader's release", () => {
  /** Parts that record what they were asked to keep. */
  const parts = () => {
    const calls: string[] = [];
    const part = (name: string) => ({
      releaseIdle: (keep = 0) => {
        calls.push(`${name} keeps ${keep}`);
        return Promise.resolve();
      },
    });
    const pool = part('tesseract');
    const engine = part('paddle');
    const release = releaseIdleFor({
      pool,
      engine,
      pdf: [part('pdf'), part('counting')],
      afterRelease: () => calls.push('trim'),
    });
    return { calls, pool, engine, release };
  };

  it("keeps one thread of the next page's engine, an idle PDF thread only for an opening, ends the rest, then trims", async () => {
    const { calls, pool, engine, release } = parts();
    // Before an OCR page no PDF thread is kept idle beside it.
    await release(pool);
    expect(calls).toEqual(['pdf keeps 0', 'counting keeps 0', 'tesseract keeps 1', 'paddle keeps 0', 'trim']);
    calls.length = 0;
    await release(engine);
    expect(calls).toEqual(['pdf keeps 0', 'counting keeps 0', 'tesseract keeps 0', 'paddle keeps 1', 'trim']);
    calls.length = 0;
    // A PDF's opening: one PDF thread kept for it, tesseract's workers end, PaddleOCR keeps one thread.
    await release({ varies: true });
    expect(calls).toEqual(['pdf keeps 1', 'counting keeps 0', 'tesseract keeps 0', 'paddle keeps 1', 'trim']);
  });

  it('ends idle PDF threads beyond the ones kept, and only idle ones', async () => {
    const pdf = new PdfThreads({ size: 2, memoryMb: 256, stepTimeoutMs: 60_000, idleReleaseMs: 0 });
    try {
      const bytes = await makeInvoicePdf({ total: '119.00' });
      const count = (call: PdfCall) => call({ op: 'count', bytes });
      // Two threads started: one held by a reading that has not finished, one idle.
      let letGo!: () => void;
      let holds!: () => void;
      const holdReached = new Promise<void>((resolve) => (holds = resolve));
      const holding = pdf.run(undefined, async (call) => {
        await count(call);
        await new Promise<void>((resolve) => {
          letGo = resolve;
          holds();
        });
      });
      // Its count done and its thread kept, the reading holds on (on a loaded machine the count
      // may take longer than the thread's start, so wait for the hold itself).
      await holdReached;
      expect(pdf.live).toBe(1);
      await pdf.run(undefined, count);
      expect(pdf.live).toBe(2);
      await pdf.releaseIdle(0);
      // The idle one ended; the one a reading holds did not.
      expect(pdf.live).toBe(1);
      letGo();
      await holding;
      await pdf.releaseIdle(1);
      expect(pdf.live).toBe(1);
      await pdf.releaseIdle(0);
      expect(pdf.live).toBe(0);
      // A later document starts a thread again.
      expect(await pdf.run(undefined, count)).toBe(1);
    } finally {
      await pdf.close();
    }
  });
  it('ends the thread of a reading that has not made its first call, and starts one with that call', async () => {
    const pdf = new PdfThreads({ size: 1, memoryMb: 256, stepTimeoutMs: 60_000, idleReleaseMs: 0 });
    try {
      const bytes = await makeInvoicePdf({ total: '119.00' });
      const count = (call: PdfCall) => call({ op: 'count', bytes });
      // The slot's thread, started by a count and kept (no idle period).
      await pdf.run(undefined, count);
      expect(pdf.live).toBe(1);
      // A reading holds the slot but waits (as at the memory gate, before its opening) with no call yet.
      let letGo!: () => void;
      const waits = new Promise<void>((resolve) => (letGo = resolve));
      let held!: () => void;
      const slotHeld = new Promise<void>((resolve) => (held = resolve));
      const reading = pdf.run(undefined, async (call) => {
        held();
        await waits;
        return count(call);
      });
      await slotHeld;
      expect(pdf.hasFreeSlot).toBe(false);
      // Its thread holds no document: a release ends it, keeping none.
      await pdf.releaseIdle(0);
      expect(pdf.live).toBe(0);
      letGo();
      // Its first call starts a thread again, and the reading goes on in it.
      expect(await reading).toBe(1);
      expect(pdf.live).toBe(1);
    } finally {
      await pdf.close();
    }
  });
});

describe('a reader over its budget, with real reads', () => {
  it("ends tesseract's idle worker before a PDF's opening, trims, and reads on", async () => {
    let trims = 0;
    // 1 MB: every step finds the budget spent.
    const reader = createTesseractReader({
      workers: 2,
      memoryBudgetMb: 1,
      idleReleaseMs: 600_000,
      afterRelease: () => trims++,
    });
    try {
      const scan = await scanImage(INVOICE_SCAN);
      const scanned = await reader.read(scan, 'image/png');
      expect(scanned.pages[0]!.words.map((w) => w.text)).toContain('48213');
      // Far within its idle period, the worker is still there.
      expect(reader.ocrWorkers().tesseract).toBe(1);
      const before = trims;
      const text = await reader.read(await makeInvoicePdf({ total: '119.00' }), 'application/pdf');
      expect(text.pages[0]!.words.map((w) => w.text)).toContain('119.00');
      // The opening was not tesseract's: its worker ended before it, and the allocator was trimmed.
      expect(reader.ocrWorkers().tesseract).toBe(0);
      expect(trims).toBeGreaterThan(before);
      // One idle PDF thread is kept for the next PDF, which a scanned one then reads with tesseract again.
      expect(reader.pdfThreads()).toBe(1);
      const again = await reader.read(await scannedPdf(scan), 'application/pdf');
      expect(again.pages[0]!.source).toBe('ocr');
    } finally {
      await reader.close();
    }
  });
});
