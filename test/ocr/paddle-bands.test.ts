/**
 * PaddleOCR's text detector run in overlapping bands (@intake/ocr-onnx's detect.ts): how a large
 * input is split, and, on a real rendered page large enough to be split, the same words from the
 * banded detection as from one run over the whole page, lines drawn across the seams included.
 * The detector's squeeze-and-excitation blocks average each feature map over the whole input, so
 * a band's probabilities are not bit-identical to the whole page's: the tolerance is stated below.
 */
import type { Word } from '@intake/core';
import { createPaddleOcr } from '@intake/ocr-onnx';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { bandsOf, detectLines } from '../../packages/ocr-onnx/src/detect.js';
import { foldModel } from '../../packages/ocr-onnx/src/fold-model.js';
import { PP_OCR_V4 } from '../../packages/ocr-onnx/src/models.js';
import { createSession, Tensor } from '../../packages/ocr-onnx/src/pipeline.js';
import { scanImage, type DrawnText } from './documents.js';

describe('the bands of a detector input', () => {
  it('covers the input once between seams, each band within the budget with its overlap', () => {
    for (const [length, across, budget, overlap] of [
      [1696, 576, 600_000, 128],
      [1440, 704, 600_000, 128],
      [2560, 384, 300_000, 96],
      [1024, 1024, 400_000, 128],
    ] as const) {
      const bands = bandsOf(length, across, budget, overlap);
      expect(bands.length).toBeGreaterThan(1);
      expect(bands[0]!.keepFrom).toBe(0);
      expect(bands.at(-1)!.keepTo).toBe(length);
      bands.forEach((band, i) => {
        if (i > 0) expect(band.keepFrom).toBe(bands[i - 1]!.keepTo);
        expect(band.keepTo).toBeGreaterThan(band.keepFrom);
        for (const edge of [band.from, band.to, band.keepFrom, band.keepTo]) expect(edge % 32).toBe(0);
        expect((band.to - band.from) * across).toBeLessThanOrEqual(budget);
        // Past each seam the band sees at least the overlap (none is needed at the input's ends).
        expect(band.keepFrom - band.from).toBe(i === 0 ? 0 : Math.ceil(overlap / 32) * 32);
        expect(band.to - band.keepTo).toBe(i === bands.length - 1 ? 0 : Math.ceil(overlap / 32) * 32);
      });
    }
  });

  it('runs the detector once per band, on its rows, and finds the lines of one run over the whole page', async () => {
    const detector = await createSession(foldModel(new Uint8Array(readFileSync(PP_OCR_V4.detection))));
    try {
      // The model's real runs, with the shapes of their inputs noted.
      const shapes: number[][] = [];
      const run = detector.run.bind(detector);
      const noting = Object.assign(Object.create(detector) as typeof detector, {
        run: (feeds: Record<string, { dims: readonly number[] }>) => {
          shapes.push([...Object.values(feeds)[0]!.dims]);
          return run(feeds as never);
        },
      });
      const png = await scanImage(
        Array.from({ length: 20 }, (_, i) => ({ text: `Line ${i + 1} of the page`, x: 40, y: 60 + i * 68, size: 28 })),
        700,
        1430,
      );
      const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
      const image = { width: info.width, height: info.height, pixels: new Uint8Array(data) };
      const options = { maxPixels: 1_000_000, maxSide: 2560, threshold: 0.3, minScore: 0.6, unclipRatio: 1.5 };
      const once = await detectLines(noting, Tensor, image, { ...options, maxBandPixels: 0, bandOverlap: 128 });
      expect(shapes).toEqual([[1, 3, 1440, 704]]);
      shapes.length = 0;
      const inBands = await detectLines(noting, Tensor, image, {
        ...options,
        maxBandPixels: 600_000,
        bandOverlap: 128,
      });
      expect(shapes).toEqual(bandsOf(1440, 704, 600_000, 128).map((b) => [1, 3, b.to - b.from, 704]));
      expect(shapes).toHaveLength(3);
      // One box a line either way, each within 4 pixels of the other's.
      expect(once).toHaveLength(20);
      expect(inBands).toHaveLength(20);
      const byTop = (boxes: typeof once) => [...boxes].sort((a, b) => a.y0 - b.y0);
      byTop(inBands).forEach((box, i) => expect(distance(box, byTop(once)[i]!)).toBeLessThanOrEqual(4));
    } finally {
      await detector.release();
    }
  });

  it('is one band when the input fits the budget, or without one', () => {
    expect(bandsOf(1024, 512, 600_000, 128)).toEqual([{ from: 0, to: 1024, keepFrom: 0, keepTo: 1024 }]);
    expect(bandsOf(1696, 576, 0, 128)).toEqual([{ from: 0, to: 1696, keepFrom: 0, keepTo: 1696 }]);
  });
});

