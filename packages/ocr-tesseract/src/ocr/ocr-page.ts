/**
 * One page through OCR: grey pixels in, positioned words out. Pixels travel in leptonica's own
 * serialised form ("spix"), which it takes in with one copy (about 2 ms a page here, where reading
 * the same pixels as PGM took about 28 ms; encoding a noisy scan as PNG alone costs seconds). Words
 * come back as tesseract's TSV: about half the work of tesseract.js' "blocks" output (which walks
 * every symbol and its alternatives), and a fraction of the data to post back from the worker.
 */
import type { DocumentPage, Word } from '@intake/core';
import { loadSharp } from '../image/load-sharp.js';
import type { Page } from 'tesseract.js';
import { inReadingOrder } from '../reading-order.js';
import { missedInk, type PixelBox } from './missed-ink.js';
import { otherLanguageOf } from './page-language.js';
import { readDarkBars } from './reverse-print.js';
import type { PageOcrEngine } from './page-engine.js';
import type { GateHold, PageGate } from './page-gate.js';
import type { Binarisation, OcrWorkerPool } from './worker-pool.js';

import type { GreyImage } from './grey-image.js';

export type { GreyImage } from './grey-image.js';

/** "spix", then width, height, depth, words per line, colours in the colormap, raster bytes. */
const SPIX_HEADER_BYTES = 28;

/**
 * A grey image as leptonica's serialised pix (pixSerializeToMemory), which leptonica recognises by
 * its "spix" tag wherever it reads an image. Each row is padded to whole 32-bit words, and each word
 * holds four pixels with the first in its most significant byte, stored little-endian as the wasm
 * build of leptonica reads memory (whatever the host's byte order).
 */
export function toSpix(image: GreyImage): Buffer {
  const { width, height, pixels } = image;
  if (pixels.length !== width * height) {
    throw new Error(`Expected ${width}x${height} grey pixels, got ${pixels.length} bytes`);
  }
  const wordsPerLine = Math.ceil(width / 4);
  const rowBytes = wordsPerLine * 4;
  const rasterBytes = rowBytes * height;
  const spix = Buffer.alloc(SPIX_HEADER_BYTES + rasterBytes);
  spix.write('spix', 0, 'latin1');
  [width, height, 8, wordsPerLine, 0, rasterBytes].forEach((value, i) => spix.writeUInt32LE(value, 4 + 4 * i));
  const raster = spix.subarray(SPIX_HEADER_BYTES);
  if (rowBytes === width) raster.set(pixels);
  else for (let y = 0; y < height; y++) raster.set(pixels.subarray(y * width, (y + 1) * width), y * rowBytes);
  raster.swap32();
  return spix;
}

/** Columns of tesseract's TSV; level 5 rows are words. */
const TSV_LEVEL = 0;
const TSV_LEFT = 6;
const TSV_TOP = 7;
const TSV_WIDTH = 8;
const TSV_HEIGHT = 9;
const TSV_CONFIDENCE = 10;
const TSV_TEXT = 11;
const WORD_LEVEL = '5';

/**
 * Words of a tesseract result (its TSV), boxes divided by `scale` (pixels per page unit: 1 for an
 * image whose unit is the pixel, dpi/72 for a rendered PDF page measured in points). Confidences are
 * truncated to whole percents, as tesseract.js reports them in its other formats.
 */
export function ocrWords(page: Pick<Page, 'tsv'>, scale: number): Word[] {
  const words: Word[] = [];
  for (const row of (page.tsv ?? '').split('\n')) {
    const cells = row.split('\t');
    if (cells[TSV_LEVEL] !== WORD_LEVEL || cells.length <= TSV_TEXT) continue;
    // Tesseract puts no tab inside a word; joining keeps the text whole if it ever did.
    const text = cells.slice(TSV_TEXT).join('\t').trim();
    if (text === '') continue;
    const x0 = Number(cells[TSV_LEFT]);
    const y0 = Number(cells[TSV_TOP]);
    const x1 = x0 + Number(cells[TSV_WIDTH]);
    const y1 = y0 + Number(cells[TSV_HEIGHT]);
    words.push({
      text,
      bbox: { x0: round(x0 / scale), y0: round(y0 / scale), x1: round(x1 / scale), y1: round(y1 / scale) },
      confidence: Math.min(1, Math.max(0, Math.trunc(Number(cells[TSV_CONFIDENCE])) / 100)),
    });
  }
  return words;
}

const round = (n: number): number => Math.round(n * 100) / 100;

