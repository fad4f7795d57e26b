/**
 * The float buffer a PaddleOCR worker reuses for its model inputs: a page read with a buffer that
 * earlier, larger runs left full of other values reads exactly as with fresh arrays (line batches
 * are padded with zeros, so stale values in the padding would change what is read).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createAlphabet } from '../../packages/ocr-onnx/src/ctc.js';
import { detectLines, type DetectionOptions } from '../../packages/ocr-onnx/src/detect.js';
import { foldModel } from '../../packages/ocr-onnx/src/fold-model.js';
import { PP_OCR_V4 } from '../../packages/ocr-onnx/src/models.js';
import { createSession, Tensor } from '../../packages/ocr-onnx/src/pipeline.js';
import { recognizeLines } from '../../packages/ocr-onnx/src/recognize.js';
import { FloatScratch } from '../../packages/ocr-onnx/src/scratch.js';
import { scanImage } from './documents.js';

const DETECTION: DetectionOptions = {
  maxPixels: 1_000_000,
  maxSide: 2560,
  threshold: 0.3,
  minScore: 0.6,
  unclipRatio: 1.5,
};
// Lines of unequal widths, two to a batch: the narrower line of a batch is padded.
const RECOGNITION = { batchSize: 2, maxWidth: 3200 };

const sessions = Promise.all([
  createSession(foldModel(readFileSync(PP_OCR_V4.detection))),
  createSession(foldModel(readFileSync(PP_OCR_V4.recognition))),
]);
afterAll(async () => Promise.all((await sessions).map((session) => session.release())));

describe('the reused input buffer', () => {
  it('hands out zeros, whatever was written into it before', () => {
    const scratch = new FloatScratch();
    scratch.take(100).fill(7);
    expect([...scratch.take(50)]).toEqual(new Array(50).fill(0));
    scratch.take(50).fill(3);
    expect([...scratch.take(200)]).toEqual(new Array(200).fill(0));
  });

  it('reads a page as fresh arrays do after larger runs filled it with other values', async () => {
    const [detector, recogniser] = await sessions;
    const png = await scanImage(
      [
        { text: 'CORNER BAKERY', x: 40, y: 60, size: 32 },
        { text: 'Bread', x: 40, y: 130, size: 24 },
        { text: 'Total amount due 12.50', x: 40, y: 190, size: 24 },
        { text: '7', x: 420, y: 250, size: 24 },
      ],
      520,
      300,
    );
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const image = { width: info.width, height: info.height, pixels: data };
    const alphabet = createAlphabet(readFileSync(PP_OCR_V4.dictionary, 'utf8'));
    const read = async (scratch?: FloatScratch) => {
      const lines = await detectLines(detector, Tensor, image, DETECTION, scratch);
      return { lines, words: await recognizeLines(recogniser, Tensor, image, lines, alphabet, RECOGNITION, scratch) };
    };
    const fresh = await read();
    expect(fresh.words.flat().map((w) => w.text)).toEqual(expect.arrayContaining(['Bread', '12.50']));
    const scratch = new FloatScratch();
    scratch.take(4_000_000).fill(5);
    expect(await read(scratch)).toEqual(fresh);
    // And again, the buffer now holding this page's own inputs.
    expect(await read(scratch)).toEqual(fresh);
  });
});
