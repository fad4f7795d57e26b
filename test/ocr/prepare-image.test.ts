import { describe, expect, it } from 'vitest';
import { prepareImage } from '../../packages/ocr-tesseract/src/image/prepare-image.js';

/** The image preparations `createTesseractReader({ imagePreparation })` offers (measured, off by default: see docs/extraction/experiments.md). */

/** A light grey page with a darker grey bar: pale print on paper in uneven light. */
function page(width: number, height: number): { width: number; height: number; pixels: Uint8Array } {
  const pixels = new Uint8Array(width * height).fill(200);
  for (let y = 24; y < 27; y++) for (let x = 10; x < width - 10; x++) pixels[y * width + x] = 130;
  return { width, height, pixels };
}

describe('image preparation', () => {
  it('leaves the image as it is by default', async () => {
    const image = page(100, 60);
    const prepared = await prepareImage(image, { minWidth: 0, maxUpscale: 1, localThreshold: false });
    expect(prepared.scale).toBe(1);
    expect(prepared.image).toBe(image);
  });

  it('enlarges a narrow image up to the minimum width, within the largest factor, and says by how much', async () => {
    const twice = await prepareImage(page(100, 60), { minWidth: 400, maxUpscale: 2, localThreshold: false });
    expect([twice.image.width, twice.image.height, twice.scale]).toEqual([200, 120, 2]);
    expect(twice.image.pixels).toHaveLength(200 * 120);
    const wide = await prepareImage(page(500, 60), { minWidth: 400, maxUpscale: 2, localThreshold: false });
    expect(wide.scale).toBe(1);
  });

  it('turns print darker than its surroundings black and the paper white', async () => {
    const { image } = await prepareImage(page(100, 60), { minWidth: 0, maxUpscale: 1, localThreshold: true });
    expect(image.pixels[25 * 100 + 50]).toBe(0);
    expect(image.pixels[50 * 100 + 50]).toBe(255);
    expect(new Set(image.pixels)).toEqual(new Set([0, 255]));
  });
});