export interface OcrPageInput {
  number: number;
  image: GreyImage;
  /** Size of the page in its own units, which the words' boxes are given in. */
  width: number;
  height: number;
  /** Pixels of the image per page unit. */
  scale: number;
  /**
   * How tesseract binarises the page. Document pages (scans) are printed forms, read `local`:
   * shaded cells, grey boxes and bars hold values, and a global threshold turns a shaded cell and
   * its text black alike (a purchase order's grey total box read as nothing). Photos are read
   * `global`: a local threshold on them read fewer values (docs/extraction/experiments.md).
   */
  binarisation: Binarisation;
}

/** A page reading fewer words than this gets a second try with its contrast stretched. */
const RETRY_BELOW_WORDS = 10;

/**
 * Reads a page, its picture made once the page gate lets it in (`picture`: a PDF page is drawn
 * then, a photo decoded, which gives its size then); a page that yields (almost) nothing is read
 * once more with its contrast stretched. Faded thermal receipts are pale grey on white, and tesseract's binarisation then finds no text at
 * all; stretching every page instead would hurt clean ones (it turns paper with specks grey), so
 * only the pages that need it pay for a second pass.
 */
export function ocrPage(
  pool: OcrWorkerPool,
  input: Omit<OcrPageInput, 'image' | 'scale'>,
  picture: () => Promise<Pick<OcrPageInput, 'image' | 'scale'> & Partial<Pick<OcrPageInput, 'width' | 'height'>>>,
  signal: AbortSignal,
  engine: PageOcrEngine | undefined,
  gate: PageGate,
  /** The document's hold on memory, for a page of an opened PDF (see PageGate.hold). */
  hold?: GateHold,
): Promise<DocumentPage> {
  // The engine that reads the page is the gate's lane: one engine's threads resident at a time.
  // The picture is made once the page has its place (a PDF page is drawn then, not before).
  const read = async (): Promise<DocumentPage> => {
    const drawn = await picture();
    signal.throwIfAborted();
    return readPage(pool, { ...input, ...drawn }, signal, engine);
  };
  return gate.run(signal, read, engine ?? pool, hold);
}

async function readPage(
  pool: OcrWorkerPool,
  input: OcrPageInput,
  signal: AbortSignal,
  engine: PageOcrEngine | undefined,
): Promise<DocumentPage> {
  if (engine)
    return { ...pageOf(input), words: inReadingOrder(scaled(await engine.read(input.image, signal), input.scale)) };
  const { binarisation } = input;
  let image = input.image;
  let words = ocrWords(await pool.recognize(toSpix(image), signal, binarisation), input.scale);
  if (readable(words).length < RETRY_BELOW_WORDS) {
    const stretched = await stretchContrast(image);
    const retry = ocrWords(await pool.recognize(toSpix(stretched), signal, binarisation), input.scale);
    if (score(retry) > score(words)) [words, image] = [retry, stretched];
  }
  // A page in another language than the first ones is read again in it (languages.ts), and its
  // bars and missed print in it too, where tesseract is surer of that reading: a page taken for a
  // language it is not in reads no better in it.
  const language = otherLanguageOf(words, pool.languages, pool.otherLanguages);
  let reader = pool;
  if (language) {
    const other = pool.inLanguage(language);
    const again = ocrWords(await other.recognize(toSpix(image), signal, binarisation), input.scale);
    if (meanConfidence(again) > meanConfidence(words)) [words, reader] = [again, other];
  }
  // Scanned document pages only: a photo's background (a table, a hand) is ink without print.
  if (binarisation === 'local') {
    words = await readDarkBars(input.image, input.scale, words, barReader(reader, signal));
    words = [...words, ...(await readMissedInk(reader, input, words, signal))];
  }
  return { ...pageOf(input), words: inReadingOrder(words) };
}

/**
 * How ocrPage reads a page's dark bar (reverse-print.ts): inverted, it is clean dark print on
 * white, read with Otsu's one threshold as a single line, or as a block where the bar holds
 * several lines; words in the bar picture's pixels.
 */
export function barReader(
  pool: OcrWorkerPool,
  signal: AbortSignal | undefined,
): (bar: GreyImage, lines: 'one' | 'many') => Promise<Word[]> {
  return async (bar, lines) =>
    ocrWords(await pool.recognize(toSpix(bar), signal, 'global', lines === 'one' ? SINGLE_LINE : SINGLE_BLOCK), 1);
}

/** Padding around a region read again, in points: room for tesseract to see the text's edges. */
const REGION_PADDING_POINTS = 6;
/** A word of a region read again is kept at this confidence or more (a region may be a stamp or a logo). */
const REGION_MIN_CONFIDENCE = 0.6;

/** White rows between two regions stacked for reading, in points. */
const STACK_GAP_POINTS = 12;

/**
 * The second look at a scanned page: the regions with print and no word (missed-ink.ts) are cut
 * out, stacked one under another on white, and read in one go as one block of text (page
 * segmentation mode 6): one call to tesseract per page, however many regions. A word is kept where
 * it is confident, holds a letter or a digit, lies within one region and clear of the words read
 * already.
 */
