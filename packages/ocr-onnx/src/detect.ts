/**
 * DB text detection (PP-OCRv4's detector): the page scaled so both sides are multiples of 32 and
 * its pixels fit a budget, normalised as the model was trained (ImageNet mean and deviation), run
 * once, or on overlapping bands of the page when it is larger than a band may be; the probability
 * map's regions are the text lines, as boxes in the page's pixels.
 */
import type { InferenceSession, Tensor as TensorType } from 'onnxruntime-node';
import { textRegions, type RegionOptions, type Tilt } from './components.js';
import { resample, type GreyImage } from './grey-image.js';

export interface DetectionOptions extends RegionOptions {
  /** Most pixels the detector sees; larger pages are scaled down (CPU grows with pixels). */
  maxPixels: number;
  /** Longest side the detector sees. */
  maxSide: number;
  /**
   * Most pixels of one model run (0: no limit). A larger input is run in bands across its longer
   * side, each this size or less with its overlap, so that the model's feature maps (about 190 MB
   * for a megapixel) are never held for the whole input at once; see {@link bandsOf}.
   */
  maxBandPixels: number;
  /** Input pixels a band reaches past each of its seams, so that its probabilities there see their surroundings. */
  bandOverlap: number;
}

/** A text line's box in the page's pixels, and its centre line where it slants (page pixels too). */
export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  tilt?: Tilt;
}

const MEAN = [0.485, 0.456, 0.406];
const DEVIATION = [0.229, 0.224, 0.225];
/** The detector's input sides are multiples of this (its deepest feature map is 1/32 of the input). */
const ALIGN = 32;

/** Part of the input along its split side: the band run, and the rows (or columns) of the map it gives. */
export interface Band {
  /** Start and end (exclusive) of the input run through the model. */
  from: number;
  to: number;
  /** Start and end (exclusive) of the map taken from this band's output: the seams fall midway in the overlaps. */
  keepFrom: number;
  keepTo: number;
}

/**
 * The bands a side of `length` input pixels is run in when the other side is `across` pixels: as
 * few as keep each band, with `overlap` pixels past each seam, within `maxPixels`; one band when the
 * whole input fits (or `maxPixels` is 0). Every band starts and ends on a multiple of 32, so the
 * model's grid of strides is the same in every band as in the whole input.
 */
export function bandsOf(length: number, across: number, maxPixels: number, overlap: number): Band[] {
  const whole = [{ from: 0, to: length, keepFrom: 0, keepTo: length }];
  if (maxPixels <= 0 || length * across <= maxPixels) return whole;
  const margin = Math.ceil(overlap / ALIGN) * ALIGN;
  const longest = Math.floor(maxPixels / across / ALIGN) * ALIGN;
  const cells = length / ALIGN;
  // The fewest bands whose largest (its own part, with a margin past each seam it has) fits.
  let count = 2;
  while (count < cells && Math.ceil(cells / count) * ALIGN + (count > 2 ? 2 : 1) * margin > longest) count++;
  const seams = Array.from({ length: count + 1 }, (_, i) => Math.round((cells * i) / count) * ALIGN);
  return seams.slice(0, -1).map((start, i) => {
    const end = seams[i + 1]!;
    return { from: Math.max(0, start - margin), to: Math.min(length, end + margin), keepFrom: start, keepTo: end };
  });
}

/**
 * What the detector and the recogniser use of an onnxruntime session: its names and a run (the
 * pipeline hands them sessions that check its stop flag before each run).
 */
export interface ModelSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: InferenceSession.FeedsType): Promise<InferenceSession.ReturnType>;
}

export async function detectLines(
  session: ModelSession,
  Tensor: typeof TensorType,
  image: GreyImage,
  options: DetectionOptions,
): Promise<LineBox[]> {
  const scale = Math.min(
    1,
    Math.sqrt(options.maxPixels / (image.width * image.height)),
    options.maxSide / Math.max(image.width, image.height),
  );
  const width = Math.max(ALIGN, Math.round((image.width * scale) / ALIGN) * ALIGN);
  const height = Math.max(ALIGN, Math.round((image.height * scale) / ALIGN) * ALIGN);
  const map = await probabilities(session, Tensor, image, width, height, options);
  const regions = textRegions(map.data, map.width, map.height, options);
  const sx = image.width / map.width;
  const sy = image.height / map.height;
  return slantedLines(
    regions.map((r) => {
      const box = { x0: r.x0 * sx, y0: r.y0 * sy, x1: r.x1 * sx, y1: r.y1 * sy };
      if (!r.tilt) return box;
      const { cx, cy, slope, thickness } = r.tilt;
      return { ...box, tilt: { cx: cx * sx, cy: cy * sy, slope: (slope * sy) / sx, thickness: thickness * sy } };
    }),
  );
}

