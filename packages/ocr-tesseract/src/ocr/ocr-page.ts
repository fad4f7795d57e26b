/**
 * One page through OCR: grey pixels in, positioned words out. Pixels travel as PGM because
 * tesseract reads it without decoding work, while encoding a noisy scan as PNG alone costs seconds.
 */
import type { DocumentPage, Word } from '@intake/core';
import sharp from 'sharp';
import type { Page } from 'tesseract.js';
import { inReadingOrder } from '../reading-order.js';
import type { OcrWorkerPool } from './worker-pool.js';

/** 8-bit grey pixels, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function toPgm(image: GreyImage): Buffer {
  if (image.pixels.length !== image.width * image.height) {
    throw new Error(`Expected ${image.width}x${image.height} grey pixels, got ${image.pixels.length} bytes`);
  }
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, image.pixels]);
}

/**
 * Words of a tesseract result, boxes divided by `scale` (pixels per page unit: 1 for an image whose
 * unit is the pixel, dpi/72 for a rendered PDF page measured in points).
 */
export function ocrWords(page: Page, scale: number): Word[] {
  const words: Word[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text,
            bbox: { x0: round(x0 / scale), y0: round(y0 / scale), x1: round(x1 / scale), y1: round(y1 / scale) },
            confidence: Math.min(1, Math.max(0, word.confidence / 100)),
          });
        }
      }
    }
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
  scale: number;
}

/** A page reading fewer words than this gets a second try with its contrast stretched. */
const RETRY_BELOW_WORDS = 10;

/**
 * Reads a page; a page that yields (almost) nothing is read once more with its contrast stretched.
 * Faded thermal receipts are pale grey on white, and tesseract's binarisation then finds no text at
 * all; stretching every page instead would hurt clean ones (it turns paper with specks grey), so
 * only the pages that need it pay for a second pass.
 */
export async function ocrPage(pool: OcrWorkerPool, input: OcrPageInput, signal: AbortSignal): Promise<DocumentPage> {
  let words = ocrWords(await pool.recognize(toPgm(input.image), signal), input.scale);
  if (readable(words).length < RETRY_BELOW_WORDS) {
    const stretched = await stretchContrast(input.image);
    const retry = ocrWords(await pool.recognize(toPgm(stretched), signal), input.scale);
    if (score(retry) > score(words)) words = retry;
  }
  return { number: input.number, width: input.width, height: input.height, words: inReadingOrder(words), source: 'ocr' };
}

const readable = (words: Word[]): Word[] => words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
const score = (words: Word[]): number => readable(words).reduce((sum, w) => sum + w.confidence, 0);

/** Maps the 1st..99th percentile of brightness onto black..white. */
async function stretchContrast(image: GreyImage): Promise<GreyImage> {
  const { data, info } = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .normalise()
    // normalise works in a colour space and would hand back three channels.
    .greyscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}
