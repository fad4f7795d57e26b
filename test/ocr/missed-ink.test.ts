import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { renderScan } from '../../packages/extraction-lab/src/corpus/make-scans.js';
import { seedOf } from '../../packages/extraction-lab/src/synthetic/random.js';
import { createTesseractReader } from '../../packages/ocr-tesseract/src/index.js';
import { missedInk, type PixelBox } from '../../packages/ocr-tesseract/src/ocr/missed-ink.js';
import type { Word } from '@intake/core';
import { readMissedInk, type GreyImage } from '../../packages/ocr-tesseract/src/ocr/ocr-page.js';
import { OcrWorkerPool } from '../../packages/ocr-tesseract/src/ocr/worker-pool.js';
import { corpusDir } from './documents.js';

/**
 * Tesseract's automatic page segmentation drops some blocks of a scanned form whole; the reader
 * finds print that has no word (missed-ink.ts) and reads it again. Drawn here: a form at 150 dpi
 * enlarged to 300 dpi as a rendered scan is (scale 300/72 pixels per point), with lines of print,
 * table rules, a frame and a dark header bar.
 */
const SCALE = 300 / 72;

function form(): GreyImage {
  const [width, height] = [1240, 700];
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, width, height);
  c.fillStyle = '#101010';
  c.font = '21px "Liberation Sans"';
  c.fillText('Rechnungssumme ohne USt.', 620, 240);
  c.fillText('198,00', 1060, 245);
  c.fillText('Bruttosumme', 620, 280);
  c.fillText('235,62', 1060, 285);
  // Two rules under the last line, a frame round nothing, a table's column line.
  c.fillRect(615, 300, 515, 2);
  c.fillRect(615, 305, 515, 2);
  c.strokeRect(100, 400, 300, 120);
  c.fillRect(700, 380, 2, 250);
  // A dark header bar with light text on it.
  c.fillRect(100, 100, 400, 40);
  c.fillStyle = '#f0f0f0';
  c.fillText('VENDOR', 120, 128);
  const rgba = c.getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * 2 * height * 2);
  for (let y = 0; y < height * 2; y++)
    for (let x = 0; x < width * 2; x++) pixels[y * width * 2 + x] = rgba[((y >> 1) * width + (x >> 1)) * 4]!;
  return { width: width * 2, height: height * 2, pixels };
}

/** The drawn words' boxes in the form's pixels, as a first reading would give them. */
const LABELS: PixelBox[] = [
  { x0: 1240, y0: 440, x1: 1790, y1: 500 },
  { x0: 1240, y0: 520, x1: 1500, y1: 580 },
];
const AMOUNTS: PixelBox[] = [
  { x0: 2120, y0: 450, x1: 2260, y1: 500 },
  { x0: 2120, y0: 530, x1: 2260, y1: 580 },
];

describe('print left without words on a scanned page', () => {
  const image = form();

  it('is found where the first reading gave no word, and nowhere else', () => {
    const regions = missedInk(image, LABELS, SCALE);
    expect(regions).toHaveLength(2);
    for (const [i, amount] of AMOUNTS.entries()) {
      const region = regions.find((r) => r.y0 < amount.y1 && r.y1 > amount.y0)!;
      expect(region, `amount ${i}`).toBeDefined();
      expect(region.x0).toBeLessThanOrEqual(amount.x0 + 20);
      expect(region.x1).toBeGreaterThanOrEqual(amount.x1 - 20);
      // Not the label beside it.
      expect(region.x0).toBeGreaterThan(LABELS[0]!.x1);
    }
  });

  it('finds nothing once every line of print has its words: rules, frames and a dark bar are no print', () => {
    expect(missedInk(image, [...LABELS, ...AMOUNTS], SCALE)).toEqual([]);
  });

  it('is read once more, and its words come back where they are on the page', async () => {
    const pool = new OcrWorkerPool({ size: 1, languages: ['eng'], dpi: 300 });
    const toPoints = (b: PixelBox): Word => ({
      text: 'label',
      bbox: { x0: b.x0 / SCALE, y0: b.y0 / SCALE, x1: b.x1 / SCALE, y1: b.y1 / SCALE },
      confidence: 0.9,
    });
    try {
      const page = { number: 1, width: image.width / SCALE, height: image.height / SCALE, scale: SCALE, image };
      const words = await readMissedInk(
        pool,
        { ...page, binarisation: 'local' },
        LABELS.map(toPoints),
        AbortSignal.timeout(60_000),
      );
      expect(words.map((w) => w.text)).toEqual(['198,00', '235,62']);
      for (const [i, w] of words.entries()) {
        const at = AMOUNTS[i]!;
        expect(w.bbox.x0 * SCALE).toBeCloseTo(at.x0, -1.5);
        expect(w.bbox.y1 * SCALE).toBeCloseTo(at.y1, -1.5);
      }
    } finally {
      await pool.close();
    }
  });
});

/**
 * A development invoice as the evaluation's scans render it (150 dpi grey, turned, noisy, JPEG):
 * the first reading drops its invoice number's line whole ("Factuurnummer: 992288600"); the second
 * look at the page's unread print gets it back.
 */
const corpus = corpusDir();
const title = corpus
  ? 'a scanned development invoice'
  : 'a scanned development invoice: skipped, no ../shared/corpus/dev';
if (!corpus) console.warn(`test/ocr/missed-ink.test.ts ${title}`);
describe.skipIf(!corpus)(title, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intake-missed-ink-'));
  const reader = createTesseractReader({ languages: ['eng', 'deu'], workers: 1 });
  afterAll(async () => {
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the invoice number tesseract left out of the page', async () => {
    const scan = path.join(dir, 'dev-25-scan.pdf');
    await renderScan(path.join(corpus!, 'dev-25.pdf'), scan, seedOf('dev-25'));
    const doc = await reader.read(new Uint8Array(readFileSync(scan)), 'application/pdf');
    const lines = buildLines(doc).map((l) => l.text);
    expect(lines.find((l) => l.includes('992288600'))).toMatch(/Factuurnummer:?\s+992288600/);
  }, 120_000);
});