/**
 * A page's median line slope below this (about 0.7 degrees) is level: over a line of 30 heights the
 * centre line moves a third of a height, which a row built level holds.
 */
const LEAST_TILT = 0.012;
/** A line whose slope is this far from the page's median runs its own way (a curled or folded part). */
const MOST_DISAGREEMENT = 0.02;
/** Lines whose slope was measured that a page needs for a median. */
const LEAST_MEASURED = 3;

/**
 * The lines that keep their centre line, which their words are then placed along: on a page turned
 * a little (its lines' median slope at least {@link LEAST_TILT}), those whose slope agrees with the
 * median. Every other line's words take its box's height, level, as a page's words always did: a
 * line that runs its own way (a header curled on a photographed receipt) then stays one row of the
 * page's rows, where words placed along its own slant would fall into two.
 */
export function slantedLines(lines: LineBox[]): LineBox[] {
  const slopes = lines.flatMap((l) => (l.tilt ? [l.tilt.slope] : [])).sort((a, b) => a - b);
  const median = slopes.length >= LEAST_MEASURED ? slopes[slopes.length >> 1]! : 0;
  return lines.map(({ tilt, ...box }) =>
    tilt && Math.abs(median) >= LEAST_TILT && Math.abs(tilt.slope - median) <= MOST_DISAGREEMENT
      ? { ...box, tilt }
      : box,
  );
}

interface ProbabilityMap {
  data: Float32Array;
  width: number;
  height: number;
}

/**
 * The detector's probability map of the page scaled to `width` × `height`: one model run, or one
 * per band of the longer side, each band's map copied in between its seams.
 */
async function probabilities(
  session: ModelSession,
  Tensor: typeof TensorType,
  image: GreyImage,
  width: number,
  height: number,
  options: DetectionOptions,
): Promise<ProbabilityMap> {
  const rows = height >= width;
  const bands = bandsOf(rows ? height : width, rows ? width : height, options.maxBandPixels, options.bandOverlap);
  const run = async (input: Float32Array, w: number, h: number) => {
    const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, h, w]) };
    return (await session.run(feeds))[session.outputNames[0]!]!;
  };
  if (bands.length === 1) {
    const input = new Float32Array(3 * width * height);
    resample(image, { x: 0, y: 0, width: image.width, height: image.height }, width, height, (x, y, value) =>
      normalise(input, width * height, y * width + x, value),
    );
    const output = await run(input, width, height);
    const [mapHeight, mapWidth] = output.dims.slice(2) as [number, number];
    const map = { data: (output.data as Float32Array).slice(), width: mapWidth, height: mapHeight };
    output.dispose();
    return map;
  }
  // The page scaled once (grey, 8 bytes a pixel, as the values the model's input is computed from);
  // only one band's three normalised planes exist at a time.
  const grey = new Float64Array(width * height);
  resample(image, { x: 0, y: 0, width: image.width, height: image.height }, width, height, (x, y, value) => {
    grey[y * width + x] = value;
  });
  const whole = new Float32Array(width * height);
  for (const band of bands) {
    const [x0, y0] = rows ? [0, band.from] : [band.from, 0];
    const [w, h] = rows ? [width, band.to - band.from] : [band.to - band.from, height];
    const input = new Float32Array(3 * w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) normalise(input, w * h, y * w + x, grey[(y0 + y) * width + x0 + x]!);
    const output = await run(input, w, h);
    const [mapHeight, mapWidth] = output.dims.slice(2) as [number, number];
    if (mapHeight !== h || mapWidth !== w)
      throw new Error(`the detector's map is ${mapWidth} × ${mapHeight}, not ${w} × ${h}`);
    const data = output.data as Float32Array;
    const [fromY, toY] = rows ? [band.keepFrom, band.keepTo] : [0, height];
    const [fromX, toX] = rows ? [0, width] : [band.keepFrom, band.keepTo];
    for (let y = fromY; y < toY; y++)
      whole.set(data.subarray((y - y0) * w + (fromX - x0), (y - y0) * w + (toX - x0)), y * width + fromX);
    output.dispose();
  }
  return { data: whole, width, height };
}

/** One grey value (0..255) into the model's three input planes, normalised as it was trained. */
function normalise(input: Float32Array, plane: number, at: number, value: number): void {
  for (let c = 0; c < 3; c++) input[c * plane + at] = (value / 255 - MEAN[c]!) / DEVIATION[c]!;
}
