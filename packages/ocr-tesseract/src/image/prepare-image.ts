/**
 * What is done to a photographed or scanned image before OCR. Photos of receipts are often small
 * (600 to 900 pixels across a till roll), so their letters are 10 to 15 pixels high, below the 20
 * to 30 pixels tesseract's LSTM models were trained on; enlarging them is the cheapest way to read
 * more of their words. Thermal paper photographed unevenly lit has text that is darker than its
 * surroundings but not darker than the page as a whole; a local threshold separates it where
 * tesseract's global (Otsu) one loses it.
 */
import { loadSharp } from './load-sharp.js';
import type { GreyImage } from '../ocr/ocr-page.js';

/** Optional image steps before OCR (enlarging narrow images, local thresholding); off by default. */
export interface ImagePreparation {
  /** Images narrower than this are enlarged to this width (at most `maxUpscale` times); 0 turns it off. */
  minWidth: number;
  /** The largest enlargement factor. */
  maxUpscale: number;
  /** Threshold each pixel against its neighbourhood's mean (thermal receipts, uneven light). */
  localThreshold: boolean;
}

export const DEFAULT_IMAGE_PREPARATION: ImagePreparation = { minWidth: 0, maxUpscale: 1, localThreshold: false };

/** The prepared image and its scale: pixels of the prepared image per pixel of the original. */
export async function prepareImage(
  image: GreyImage,
  preparation: ImagePreparation,
): Promise<{ image: GreyImage; scale: number }> {
  const factor =
    preparation.minWidth > 0 && image.width < preparation.minWidth
      ? Math.min(preparation.maxUpscale, preparation.minWidth / image.width)
      : 1;
  let prepared = image;
  if (factor > 1) prepared = await resize(image, Math.round(image.width * factor), Math.round(image.height * factor));
  if (preparation.localThreshold) prepared = await localThreshold(prepared);
  return { image: prepared, scale: prepared.width / image.width };
}

async function resize(image: GreyImage, width: number, height: number): Promise<GreyImage> {
  const pixels = await grey(image);
  const { data, info } = await pixels
    .resize(width, height, { kernel: 'lanczos3' })
    .greyscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/**
 * A pixel is ink when it is clearly darker than the mean of its surroundings (a box blur about two
 * text lines across); paper and shadows, however grey, become white.
 */
async function localThreshold(image: GreyImage): Promise<GreyImage> {
  const radius = Math.max(8, Math.round(image.width / 40));
  const pixels = await grey(image);
  const mean = await pixels
    .blur(radius / 2)
    .greyscale()
    .raw({ depth: 'uchar' })
    .toBuffer();
  const out = new Uint8Array(image.pixels.length);
  for (let i = 0; i < out.length; i++) out[i] = image.pixels[i]! < mean[i]! * 0.88 ? 0 : 255;
  return { width: image.width, height: image.height, pixels: out };
}

const grey = async (image: GreyImage) =>
  (await loadSharp())(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } });
