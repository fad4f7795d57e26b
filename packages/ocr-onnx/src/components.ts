/**
 * Connected regions of a thresholded probability map (DB text detection's output): each region is
 * a text line shrunk towards its centre line, so it is grown back ("unclipped") into the line's box.
 */

/** A text region's bounding box in map pixels, with its mean probability. */
export interface TextRegion {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
  score: number;
  /** The region's centre line, where it is long enough to measure one: see {@link Tilt}. */
  tilt?: Tilt;
}

/**
 * A text line's centre line: through (`cx`, `cy`), rising `slope` per unit of x, the line's ink
 * `thickness` high across it (grown as the box is).
 */
export interface Tilt {
  cx: number;
  cy: number;
  slope: number;
  thickness: number;
}

/** Steeper than this (about 8.5 degrees) is no line turned a little: its box is read as it is. */
const MOST_TILT = 0.15;
/** A region shorter than this many of its thicknesses has too little run to measure a slope on. */
const LEAST_RUN = 4;

export interface RegionOptions {
  /** Probability above which a pixel is text (PaddleOCR's 0.3). */
  threshold: number;
  /** Regions whose mean probability is lower are dropped (PaddleOCR's 0.6). */
  minScore: number;
  /** Growth of the shrunk region back to the text's extent (PaddleOCR's unclip ratio, 1.5). */
  unclipRatio: number;
}

/** 8-connected regions of `map` (width × height probabilities), grown and clamped to the map. */
export function textRegions(map: Float32Array, width: number, height: number, options: RegionOptions): TextRegion[] {
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const regions: TextRegion[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start++) {
    if (label[start] !== 0 || map[start]! <= options.threshold) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    let [x0, y0, x1, y1, count, sum] = [width, height, 0, 0, 0, 0];
    // The pixels' moments about the first pixel, for the centre line's least-squares fit.
    const [ox, oy] = [start % width, Math.floor(start / width)];
    const moments = { x: 0, y: 0, xx: 0, xy: 0, yy: 0 };
    while (top > 0) {
      const at = stack[--top]!;
      const x = at % width;
      const y = (at - x) / width;
      const [dx, dy] = [x - ox, y - oy];
      moments.x += dx;
      moments.y += dy;
      moments.xx += dx * dx;
      moments.xy += dx * dy;
      moments.yy += dy * dy;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
      count++;
      sum += map[at]!;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (label[n] === 0 && map[n]! > options.threshold) {
            label[n] = next;
            stack[top++] = n;
          }
        }
      }
    }
    const region = unclip({ x0, y0, x1, y1, score: sum / count }, count, options.unclipRatio, width, height);
    if (!region || region.score < options.minScore) continue;
    const tilt = tiltOf(moments, count, ox, oy, x1 - x0, region);
    regions.push(tilt ? { ...region, tilt } : region);
  }
  return regions;
}

/**
 * The region's centre line, fitted to its pixels by least squares (y on x), where the region is long
 * enough to tell and slants no more than {@link MOST_TILT}. The ink's thickness across the line
 * follows from the pixels' spread about the fitted line (a band of thickness t spreads t²/12), grown
 * by what the box was grown by.
 */
function tiltOf(
  m: { x: number; y: number; xx: number; xy: number; yy: number },
  count: number,
  ox: number,
  oy: number,
  run: number,
  grown: TextRegion,
): Tilt | undefined {
  const sxx = m.xx - (m.x * m.x) / count;
  const sxy = m.xy - (m.x * m.y) / count;
  const syy = m.yy - (m.y * m.y) / count;
  if (sxx <= 0) return undefined;
  const slope = sxy / sxx;
  const core = Math.sqrt((12 * Math.max(0, syy - slope * sxy)) / count);
  if (Math.abs(slope) > MOST_TILT || run < LEAST_RUN * Math.max(1, core)) return undefined;
  const growth = (grown.x1 - grown.x0 - run) / 2;
  return {
    cx: ox + m.x / count + 0.5,
    cy: oy + m.y / count + 0.5,
    slope,
    thickness: core + 2 * Math.max(0, growth),
  };
}

/**
 * DB grows a region by area × ratio / perimeter on every side. The area is the pixels counted, not
 * the box's, so a slightly tilted line (whose box is taller than the line) is not grown further.
 */
function unclip(box: TextRegion, area: number, ratio: number, width: number, height: number): TextRegion | null {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  // PaddleOCR drops regions under 3 pixels on their short side (specks, rules).
  if (Math.min(w, h) < 3) return null;
  const d = (area * ratio) / (2 * (w + h));
  return {
    x0: Math.max(0, box.x0 - d),
    y0: Math.max(0, box.y0 - d),
    x1: Math.min(width, box.x1 + d),
    y1: Math.min(height, box.y1 + d),
    score: box.score,
  };
}
