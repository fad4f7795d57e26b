/**
 * A photo taken a little turned: the detector's regions of its slanted lines carry their centre
 * lines, and the words of a line that runs with the page stand on it, so that the extraction's rows
 * follow the page's text (a receipt's "TOTAL" and its amount at the right edge stand at different
 * heights on a turned photo, and words all as high as their line's box say nothing of the turn).
 */
import { createPaddleOcr } from '@intake/ocr-onnx';
import { createTesseractReader } from '@intake/ocr-tesseract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { textRegions } from '../../packages/ocr-onnx/src/components.js';
import { slantedLines } from '../../packages/ocr-onnx/src/detect.js';
import { lineWords } from '../../packages/ocr-onnx/src/line-words.js';
import { scanImage, type DrawnText } from './documents.js';

const REGIONS = { threshold: 0.3, minScore: 0.6, unclipRatio: 1.5 };

/** A probability map with one band `thickness` high along y = y0 + slope·x, from x0 to x1. */
function slantedBand(slope: number, thickness: number, x0 = 20, x1 = 380, y0 = 60): Float32Array {
  const [width, height] = [400, 160];
  const map = new Float32Array(width * height);
  for (let x = x0; x < x1; x++)
    for (let y = 0; y < height; y++) {
      const centre = y0 + slope * (x - x0);
      if (Math.abs(y + 0.5 - centre) <= thickness / 2) map[y * width + x] = 0.9;
    }
  return map;
}

describe("a slanted region's centre line", () => {
  it('is measured from its pixels: slope and the ink thickness across it', () => {
    const [region] = textRegions(slantedBand(0.05, 10), 400, 160, REGIONS);
    expect(region?.tilt).toBeDefined();
    const tilt = region!.tilt!;
    expect(tilt.slope).toBeCloseTo(0.05, 2);
    // The box is 10 + 360·0.05 = 28 pixels high before growing; the line is 10, grown as the box is.
    const grown = (region!.x1 - region!.x0 - 360) / 2;
    expect(tilt.thickness).toBeGreaterThan(10 + 2 * grown - 1.5);
    expect(tilt.thickness).toBeLessThan(10 + 2 * grown + 1.5);
    // The centre line passes through the band's middle.
    expect(tilt.cy + tilt.slope * (200 - tilt.cx)).toBeCloseTo(60 + 0.05 * 180, 0);
  });

  it('is none for a line too short to tell, or one steeper than a small turn', () => {
    expect(textRegions(slantedBand(0.05, 10, 20, 50), 400, 160, REGIONS)[0]?.tilt).toBeUndefined();
    expect(textRegions(slantedBand(0.25, 10, 20, 200, 10), 400, 160, REGIONS)[0]?.tilt).toBeUndefined();
  });
});

describe("a page's slanted lines", () => {
  const line = (slope?: number) => ({
    x0: 0,
    y0: 0,
    x1: 300,
    y1: 30,
    ...(slope === undefined ? {} : { tilt: { cx: 150, cy: 15, slope, thickness: 12 } }),
  });
  const kept = (lines: ReturnType<typeof line>[]) => slantedLines(lines).map((l) => l.tilt?.slope);

  it('keeps the centre lines that agree with the page turned a little, and levels a line running its own way', () => {
    expect(kept([line(0.04), line(0.05), line(0.045), line(-0.03), line()])).toEqual([
      0.04,
      0.05,
      0.045,
      undefined,
      undefined,
    ]);
  });

  it('levels every line of a page that is level, or that has too few lines to tell', () => {
    expect(kept([line(0.004), line(-0.006), line(0.03), line(0.002)])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(kept([line(0.05), line(0.05)])).toEqual([undefined, undefined]);
  });
});

describe('words along a slanted line', () => {
  it('puts each word on the centre line, as high as the ink', () => {
    const characters = [...'TOTAL  12.50'].map((text, step) => ({ text, step: step * 4, probability: 0.9 }));
    const line = { x0: 0, y0: 100, x1: 400, y1: 140, stepWidth: 8 };
    const tilt = { cx: 200, cy: 120, slope: 0.05, thickness: 16 };
    const words = lineWords(characters, { ...line, tilt });
    expect(words.map((w) => w.text)).toEqual(['TOTAL', '12.50']);
    for (const word of words) {
      const centre = 120 + 0.05 * ((word.x0 + word.x1) / 2 - 200);
      expect((word.y0 + word.y1) / 2).toBeCloseTo(centre, 5);
      expect(word.y1 - word.y0).toBeCloseTo(16, 5);
    }
    // Level, the words take the line's box.
    expect(lineWords(characters, line).map((w) => [w.y0, w.y1])).toEqual([
      [100, 140],
      [100, 140],
    ]);
  });
});

describe('a receipt photographed 3 degrees turned, read by PaddleOCR', () => {
  // Item lines of several words, as receipts print them: a single word says nothing of the slant.
  const RECEIPT: DrawnText[] = [
    { text: 'CORNER BAKERY AND COFFEE', x: 60, y: 60, size: 26 },
    { text: '12 Market Street, Springfield', x: 60, y: 100, size: 22 },
    { text: 'Sourdough bread large loaf', x: 60, y: 150, size: 22 },
    { text: '3.20', x: 620, y: 150, size: 22 },
    { text: 'Whole milk one litre', x: 60, y: 185, size: 22 },
    { text: '1.10', x: 620, y: 185, size: 22 },
    { text: 'TOTAL', x: 60, y: 220, size: 22 },
    { text: '4.30', x: 620, y: 220, size: 22 },
    { text: 'CASH', x: 60, y: 255, size: 22 },
    { text: '10.00', x: 608, y: 255, size: 22 },
    { text: 'Thank you for shopping with us', x: 60, y: 300, size: 22 },
  ];
  const reader = createTesseractReader({ workers: 1, engine: createPaddleOcr({ workers: 1 }), enginePages: 'images' });
  afterAll(() => reader.close());

  it('rebuilds rows along the text: each amount on its label’s line', async () => {
    const level = await scanImage(RECEIPT, 720, 340);
    const turned = await sharp(level).rotate(3, { background: '#ffffff' }).png().toBuffer();
    const document = await reader.read(turned, 'image/png');
    const lines = buildLines(document).map((l) => l.words.map((w) => w.text).join(' '));
    expect(lines).toContain('TOTAL 4.30');
    expect(lines).toContain('CASH 10.00');
    // (The recogniser may drop spaces in this small print; the rows are what is tested.)
    expect(lines.find((l) => l.endsWith(' 3.20'))).toMatch(/^Sourdough/);
    expect(lines.find((l) => l.endsWith(' 1.10'))).toMatch(/^Whole/);
    // The words rise along the line: the amount at the right stands lower than its label (turned clockwise).
    const words = document.pages[0]!.words;
    const total = words.find((w) => w.text === 'TOTAL')!;
    const amount = words.find((w) => w.text === '4.30')!;
    const rise = (amount.bbox.y0 + amount.bbox.y1) / 2 - (total.bbox.y0 + total.bbox.y1) / 2;
    expect(rise).toBeGreaterThan(0.5 * Math.tan((3 * Math.PI) / 180) * (amount.bbox.x0 - total.bbox.x0));
  });
});
