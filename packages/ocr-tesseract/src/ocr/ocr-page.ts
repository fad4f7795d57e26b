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
import type { PageOcrEngine } from './page-engine.js';
import type { PageGate } from './page-gate.js';
import type { Binarisation, OcrWorkerPool } from './worker-pool.js';

/** 8-bit grey pixels, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

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
 * then); a page that yields (almost) nothing is read once more with its contrast stretched.
 * Faded thermal receipts are pale grey on white, and tesseract's binarisation then finds no text at
 * all; stretching every page instead would hurt clean ones (it turns paper with specks grey), so
 * only the pages that need it pay for a second pass.
 */
export function ocrPage(
  pool: OcrWorkerPool,
  input: Omit<OcrPageInput, 'image' | 'scale'>,
  picture: () => Promise<Pick<OcrPageInput, 'image' | 'scale'>>,
  signal: AbortSignal,
  engine: PageOcrEngine | undefined,
  gate: PageGate,
): Promise<DocumentPage> {
  // The engine that reads the page is the gate's lane: one engine's threads resident at a time.
  // The picture is made once the page has its place (a PDF page is drawn then, not before).
  const read = async (): Promise<DocumentPage> => {
    const drawn = await picture();
    signal.throwIfAborted();
    return readPage(pool, { ...input, ...drawn }, signal, engine);
  };
  return gate.run(signal, read, engine ?? pool);
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
  let words = ocrWords(await pool.recognize(toSpix(input.image), signal, binarisation), input.scale);
  if (readable(words).length < RETRY_BELOW_WORDS) {
    const stretched = await stretchContrast(input.image);
    const retry = ocrWords(await pool.recognize(toSpix(stretched), signal, binarisation), input.scale);
    if (score(retry) > score(words)) words = retry;
  }
  return { ...pageOf(input), words: inReadingOrder(words) };
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
