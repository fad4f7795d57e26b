/**
 * Light print on dark bars: forms print their headings white on a dark band ("VENDOR", "SHIP TO",
 * an item table's "ITEM #  DESCRIPTION  QTY  UNIT PRICE  TOTAL"). Tesseract's local threshold turns
 * such a band black with white holes, and its reading of them is noise at low confidence ("2
 * WHEME 2 = DESCROTION.", "ee UN TOTAL ©"), so that a purchase order's supplier heading and its
 * item table's columns go unread. Invoicing programs print the seller's name and address the same
 * way, white on a black, coloured or light grey header or footer band of several lines, which the
 * first reading leaves out whole. The bands are found here from the pixels; ocr-page.ts reads
 * them again inverted, dark print on white, and their words take the place of the noise.
 */
import type { Word } from '@intake/core';
import type { GreyImage } from './grey-image.js';
import type { PixelBox } from './missed-ink.js';

/**
 * A cell of the grid is part of a band when it is dark on average (white letters lighten it a
 * little), or when most of its pixels are mid grey: a band of any colour or grey (a blue or teal
 * header scanned to mid grey, a light grey footer) whose white letters take less of a cell. Print
 * on paper is dark strokes on white with little mid grey between; tinted table rows and shaded
 * boxes paler than BAND_BELOW carry dark print that the first reading reads.
 */
const DARK_CELL_BELOW = 140;
const MID_GREY_ABOVE = 120;
const BAND_BELOW = 215;
const MID_GREY_SHARE = 0.6;
/** The grid's cell, in points. */
const CELL_POINTS = 2;
/** Light cells (a white letter's stroke) a bar's run may hold in a row. */
const GAP_CELLS = 2;
/** A bar is at least this wide, in points: a heading's bar, not a bold letter or a logo's stroke. */
const MIN_WIDTH_POINTS = 30;
/**
 * ...and this tall: a line of print on it, not a rule. A header or footer band holds a name and
 * its address lines (a hundred points and more); the upper bound leaves out a page-high border.
 */
const MIN_HEIGHT_POINTS = 8;
const MAX_HEIGHT_POINTS = 240;
/** A bar taller than this holds more than one line of print and is read as a block. */
const ONE_LINE_POINTS = 32;
/**
 * A band of several lines is several times wider than tall; a dark region that tall and boxy is a
 * logo or a picture, whose reading as a block cost 1.3 to 1.5 CPU seconds a page for no word.
 */
const BAND_MIN_WIDTH_TO_HEIGHT = 3;
/**
 * Rows of cells (2 pt each) of a bar that no light cell breaks: a bar has a dark margin above or
 * below its print; a line of bold dark letters, dark only where its strokes are, has none.
 */
const SOLID_ROWS = 2;
/**
 * Share of a bar's pixels that must be lighter than the bar (its print): a bar without print is a
 * rule or a box. Lighter means above LIGHT_ABOVE and LIGHTER_BY levels above the bar's own grey,
 * whatever that is (white print on a light grey band is only some seventy levels lighter). A grey
 * heading bar or total box with dark print on it ("Comments or Special Instructions" on grey 190)
 * has pixels DARKER_BY below its grey (7% and more, where light print leaves none): the first
 * reading reads it.
 */
const MIN_LIGHT_SHARE = 0.008;
const LIGHT_ABOVE = 170;
const LIGHTER_BY = 45;
const DARKER_BY = 60;
const MAX_DARK_SHARE = 0.01;
/** Bars read per page at most, the widest first: bounds what a page can cost. */
const MAX_BARS = 12;

/** The dark bars of `image` (rendered at `scale` pixels per point) that carry light print, widest first. */
export function darkBars(image: GreyImage, scale: number): PixelBox[] {
  const cell = Math.max(2, Math.round(CELL_POINTS * scale));
  const cols = Math.floor(image.width / cell);
  const rows = Math.floor(image.height / cell);
  const minRun = Math.ceil((MIN_WIDTH_POINTS * scale) / cell);
  const runs: Run[] = [];
  for (let r = 0; r < rows; r++) {
    let start = -1;
    let last = -1;
    let light = 0;
    for (let c = 0; c <= cols; c++) {
      const darkCell = c < cols && bandCell(image, c * cell, r * cell, cell);
      if (darkCell) {
        if (start < 0) [start, light] = [c, 0];
        else light += c - last - 1;
        last = c;
      } else if (start >= 0 && (c - last > GAP_CELLS || c === cols)) {
        if (last - start + 1 >= minRun) runs.push({ r, c0: start, c1: last, solid: light === 0 });
        start = -1;
      }
    }
  }
  return stacked(runs)
    .filter((b) => b.solid >= SOLID_ROWS)
    .map((b) => ({ x0: b.c0 * cell, y0: b.r0 * cell, x1: (b.c1 + 1) * cell, y1: (b.r1 + 1) * cell }))
    .filter((box) => {
      const tall = (box.y1 - box.y0) / scale;
      if (tall < MIN_HEIGHT_POINTS || tall > MAX_HEIGHT_POINTS) return false;
      if (tall > ONE_LINE_POINTS && box.x1 - box.x0 < BAND_MIN_WIDTH_TO_HEIGHT * (box.y1 - box.y0)) return false;
      const print = printShares(image, box);
      return print.light >= MIN_LIGHT_SHARE && print.dark < MAX_DARK_SHARE;
    })
    .sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))
    .slice(0, MAX_BARS);
}