// The default (no bands), and bands of 600 000 pixels (docs/resources.md: measured, not adopted).
const whole = createPaddleOcr({ workers: 1 });
const banded = createPaddleOcr({ workers: 1, maxDetectionBandPixels: 600_000 });
afterAll(() => Promise.all([whole.close(), banded.close()]));

describe('a page read with its detection in bands', () => {
  it('gives the words of one run over the whole page, lines across the seams included', async () => {
    // 700 × 1430: about a megapixel, as the detector sees a phone's receipt photo (704 × 1440), in three bands.
    const [width, height] = [700, 1430];
    const bands = bandsOf(1440, 704, 600_000, 128);
    expect(bands.length).toBe(3);
    const seams = bands.slice(1).map((band) => (band.keepFrom * height) / 1440);
    const items = ['Coffee beans', 'Whole milk', 'Butter croissant', 'Mineral water', 'Rye bread', 'Cheddar'];
    const lines: DrawnText[] = [{ text: 'NORTHGATE GROCERS', x: 60, y: 70, size: 36 }];
    // A line every 64 pixels; the one nearest each seam is moved to straddle it (its letters about
    // 19 pixels high, its baseline 9 below the seam).
    for (let y = 150, i = 0; y < height - 60; y += 64, i++) {
      const seam = seams.find((s) => Math.abs(s + 9 - y) <= 32);
      const baseline = seam === undefined ? y : Math.round(seam + 9);
      lines.push({ text: `${items[i % items.length]} ${i + 1}`, x: 60, y: baseline, size: 26 });
      lines.push({ text: (3.15 + i * 1.7).toFixed(2), x: 520, y: baseline, size: 26 });
    }
    const png = await scanImage(lines, width, height);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const image = { width: info.width, height: info.height, pixels: new Uint8Array(data) };
    expect(banded.revision).not.toBe(whole.revision);

    const once = await whole.read(image);
    const inBands = await banded.read(image);
    const texts = (words: Word[]) => words.map((w) => w.text).sort();
    // Every drawn word read by one run over the whole page (the order of words on one line may
    // differ by a pixel of their boxes' tops, so words are compared as multisets).
    expect(texts(once)).toEqual(lines.flatMap((l) => l.text.split(' ')).sort());
    // Read in bands, at most one word differs (a word split in two is three differences): the
    // detector's squeeze-and-excitation blocks average over the whole input, so a band's boxes
    // differ from the whole page's by a pixel or two, and a word split at a gap may split otherwise.
    expect(multisetDifference(texts(inBands), texts(once)).length).toBeLessThanOrEqual(3);
    // The lines across the seams are read whole, once each.
    for (const seam of seams) {
      const across = lines.filter((l) => l.size === 26 && Math.abs(l.y - 9 - seam) < 1);
      expect(across).toHaveLength(2);
      for (const word of across.flatMap((l) => l.text.split(' ')))
        expect(inBands.filter((w) => w.text === word && Math.abs(w.bbox.y1 - across[0]!.y) < 20)).toHaveLength(1);
    }
    // Each word's box within a third of the text's size (26 pixels) of where the whole page's run
    // put the same word (6.2 pixels at most, measured).
    for (const word of inBands.filter((w) => once.some((o) => o.text === w.text))) {
      const nearest = Math.min(...once.filter((w) => w.text === word.text).map((w) => distance(w.bbox, word.bbox)));
      expect(nearest, word.text).toBeLessThanOrEqual(26 / 3);
    }
  });
});

/** The words of one list or the other but not both, counted with their repeats. */
function multisetDifference(a: string[], b: string[]): string[] {
  const left = [...a];
  const extra: string[] = [];
  for (const word of b) {
    const at = left.indexOf(word);
    if (at >= 0) left.splice(at, 1);
    else extra.push(word);
  }
  return [...left, ...extra];
}

/** The largest difference between two boxes' sides, in pixels. */
function distance(a: Word['bbox'], b: Word['bbox']): number {
  return Math.max(Math.abs(a.x0 - b.x0), Math.abs(a.y0 - b.y0), Math.abs(a.x1 - b.x1), Math.abs(a.y1 - b.y1));
}
