/**
 * Where a page has print that its first reading left without words. Tesseract's automatic page
 * segmentation drops some blocks of a scanned form whole: a right-aligned column of amounts beside
 * their labels, a date in a bordered cell, a line of a header block (on the development scans the
 * totals of ZUGFeRD stylesheets, a purchase order's date and VENDOR heading, a Dutch invoice's
 * number: the eval's "What OCR costs"). Those regions are found here from the pixels, so that they
 * can be read once more (ocr-page.ts).
 *
 * Ink is every pixel darker than mid-grey. Ruling (a run of ink longer than a word's stroke, across
 * or down) is no print to read and is taken out first, and so is everything under a word read
 * already (with a small margin). What is left is gathered on a grid of cells of about 2 pt, cells
 * joined across small gaps along a line; a group the size of a line of print is a region.
 */
import type { GreyImage } from './grey-image.js';

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Darker than this is ink (noise on white paper never gets there; text on a light shade does). */
const INK_BELOW = 128;
/** A run of ink at least this long (in points) is a rule, not a letter's stroke. */
const RULE_POINTS = 24;
/** The grid's cell, in points. */
const CELL_POINTS = 2;
/** Ink pixels that make a cell count. */
const CELL_MIN_INK = 3;
/** Cells of one region may be this many cells apart along a line (the gap between words). */
const JOIN_ACROSS = 3;
/** A region is at least this tall (a small digit at 7 pt) and at most this tall (a few lines), in points. */
const MIN_HEIGHT_POINTS = 4;
const MAX_HEIGHT_POINTS = 48;
/** ...at least this wide, in points (a few characters, not a piece of a frame)... */
const MIN_WIDTH_POINTS = 6;
/** ...and at least this many cells of ink (not a speck or a stray dash). */
const MIN_CELLS = 8;
/** Regions read again per page at most, the largest first: bounds what a page can cost. */
export const MAX_REGIONS = 24;
/** Margin kept clear around each word read already, in points. */
const WORD_MARGIN_POINTS = 1.5;

/**
 * The regions of `image` (rendered at `scale` pixels per point) with ink and no word of `words`
 * (pixel boxes), largest first, at most MAX_REGIONS.
 */
export function missedInk(image: GreyImage, words: readonly PixelBox[], scale: number): PixelBox[] {
  // A reduced mask, one cell per f × f pixels, inked where any of them is: a page rendered at
  // 300 dpi is millions of pixels, walked once here instead of several times.
  const f = Math.max(1, Math.round(scale * 0.7));
  const s = scale / f;
  const width = Math.ceil(image.width / f);
  const height = Math.ceil(image.height / f);
  const { pixels } = image;
  const ink = new Uint8Array(width * height);
  for (let y = 0, i = 0; y < image.height; y++) {
    const row = Math.floor(y / f) * width;
    for (let x = 0, cx = 0, k = 0; x < image.width; x++, i++) {
      if (pixels[i]! < INK_BELOW) ink[row + cx] = 1;
      if (++k === f) {
        k = 0;
        cx++;
      }
    }
  }
  removeRules(ink, width, height, Math.max(8, Math.round(RULE_POINTS * s)));
  const margin = WORD_MARGIN_POINTS * s;
  for (const w of words) {
    const x0 = Math.max(0, Math.floor(w.x0 / f - margin));
    const x1 = Math.min(width, Math.ceil(w.x1 / f + margin));
    const y1 = Math.min(height, Math.ceil(w.y1 / f + margin));
    if (x1 <= x0) continue;
    for (let y = Math.max(0, Math.floor(w.y0 / f - margin)); y < y1; y++) ink.fill(0, y * width + x0, y * width + x1);
  }
  const cell = Math.max(2, Math.round(CELL_POINTS * s));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const count = new Uint16Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) if (ink[y * width + x]) count[row + Math.floor(x / cell)]!++;
  }
  const step = cell * f;
  const regions = groups(count, cols, rows)
    .map((g) => ({
      cells: g.cells,
      box: {
        x0: g.c0 * step,
        y0: g.r0 * step,
        x1: Math.min(image.width, (g.c1 + 1) * step),
        y1: Math.min(image.height, (g.r1 + 1) * step),
      },
    }))
    .filter(({ cells, box }) => {
      const tall = (box.y1 - box.y0) / scale;
      const wide = (box.x1 - box.x0) / scale;
      return (
        cells >= MIN_CELLS &&
        wide >= MIN_WIDTH_POINTS &&
        tall >= MIN_HEIGHT_POINTS &&
        tall <= MAX_HEIGHT_POINTS &&
        !dark(image, box)
      );
    });
  return joinAlongLines(regions, 3 * step)
    .sort((a, b) => b.cells - a.cells)
    .slice(0, MAX_REGIONS)
    .map((r) => r.box);
}