/** A row's run of dark cells; `solid` when no light cell breaks it (a bar's margin above or below its print). */
interface Run {
  r: number;
  c0: number;
  c1: number;
  solid: boolean;
}

interface Bar {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  /** Rows of the bar whose run is solid. */
  solid: number;
}

/** Runs of consecutive rows that lie over one another (most of the narrower one) as one bar each. */
function stacked(runs: Run[]): Bar[] {
  const open: Bar[] = [];
  const done: Bar[] = [];
  for (const run of runs) {
    const bar = open.find((b) => {
      if (b.r1 !== run.r - 1 && b.r1 !== run.r) return false;
      const shared = Math.min(b.c1, run.c1) - Math.max(b.c0, run.c0) + 1;
      return shared >= 0.8 * Math.min(b.c1 - b.c0 + 1, run.c1 - run.c0 + 1);
    });
    if (bar) {
      bar.r1 = run.r;
      bar.c0 = Math.min(bar.c0, run.c0);
      bar.c1 = Math.max(bar.c1, run.c1);
      bar.solid += Number(run.solid);
    } else open.push({ r0: run.r, r1: run.r, c0: run.c0, c1: run.c1, solid: Number(run.solid) });
    // Bars a row behind are closed: they cannot grow any more.
    for (let i = open.length - 1; i >= 0; i--) if (open[i]!.r1 < run.r - 1) done.push(...open.splice(i, 1));
  }
  return [...done, ...open];
}

/** Whether the cell (every other pixel each way) is dark on average, or mostly mid grey. */
function bandCell(image: GreyImage, x0: number, y0: number, size: number): boolean {
  let [sum, mid, n] = [0, 0, 0];
  for (let y = y0; y < y0 + size; y += 2)
    for (let x = x0; x < x0 + size; x += 2) {
      const v = image.pixels[y * image.width + x]!;
      sum += v;
      if (v >= MID_GREY_ABOVE && v < BAND_BELOW) mid++;
      n++;
    }
  return sum / n < DARK_CELL_BELOW || mid / n >= MID_GREY_SHARE;
}

/**
 * Shares of the box's pixels lighter and darker than its band (LIGHTER_BY, DARKER_BY): the band's
 * grey is the mean of its pixels darker than BAND_BELOW.
 */
function printShares(image: GreyImage, box: PixelBox): { light: number; dark: number } {
  const each = (f: (v: number) => void) => {
    for (let y = box.y0; y < box.y1; y += 2)
      for (let x = box.x0; x < box.x1; x += 2) f(image.pixels[y * image.width + x]!);
  };
  let [sum, banded] = [0, 0];
  each((v) => {
    if (v < BAND_BELOW) [sum, banded] = [sum + v, banded + 1];
  });
  const grey = banded > 0 ? sum / banded : 0;
  const above = Math.max(LIGHT_ABOVE, grey + LIGHTER_BY);
  let [light, dark, n] = [0, 0, 0];
  each((v) => {
    if (v > above) light++;
    else if (v < grey - DARKER_BY) dark++;
    n++;
  });
  return n > 0 ? { light: light / n, dark: dark / n } : { light: 0, dark: 0 };
}

/** White margin round a bar read on its own, in points. */
const STACK_GAP_POINTS = 12;

/**
 * Reads the page's dark bars again, each inverted on white (`read`: words in the bar image's
 * pixels; `lines` says whether the bar holds one line of print or more, as a header band with a
 * name and an address does), and gives the page's words with theirs in (`withBarWords`). A bar
 * read alone reads its heads more surely than bars stacked as one block (a 9 pt "VENDOR" at 0.68
 * stacked, under the keeping floor on some renderings).
 */
export async function readDarkBars(
  image: GreyImage,
  scale: number,
  words: readonly Word[],
  read: (bar: GreyImage, lines: 'one' | 'many') => Promise<Word[]>,
): Promise<Word[]> {
  const bars = darkBars(image, scale);
  const gap = Math.round(STACK_GAP_POINTS * scale);
  const found: Word[] = [];
  const at = (v: number) => Math.round(v * 100) / 100;
  for (const b of bars) {
    const width = b.x1 - b.x0 + 2 * gap;
    const pixels = new Uint8Array(width * (b.y1 - b.y0 + 2 * gap)).fill(255);
    drawInverted(image, b, pixels, width, gap, gap);
    const lines = b.y1 - b.y0 > ONE_LINE_POINTS * scale ? 'many' : 'one';
    for (const w of await read({ width, height: b.y1 - b.y0 + 2 * gap, pixels }, lines)) {
      if (w.confidence < BAR_MIN_CONFIDENCE[lines] || !/[\p{L}\p{N}]/u.test(w.text)) continue;
      const [dx, dy] = [b.x0 - gap, b.y0 - gap];
      found.push({
        text: w.text,
        bbox: {
          x0: at((w.bbox.x0 + dx) / scale),
          y0: at((w.bbox.y0 + dy) / scale),
          x1: at((w.bbox.x1 + dx) / scale),
          y1: at((w.bbox.y1 + dy) / scale),
        },
        confidence: w.confidence,
      });
    }
  }
  return withBarWords(words, found, bars, scale);
}

