import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrWords, toSpix, type GreyImage } from '../../packages/ocr-tesseract/src/ocr/ocr-page.js';
import { OcrWorkerPool } from '../../packages/ocr-tesseract/src/ocr/worker-pool.js';
import { repoRoot } from './documents.js';

/**
 * Scanned forms print values in shaded cells (a purchase order's grey total box). A global
 * threshold turns such a cell and its text black alike; the local one that document pages get
 * keeps the text. The page is drawn here as a 150 dpi scan (grey paper, a shaded box, noise),
 * enlarged to 300 dpi as a rendered PDF page is.
 */
const pdfjsDir = path.dirname(
  createRequire(path.join(repoRoot, 'packages/ocr-tesseract/package.json')).resolve('pdfjs-dist/package.json'),
);
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Bold.ttf'), 'Liberation Sans Bold');
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Regular.ttf'), 'Liberation Sans');

function shadedForm(): GreyImage {
  const [width, height] = [1275, 400];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4f4f4';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#202020';
  context.font = '19px "Liberation Sans"';
  for (const [label, amount, y] of [
    ['SUBTOTAL', '4,472.00', 60],
    ['TAX', '398.01', 100],
    ['HANDLING', '24', 140],
  ] as const) {
    context.fillText(label, 880, y);
    context.fillText(amount, 1150, y);
  }
  context.fillRect(870, 168, 380, 3);
  context.fillStyle = '#a0a0a0';
  context.fillRect(1045, 176, 205, 44);
  context.fillStyle = '#000000';
  context.font = '20px "Liberation Sans Bold"';
  context.fillText('TOTAL', 885, 206);
  context.fillText('$5,088.81', 1140, 206);
  const rgba = context.getImageData(0, 0, width, height).data;
  // Deterministic noise (a scanner's grain), then the page at 300 dpi by pixel doubling and a blur.
  let seed = 7;
  const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 28;
  const pixels = new Uint8Array(width * 2 * height * 2);
  for (let y = 0; y < height * 2; y++)
    for (let x = 0; x < width * 2; x++) {
      const v = rgba[((y >> 1) * width + (x >> 1)) * 4]! + noise();
      pixels[y * width * 2 + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  return { width: width * 2, height: height * 2, pixels };
}

describe('binarisation of scanned document pages', () => {
  const pool = new OcrWorkerPool({ size: 1, languages: ['eng'], dpi: 300 });
  afterAll(() => pool.close());
  const read = async (binarisation: 'global' | 'local'): Promise<string[]> =>
    ocrWords(await pool.recognize(toSpix(shadedForm()), undefined, binarisation), 1).map((w) => w.text);

  it('reads the amount in a shaded cell with the local threshold', async () => {
    const local = await read('local');
    expect(local).toEqual(expect.arrayContaining(['4,472.00', 'TOTAL', '$5,088.81']));
  });

  // The same worker as above: it must switch back to the global threshold for this page.
  it('loses it with the global one, which photos keep', async () => {
    const global = await read('global');
    expect(global).toContain('4,472.00');
    expect(global).not.toContain('TOTAL');
    expect(global).not.toContain('$5,088.81');
  });
});