/**
 * Regions side by side on one line, less than `gap` apart, become one (a number whose middle the
 * first reading took for a word of its own reads whole).
 */
function joinAlongLines<R extends { cells: number; box: PixelBox }>(regions: R[], gap: number): R[] {
  const out = [...regions];
  for (let i = 0; i < out.length; i++)
    for (let j = i + 1; j < out.length; j++) {
      const a = out[i]!.box;
      const b = out[j]!.box;
      const shared = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      const apart = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
      if (shared < Math.min(a.y1 - a.y0, b.y1 - b.y0) / 2 || apart > gap) continue;
      out[i] = {
        ...out[i]!,
        cells: out[i]!.cells + out[j]!.cells,
        box: { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) },
      };
      out.splice(j, 1);
      j = i;
    }
  return out;
}

/** Mean grey under which a region is a dark bar (light print on it is not read as ink here). */
const DARK_MEAN = 150;

/** Whether the region is mostly dark: a bar or a filled box, not print on paper. */
function dark(image: GreyImage, box: PixelBox): boolean {
  let sum = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y += 2)
    for (let x = box.x0; x < box.x1; x += 2) {
      sum += image.pixels[y * image.width + x]!;
      n++;
    }
  return n > 0 && sum / n < DARK_MEAN;
}

/**
 * Clears runs of ink of at least `length` pixels, across and down (table rules, underlines,
 * frames). Both directions are found on the mask as it came and walked row by row.
 */
function removeRules(ink: Uint8Array, width: number, height: number, length: number): void {
  const across: number[] = [];
  const down: number[] = [];
  const run = new Int32Array(width);
  for (let y = 0; y <= height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = y < height && x < width && ink[y * width + x] === 1;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= length) across.push(y * width + start, y * width + x);
        start = -1;
      }
      if (x === width) continue;
      if (on) run[x]!++;
      else if (run[x]! > 0) {
        if (run[x]! >= length) down.push(x, y - run[x]!, y);
        run[x] = 0;
      }
    }
  }
  for (let i = 0; i < across.length; i += 2) ink.fill(0, across[i], across[i + 1]);
  for (let i = 0; i < down.length; i += 3)
    for (let y = down[i + 1]!; y < down[i + 2]!; y++) ink[y * width + down[i]!] = 0;
}

interface Group {
  cells: number;
  c0: number;
  r0: number;
  c1: number;
  r1: number;
}

/** Groups of inked cells, joined with neighbours up to JOIN_ACROSS cells along a row and one up or down. */
function groups(count: Uint16Array, cols: number, rows: number): Group[] {
  const parent = new Int32Array(count.length).fill(-1);
  const find = (i: number): number => {
    while (parent[i]! !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const on = (i: number) => count[i]! >= CELL_MIN_INK;
  for (let i = 0; i < count.length; i++) if (on(i)) parent[i] = i;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (!on(i)) continue;
      for (let dr = 0; dr <= 1; dr++)
        for (let dc = -JOIN_ACROSS; dc <= JOIN_ACROSS; dc++) {
          if (dr === 0 && dc <= 0) continue;
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= rows || cc < 0 || cc >= cols) continue;
          // Down a row only to a touching cell: lines of print stay apart unless their ink touches.
          if (dr === 1 && Math.abs(dc) > 1) continue;
          const j = rr * cols + cc;
          if (!on(j)) continue;
          const a = find(i);
          const b = find(j);
          if (a !== b) parent[a] = b;
        }
    }
  const byRoot = new Map<number, Group>();
  for (let i = 0; i < count.length; i++) {
    if (!on(i)) continue;
    const root = find(i);
    const r = Math.floor(i / cols);
    const c = i % cols;
    const g = byRoot.get(root);
    if (!g) byRoot.set(root, { cells: 1, c0: c, r0: r, c1: c, r1: r });
    else {
      g.cells++;
      g.c0 = Math.min(g.c0, c);
      g.c1 = Math.max(g.c1, c);
      g.r0 = Math.min(g.r0, r);
      g.r1 = Math.max(g.r1, r);
    }
  }
  return [...byRoot.values()];
}