/**
 * The bar's pixels into the stack at (left, top), inverted and stretched so that the bar becomes
 * white paper and its print dark. The crop overhangs the bar (the grid's cells, a page turned a
 * little): paper reached from the crop's edges along a row or a column before any of the bar's
 * dark stays white instead of turning black; the bar's light print lies within its dark margin,
 * out of that reach.
 */
function drawInverted(
  image: GreyImage,
  b: PixelBox,
  stack: Uint8Array,
  width: number,
  top: number,
  left: number,
): void {
  const [w, h] = [b.x1 - b.x0, b.y1 - b.y0];
  const at = (x: number, y: number) => image.pixels[(b.y0 + y) * image.width + b.x0 + x]!;
  let sum = 0;
  for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) sum += at(x, y);
  const bar = sum / (Math.ceil(h / 2) * Math.ceil(w / 2));
  const light = (bar + 255) / 2;
  const paper = new Uint8Array(w * h);
  const reach = (n: number, at2: (i: number) => [number, number]) => {
    for (let i = 0; i < n; i++) {
      const [x, y] = at2(i);
      if (at(x, y) <= light) return;
      paper[y * w + x] = 1;
    }
  };
  for (let x = 0; x < w; x++) {
    reach(h, (i) => [x, i]);
    reach(h, (i) => [x, h - 1 - i]);
  }
  for (let y = 0; y < h; y++) {
    reach(w, (i) => [i, y]);
    reach(w, (i) => [w - 1 - i, y]);
  }
  // The bar's edge, grey where its pixels are part paper, would read as a rule along the print.
  for (let pass = 0; pass < EDGE_PIXELS; pass++) grow(paper, w, h);
  // The bar's own grey becomes white: 255 - bar is its level once inverted.
  const gain = 255 / Math.max(1, 255 - bar);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (!paper[y * w + x]) stack[(top + y) * width + left + x] = Math.min(255, Math.round((255 - at(x, y)) * gain));
}

/** Pixels along the bar's edge left white with the paper beyond it (a third of a point at 300 dpi). */
const EDGE_PIXELS = 3;

/** The mask grown by one pixel across and down. */
function grow(mask: Uint8Array, w: number, h: number): void {
  const was = mask.slice();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (
        !was[y * w + x] &&
        ((x > 0 && was[y * w + x - 1]) ||
          (x < w - 1 && was[y * w + x + 1]) ||
          (y > 0 && was[(y - 1) * w + x]) ||
          (y < h - 1 && was[(y + 1) * w + x]))
      )
        mask[y * w + x] = 1;
}

/**
 * A word read on a bar is kept at this confidence or more: tesseract is unsure of short capitals
 * read alone ("VENDOR" at 0.39 to 0.68 on renderings of one scan), and a bar's word only takes
 * the place of noise or of a first reading it is surer of (below). A band of several lines may
 * hold a logo or a picture, whose noise a block reading gives at low confidence.
 */
const BAR_MIN_CONFIDENCE = { one: 0.3, many: 0.5 } as const;
/** A first-reading word on a bar under this confidence is the noise of the bar read dark. */
const NOISE_BELOW = 0.5;

/**
 * The page's words with the bars' words (page units) in. A bar's word gives way to a first-reading
 * word it covers that was read as surely or more; else it takes the place of the words it covers.
 * On a bar that gave words, a first-reading word read with little confidence (the noise of a bar
 * read dark: "WHEME", "DESCROTION.") goes too.
 */
function withBarWords(
  words: readonly Word[],
  barWords: readonly Word[],
  bars: readonly PixelBox[],
  scale: number,
): Word[] {
  const inside = (w: Word, b: PixelBox) => {
    const [x, y] = [((w.bbox.x0 + w.bbox.x1) / 2) * scale, ((w.bbox.y0 + w.bbox.y1) / 2) * scale];
    return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
  };
  const taken = barWords.filter((n) => !words.some((w) => overlapping(n.bbox, w.bbox) && w.confidence >= n.confidence));
  const read = bars.filter((b) => taken.some((n) => inside(n, b)));
  const kept = words.filter(
    (w) =>
      !taken.some((n) => overlapping(n.bbox, w.bbox)) &&
      !(w.confidence < NOISE_BELOW && read.some((b) => inside(w, b))),
  );
  return [...kept, ...taken];
}

function overlapping(a: Word['bbox'], b: Word['bbox']): boolean {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return false;
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return w * h > smaller / 3;
}
