/**
 * The reader's one memory gate (MEMORY_BUDGET_MB in the daemon) beyond OCR pages: a PDF's opening
 * (its PDF thread started for it) is a step admitted against the same budget as the pages. A step
 * enters beside pages or steps only while resident memory plus what a step of its kind has cost
 * (learned from one run alone) stays within the budget; one alone always enters; a step takes no
 * OCR place and does not switch engines. An opened PDF holds memory until it is closed: a page that
 * is not its own and does not fit waits for it, and its pages go ahead. The "resident memory" is
 * the test's own number, except in the last part, where a real PDF is read through real PDF
 * threads.
 */
import { DEFAULT_DOCUMENT_LIMITS } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_PREPARATION } from '../../packages/ocr-tesseract/src/image/prepare-image.js';
import { createPageGate, type GateLane } from '../../packages/ocr-tesseract/src/ocr/page-gate.js';
import type { OcrWorkerPool } from '../../packages/ocr-tesseract/src/ocr/worker-pool.js';
import { readPdf } from '../../packages/ocr-tesseract/src/pdf/read-pdf.js';
import { PdfThreads } from '../../packages/ocr-tesseract/src/pdf/thread/pdf-threads.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { INVOICE_SCAN, scanImage, scannedPdf } from './documents.js';
import { held } from './held-work.js';

const MB = 1024 * 1024;

