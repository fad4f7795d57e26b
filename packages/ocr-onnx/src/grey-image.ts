/**
 * Grey pixels and the one resampling this engine needs: a region of an image scaled to a new size,
 * written straight into a model's input. Done by hand (inside the worker thread, no copies) because
 * it runs for every text line: each destination pixel averages a small grid of bilinear samples,
 * so shrinking does not alias and enlarging stays smooth.
 */

/** 8-bit grey pixels, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A region of a source image, in its pixels (fractions allowed). */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Resamples `region` of `image` to `width` × `height` and hands every destination pixel's grey
 * value (0..255) to `put(x, y, value)`.
 */
export function resample(
  image: GreyImage,
  region: Region,
  width: number,
  height: number,
  put: (x: number, y: number, value: number) => void,
): void {
  const stepX = region.width / width;
  const stepY = region.height / height;
  const samplesX = Math.max(1, Math.ceil(stepX));
  const samplesY = Math.max(1, Math.ceil(stepY));
  const weight = 1 / (samplesX * samplesY);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let sy = 0; sy < samplesY; sy++) {
        const srcY = region.y + (y + (sy + 0.5) / samplesY) * stepY - 0.5;
        for (let sx = 0; sx < samplesX; sx++) {
          sum += bilinear(image, region.x + (x + (sx + 0.5) / samplesX) * stepX - 0.5, srcY);
        }
      }
      put(x, y, sum * weight);
    }
  }
}

function bilinear(image: GreyImage, x: number, y: number): number {
  const { width, height, pixels } = image;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const top = pixels[y0 * width + x0]! * (1 - fx) + pixels[y0 * width + x1]! * fx;
  const bottom = pixels[y1 * width + x0]! * (1 - fx) + pixels[y1 * width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}
