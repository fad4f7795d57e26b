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
}

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
    while (top > 0) {
      const at = stack[--top]!;
      const x = at % width;
      const y = (at - x) / width;
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
    if (region && region.score >= options.minScore) regions.push(region);
  }
  return regions;
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