/** Lets every callback already queued run (the gate admits synchronously as one leaves). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('steps at the memory gate', () => {
  it('opens a PDF beside a page only once a step has run alone and while there is room', async () => {
    const state = { rss: 300 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const engine: GateLane = {};
    const opening: GateLane = {};
    const pages = held(state, 300 * MB);
    const steps = held(state, 60 * MB);

    // What a step costs is not known yet: it waits for the page being read.
    const p1 = gate.run(undefined, pages.work('page 1'), engine);
    const s1 = gate.step(undefined, steps.work('open 1'), opening);
    await settle();
    expect([...pages.started, ...steps.started]).toEqual(['page 1']);
    await pages.finish('page 1', p1);
    await settle();
    // Alone, it enters (and is learned: 60 MB).
    expect(steps.started).toEqual(['open 1']);
    await steps.finish('open 1', s1);
    state.rss = 300 * MB;

    // 300 resident + 300 (the page) + 60 <= 700: the opening runs beside the page.
    const p2 = gate.run(undefined, pages.work('page 2'), engine);
    const s2 = gate.step(undefined, steps.work('open 2'), opening);
    await settle();
    expect(steps.started).toEqual(['open 1', 'open 2']);
    await steps.finish('open 2', s2);
    await pages.finish('page 2', p2);

    // With 400 resident (the daemon grew), 400 + 300 + 60 > 700: the opening waits for the page.
    state.rss = 400 * MB;
    const p3 = gate.run(undefined, pages.work('page 3'), engine);
    const s3 = gate.step(undefined, steps.work('open 3'), opening);
    await settle();
    expect(steps.started).toEqual(['open 1', 'open 2']);
    await pages.finish('page 3', p3);
    await settle();
    expect(steps.started).toEqual(['open 1', 'open 2', 'open 3']);
    await steps.finish('open 3', s3);
  });

  it('holds a page back while a step runs where the two would pass the budget', async () => {
    const state = { rss: 300 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const engine: GateLane = {};
    const opening: GateLane = {};
    const pages = held(state, 350 * MB);
    const steps = held(state, 100 * MB);
    // Learn both alone.
    const p1 = gate.run(undefined, pages.work('page 1'), engine);
    await settle();
    await pages.finish('page 1', p1);
    state.rss = 300 * MB;
    const s1 = gate.step(undefined, steps.work('open 1'), opening);
    await settle();
    await steps.finish('open 1', s1);
    state.rss = 300 * MB;

    // 300 + 100 (the opening) + 350 > 700: the page waits for the opening, then enters.
    const s2 = gate.step(undefined, steps.work('open 2'), opening);
    const p2 = gate.run(undefined, pages.work('page 2'), engine);
    await settle();
    expect(pages.started).toEqual(['page 1']);
    await steps.finish('open 2', s2);
    await settle();
    expect(pages.started).toEqual(['page 1', 'page 2']);
    await pages.finish('page 2', p2);
  });

  it('takes no OCR place, switches no engine and is not followed by the per-page hook', async () => {
    const releases: string[] = [];
    let trims = 0;
    // No budget: only the places bound pages; one place.
    const gate = createPageGate(1, { afterPage: () => trims++ });
    const paddle: GateLane = { releaseIdle: () => releases.push('paddle') };
    const opening: GateLane = { releaseIdle: () => releases.push('opening') };
    const state = { rss: 0 };
    const pages = held(state, 0);
    const steps = held(state, 0);
    const p1 = gate.run(undefined, pages.work('page 1'), paddle);
    const s1 = gate.step(undefined, steps.work('open 1'), opening);
    await settle();
    // The one place is the page's; the opening runs beside it all the same.
    expect(steps.started).toEqual(['open 1']);
    await steps.finish('open 1', s1);
    expect(trims).toBe(0);
    await pages.finish('page 1', p1);
    expect(trims).toBe(1);
    // The next page of the same engine: nothing was switched, nothing released.
    const p2 = gate.run(undefined, pages.work('page 2'), paddle);
    await settle();
    await pages.finish('page 2', p2);
    expect(releases).toEqual([]);
  });

  it('lets an aborted step out of the queue, and what waited behind it in', async () => {
    const state = { rss: 300 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const engine: GateLane = {};
    const opening: GateLane = {};
    const pages = held(state, 0);
    const steps = held(state, 0);
    const p1 = gate.run(undefined, pages.work('page 1'), engine);
    const controller = new AbortController();
    // Its cost unknown: it waits behind the page, and a second opening behind it.
    const s1 = gate.step(controller.signal, steps.work('open 1'), opening);
    const s2 = gate.step(undefined, steps.work('open 2'), opening);
    await settle();
    controller.abort(new Error('job aborted'));
    await expect(s1).rejects.toThrow('job aborted');
    await pages.finish('page 1', p1);
    await settle();
    expect(steps.started).toEqual(['open 2']);
    await steps.finish('open 2', s2);
  });
});

describe("the daemon's memory in the budget", () => {
  it('counts it beside the process, and learns costs from the process alone', async () => {
    const state = { rss: 150 * MB, daemon: 450 * MB };
    const gate = createPageGate(2, {
      memory: { bytes: 900 * MB, resident: () => state.rss, besides: () => state.daemon },
    });
    const paddle: GateLane = {};
    const photos = held(state, 300 * MB);
    // The daemon's burst of uploads is collected while the first photo is read: the tree falls.
    const p1 = gate.run(undefined, photos.work('photo 1'), paddle);
    await settle();
    state.daemon = 200 * MB;
    await photos.finish('photo 1', p1);
    state.rss = 150 * MB;
    // Its cost is 300 (the process's rise), not 50 (the tree's): 450 + 200 + 300 > 900.
    const p2 = gate.run(undefined, photos.work('photo 2'), paddle);
    const p3 = gate.run(undefined, photos.work('photo 3'), paddle);
    await settle();
    expect(photos.started).toEqual(['photo 1', 'photo 2']);
    await photos.finish('photo 2', p2);
    state.rss = 150 * MB;
    await settle();
    await photos.finish('photo 3', p3);
    // With the daemon smaller there is room for two: 450 + 100 + 300 <= 900.
    state.rss = 150 * MB;
    state.daemon = 100 * MB;
    const p4 = gate.run(undefined, photos.work('photo 4'), paddle);
    const p5 = gate.run(undefined, photos.work('photo 5'), paddle);
    await settle();
    expect(photos.started).toEqual(['photo 1', 'photo 2', 'photo 3', 'photo 4', 'photo 5']);
    await photos.finish('photo 4', p4);
    await photos.finish('photo 5', p5);
  });
});

describe('learning what a page costs across a switch of engines', () => {
  it("does not learn from a page whose entry released the other engine's threads", async () => {
    const state = { rss: 200 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    // PaddleOCR's idle threads end after the switch has let the tesseract page in.
    const paddle: GateLane = { releaseIdle: () => setImmediate(() => (state.rss -= 300 * MB)) };
    const tesseract: GateLane = {};
    const photos = held(state, 350 * MB);
    const scans = held(state, 100 * MB);
    const photo = gate.run(undefined, photos.work('photo'), paddle);
    await settle();
    await photos.finish('photo', photo);
    // 550 resident; the scan enters, paddle's threads end (-300) while it is read (+100): its
    // rise, -200, is no cost of a tesseract page.
    const s1 = gate.run(undefined, scans.work('scan 1'), tesseract);
    await settle();
    await scans.finish('scan 1', s1);
    // So tesseract's cost is still unknown: its next pages are read one at a time.
    const s2 = gate.run(undefined, scans.work('scan 2'), tesseract);
    const s3 = gate.run(undefined, scans.work('scan 3'), tesseract);
    await settle();
    expect(scans.started).toEqual(['scan 1', 'scan 2']);
    await scans.finish('scan 2', s2);
    await settle();
    expect(scans.started).toEqual(['scan 1', 'scan 2', 'scan 3']);
    await scans.finish('scan 3', s3);
  });
});

describe('documents holding memory at the gate (opened PDFs)', () => {
  it('holds a photo back while opened PDFs hold the room, and lets their pages go ahead of it', async () => {
    const state = { rss: 300 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const [paddle, tesseract]: GateLane[] = [{}, {}];
    const photos = held(state, 350 * MB);
    const scans = held(state, 100 * MB);
    // Learn what a photo costs: 350 MB.
    const learn = gate.run(undefined, photos.work('photo 0'), paddle);
    await settle();
    await photos.finish('photo 0', learn);
    state.rss = 300 * MB;

    // A scanned PDF is opened (100 MB: its thread, pdfjs, the document) and holds that.
    const pdf = gate.hold();
    state.rss += 100 * MB;
    const s1 = gate.run(undefined, scans.work('scan 1'), tesseract, pdf);
    await settle();
    // A photo comes: alone at the gate once scan 1 is read, but 400 + 350 > 700 and the PDF holds
    // memory: it waits, and the PDF's next page goes ahead of it.
    const photo = gate.run(undefined, photos.work('photo 1'), paddle);
    await scans.finish('scan 1', s1);
    state.rss = 400 * MB;
    const s2 = gate.run(undefined, scans.work('scan 2'), tesseract, pdf);
    await settle();
    expect(scans.started).toEqual(['scan 1', 'scan 2']);
    expect(photos.started).toEqual(['photo 0']);
    await scans.finish('scan 2', s2);
    state.rss = 400 * MB;
    await settle();
    expect(photos.started).toEqual(['photo 0']);
    // The PDF is closed: its memory goes, and the photo enters.
    state.rss = 300 * MB;
    pdf.release();
    await settle();
    expect(photos.started).toEqual(['photo 0', 'photo 1']);
    await photos.finish('photo 1', photo);
  });

  it('lets a photo in beside an opened PDF where the two fit, and without a budget', async () => {
    for (const bytes of [2000 * MB, 0]) {
      const state = { rss: 300 * MB };
      const gate = createPageGate(2, { memory: { bytes, resident: () => state.rss } });
      const paddle: GateLane = {};
      const photos = held(state, 350 * MB);
      const learn = gate.run(undefined, photos.work('photo 0'), paddle);
      await settle();
      await photos.finish('photo 0', learn);
      const pdf = gate.hold();
      const photo = gate.run(undefined, photos.work('photo 1'), paddle);
      await settle();
      expect(photos.started).toEqual(['photo 0', 'photo 1']);
      await photos.finish('photo 1', photo);
      pdf.release();
    }
  });

  it('keeps other waiters in their order behind a photo held back', async () => {
    const state = { rss: 300 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const paddle: GateLane = {};
    const opening: GateLane = {};
    const photos = held(state, 350 * MB);
    const steps = held(state, 0);
    const learn = gate.run(undefined, photos.work('photo 0'), paddle);
    await settle();
    await photos.finish('photo 0', learn);
    const open = gate.step(undefined, steps.work('open 0'), opening);
    await settle();
    await steps.finish('open 0', open);
    state.rss = 450 * MB;
    const pdf = gate.hold();
    const photo = gate.run(undefined, photos.work('photo 1'), paddle);
    // Another PDF's opening is not of a held document: it waits behind the photo.
    const second = gate.step(undefined, steps.work('open 1'), opening);
    await settle();
    expect(photos.started).toEqual(['photo 0']);
    expect(steps.started).toEqual(['open 0']);
    state.rss = 300 * MB;
    pdf.release();
    await settle();
    expect(photos.started).toEqual(['photo 0', 'photo 1']);
    await photos.finish('photo 1', photo);
    await settle();
    expect(steps.started).toEqual(['open 0', 'open 1']);
    await steps.finish('open 1', second);
  });
});

describe("a PDF's opening at the memory gate, with real PDF threads", () => {
  it('starts no PDF thread while the opening waits, and reads the PDF once it enters', async () => {
    const state = { rss: 300 * MB };
    const gate = createPageGate(2, { memory: { bytes: 700 * MB, resident: () => state.rss } });
    const pdf = new PdfThreads({ size: 1, memoryMb: 256, stepTimeoutMs: 60_000, idleReleaseMs: 0 });
    try {
      const pages = held(state, 300 * MB);
      // A page (a photo's) is being read; no step has run alone yet, so the opening waits.
      const photo = gate.run(undefined, pages.work('photo'), {});
      const reading = readPdf(await makeInvoicePdf({ total: '119.00' }), {
        // A text layer: tesseract's pool reads nothing; its size is the pages read at once.
        pool: { size: 1 } as OcrWorkerPool,
        pdf,
        signal: undefined,
        renderDpi: 300,
        minTextLayerWords: 3,
        limits: DEFAULT_DOCUMENT_LIMITS,
        imagePreparation: DEFAULT_IMAGE_PREPARATION,
        engine: undefined,
        enginePages: 'images',
        gate,
      });
      await settle();
      // The reading holds its slot, but its thread starts with the opening, which has not entered.
      expect(pdf.live).toBe(0);
      await pages.finish('photo', photo);
      const document = await reading;
      expect(pdf.live).toBe(1);
      expect(document.pages.map((p) => p.source)).toEqual(['text_layer']);
      expect(document.pages[0]!.words.map((w) => w.text)).toContain('119.00');
    } finally {
      await pdf.close();
    }
  });
});

describe('a budget nothing fits in, with real reads', () => {
  it('reads photos, scanned and text PDFs given at once, each step alone', async () => {
    // 1 MB: no page or opening ever fits beside another, and opened PDFs hold back the rest.
    const reader = createTesseractReader({ workers: 2, memoryBudgetMb: 1 });
    try {
      const scan = await scanImage(INVOICE_SCAN);
      const documents = await Promise.all([
        reader.read(await scannedPdf(scan), 'application/pdf'),
        reader.read(scan, 'image/png'),
        reader.read(await makeInvoicePdf({ total: '119.00' }), 'application/pdf'),
        reader.read(await scannedPdf(scan, 'second'), 'application/pdf'),
        reader.read(scan, 'image/png'),
      ]);
      for (const document of documents) expect(document.pages[0]!.words.map((w) => w.text)).not.toEqual([]);
      expect(documents.map((d) => d.pages[0]!.source)).toEqual(['ocr', 'ocr', 'text_layer', 'ocr', 'ocr']);
      expect(documents[1].pages[0]!.words.map((w) => w.text)).toContain('48213');
    } finally {
      await reader.close();
    }
  });
});
