/**
 * DB text detection (PP-OCRv4's detector): the page scaled so both sides are multiples of 32 and
 * its pixels fit a budget, normalised as the model was trained (ImageNet mean and deviation), run
 * once; the probability map's regions are the text lines, as boxes in the page's pixels.
 */
import type { InferenceSession, Tensor as TensorType } from 'onnxruntime-node';
import { textRegions, type RegionOptions } from './components.js';
import { resample, type GreyImage } from './grey-image.js';

export interface DetectionOptions extends RegionOptions {
  /** Most pixels the detector sees; larger pages are scaled down (CPU grows with pixels). */
  maxPixels: number;
  /** Longest side the detector sees. */
  maxSide: number;
}

/** A text line's box in the page's pixels. */
export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const MEAN = [0.485, 0.456, 0.406];
const DEVIATION = [0.229, 0.224, 0.225];

export async function detectLines(
  session: InferenceSession,
  Tensor: typeof TensorType,
  image: GreyImage,
  options: DetectionOptions,
): Promise<LineBox[]> {
  const scale = Math.min(
    1,
    Math.sqrt(options.maxPixels / (image.width * image.height)),
    options.maxSide / Math.max(image.width, image.height),
  );
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  resample(image, { x: 0, y: 0, width: image.width, height: image.height }, width, height, (x, y, value) => {
    const at = y * width + x;
    for (let c = 0; c < 3; c++) input[c * plane + at] = (value / 255 - MEAN[c]!) / DEVIATION[c]!;
  });
  const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) };
  const output = (await session.run(feeds))[session.outputNames[0]!]!;
  const [mapHeight, mapWidth] = output.dims.slice(2) as [number, number];
  const regions = textRegions(output.data as Float32Array, mapWidth, mapHeight, options);
  output.dispose();
  const sx = image.width / mapWidth;
  const sy = image.height / mapHeight;
  return regions.map((r) => ({ x0: r.x0 * sx, y0: r.y0 * sy, x1: r.x1 * sx, y1: r.y1 * sy }));
}