export async function readMissedInk(
  pool: OcrWorkerPool,
  input: OcrPageInput,
  words: readonly Word[],
  signal: AbortSignal,
): Promise<Word[]> {
  const { image, scale } = input;
  const read = words.map((w): PixelBox => ({
    x0: w.bbox.x0 * scale,
    y0: w.bbox.y0 * scale,
    x1: w.bbox.x1 * scale,
    y1: w.bbox.y1 * scale,
  }));
  const pad = Math.round(REGION_PADDING_POINTS * scale);
  const crops = missedInk(image, read, scale).map((r) => ({
    x0: Math.max(0, r.x0 - pad),
    y0: Math.max(0, r.y0 - pad),
    x1: Math.min(image.width, r.x1 + pad),
    y1: Math.min(image.height, r.y1 + pad),
  }));
  if (crops.length === 0) return [];
  const gap = Math.round(STACK_GAP_POINTS * scale);
  const { stack, tops } = stackCrops(image, crops, gap);
  const page = await pool.recognize(toSpix(stack), signal, input.binarisation, SINGLE_BLOCK);
  const found: Word[] = [];
  for (const w of ocrWords(page, 1)) {
    const i = tops.findIndex(
      (top, k) => w.bbox.y0 >= top - gap / 2 && w.bbox.y1 <= top + crops[k]!.y1 - crops[k]!.y0 + gap / 2,
    );
    if (i < 0 || w.confidence < REGION_MIN_CONFIDENCE || !/[\p{L}\p{N}]/u.test(w.text)) continue;
    const c = crops[i]!;
    const [dx, dy] = [c.x0 - gap, c.y0 - tops[i]!];
    const box = { x0: w.bbox.x0 + dx, y0: w.bbox.y0 + dy, x1: w.bbox.x1 + dx, y1: w.bbox.y1 + dy };
    // Crops may share print (their padding): a word read twice is kept once.
    if (read.some((r) => overlaps(r, box))) continue;
    read.push(box);
    found.push({
      text: w.text,
      bbox: {
        x0: round(box.x0 / scale),
        y0: round(box.y0 / scale),
        x1: round(box.x1 / scale),
        y1: round(box.y1 / scale),
      },
      confidence: w.confidence,
    });
  }
  return found;
}

/** Tesseract's page segmentation mode "a single uniform block of text". */
const SINGLE_BLOCK = 6;
/** ...and "a single text line". */
const SINGLE_LINE = 7;

/** The crops of `image` one under another on white, `gap` pixels apart and from the left; `tops` where each begins. */
function stackCrops(image: GreyImage, crops: readonly PixelBox[], gap: number): { stack: GreyImage; tops: number[] } {
  const width = Math.max(...crops.map((c) => c.x1 - c.x0)) + 2 * gap;
  const tops: number[] = [];
  let height = gap;
  for (const c of crops) {
    tops.push(height);
    height += c.y1 - c.y0 + gap;
  }
  const pixels = new Uint8Array(width * height).fill(255);
  crops.forEach((c, k) => {
    for (let y = c.y0; y < c.y1; y++)
      pixels.set(
        image.pixels.subarray(y * image.width + c.x0, y * image.width + c.x1),
        (tops[k]! + y - c.y0) * width + gap,
      );
  });
  return { stack: { width, height, pixels }, tops };
}

/** Whether two boxes share more than a third of the smaller one's area. */
function overlaps(a: PixelBox, b: PixelBox): boolean {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return false;
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return w * h > smaller / 3;
}

const pageOf = (input: OcrPageInput): Omit<DocumentPage, 'words'> => ({
  number: input.number,
  width: input.width,
  height: input.height,
  source: 'ocr',
});

/** Boxes from the image's pixels into the page's units. */
const scaled = (words: Word[], scale: number): Word[] =>
  words.map(({ text, bbox, confidence }) => ({
    text,
    bbox: {
      x0: round(bbox.x0 / scale),
      y0: round(bbox.y0 / scale),
      x1: round(bbox.x1 / scale),
      y1: round(bbox.y1 / scale),
    },
    confidence,
  }));

const readable = (words: Word[]): Word[] => words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
const score = (words: Word[]): number => readable(words).reduce((sum, w) => sum + w.confidence, 0);
const meanConfidence = (words: Word[]): number => score(words) / Math.max(1, readable(words).length);

/** Maps the 1st..99th percentile of brightness onto black..white. */
async function stretchContrast(image: GreyImage): Promise<GreyImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .normalise()
    // normalise works in a colour space and would hand back three channels.
    .greyscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}
