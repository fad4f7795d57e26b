/**
 * Text recognition (PP-OCRv4's SVTR recogniser): each line cropped from the full-resolution page,
 * scaled to 48 pixels high, and run in batches of lines of similar proportions (less padding),
 * each padded to the widest in its batch. PaddleOCR pads every batch to at least 320 pixels, the
 * width it trained on; receipts' lines are mostly one word or amount, and that padding would be work
 * on nothing (on one photo the CPU was the same within the noise of a loaded machine either way).
 */
import type { Tensor as TensorType } from 'onnxruntime-node';
import { decodeLine, type Alphabet } from './ctc.js';
import type { LineBox, ModelSession } from './detect.js';
import { resample, type GreyImage } from './grey-image.js';
import { lineWords, type RecognizedWord } from './line-words.js';

const HEIGHT = 48;
/** The recogniser emits one time step per 8 input pixels. */
const STEP = 8;

export interface RecognitionOptions {
  /** Lines per model run. */
  batchSize: number;
  /** Widest line input, in pixels at height 48; longer lines are squeezed to it. */
  maxWidth: number;
}

/**
 * How far a line is read again past the right end of the detector's box, in line heights. The
 * detector's regions end at the last letter's body: a final dot or closing bracket, small and set a
 * little apart, falls outside ("SDN. BHD." was read "SDN. BHD").
 */
const TRAIL = 0.15;
/** What a second reading may add at a line's end: a stop or closing brackets. */
const TRAILING_MARKS = /^[.)\]]{1,2}$/u;

/**
 * Every line read once as the detector boxed it; then each line with ink just past its right end
 * is read again with that strip included, and the second reading is taken only when it is the first
 * plus a stop or bracket. The recogniser mixes context along the whole line, so a wider crop may
 * change any letter of it; only the mark at its end is taken from the second reading.
 */
export async function recognizeLines(
  session: ModelSession,
  Tensor: typeof TensorType,
  image: GreyImage,
  lines: readonly LineBox[],
  alphabet: Alphabet,
  options: RecognitionOptions,
): Promise<RecognizedWord[][]> {
  const reader: LineReader = { session, Tensor, image, alphabet, options };
  const results = await readLines(reader, lines);
  const again = lines.flatMap((line, index) => {
    const x1 = Math.min(image.width, line.x1 + TRAIL * (line.y1 - line.y0));
    return x1 - line.x1 >= 1 && inkPast(image, line, x1) ? [{ index, box: { ...line, x1 } }] : [];
  });
  if (again.length === 0) return results;
  const reread = await readLines(
    reader,
    again.map((a) => a.box),
  );
  again.forEach(({ index }, k) => {
    const first = results[index]!.map((w) => w.text).join(' ');
    const second = reread[k]!.map((w) => w.text).join(' ');
    if (first !== '' && second.startsWith(first) && TRAILING_MARKS.test(second.slice(first.length))) {
      results[index] = reread[k]!;
    }
  });
  return results;
}

/**
 * Whether the strip from the box's right end to `x1` holds ink: a pixel darker than halfway from
 * the line's ink (its 3rd percentile) to its paper (its 60th), sampled on a grid of about 2 000.
 */
function inkPast(image: GreyImage, line: LineBox, x1: number): boolean {
  const [y0, y1] = [Math.max(0, Math.floor(line.y0)), Math.min(image.height, Math.ceil(line.y1))];
  const [x0, xEnd] = [Math.max(0, Math.floor(line.x0)), Math.min(image.width, Math.ceil(line.x1))];
  if (y1 <= y0 || xEnd <= x0) return false;
  const step = Math.max(1, Math.floor(Math.sqrt(((xEnd - x0) * (y1 - y0)) / 2000)));
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < xEnd; x += step) {
      histogram[image.pixels[y * image.width + x]!]!++;
      count++;
    }
  const ink = percentile(histogram, count, 0.03);
  const threshold = ink + 0.5 * (percentile(histogram, count, 0.6) - ink);
  for (let y = y0; y < y1; y++)
    for (let x = xEnd; x < Math.min(image.width, Math.ceil(x1)); x++)
      if (image.pixels[y * image.width + x]! < threshold) return true;
  return false;
}

/** What reading lines needs besides the lines: the model, the page, the alphabet, the options. */
interface LineReader {
  session: ModelSession;
  Tensor: typeof TensorType;
  image: GreyImage;
  alphabet: Alphabet;
  options: RecognitionOptions;
}

async function readLines(reader: LineReader, lines: readonly LineBox[]): Promise<RecognizedWord[][]> {
  const { session, Tensor, image, alphabet, options } = reader;
  const widths = lines.map((l) =>
    Math.max(1, Math.min(options.maxWidth, Math.ceil((HEIGHT * (l.x1 - l.x0)) / (l.y1 - l.y0)))),
  );
  const order = lines.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const results: RecognizedWord[][] = Array.from({ length: lines.length }, () => []);
  for (let start = 0; start < order.length; start += options.batchSize) {
    const batch = order.slice(start, start + options.batchSize);
    const width = Math.ceil(Math.max(...batch.map((i) => widths[i]!)) / STEP) * STEP;
    const plane = HEIGHT * width;
    // Zero is mid-grey after normalisation, the padding PaddleOCR uses.
    const input = new Float32Array(batch.length * 3 * plane);
    const gaps = batch.map((lineIndex, b) => {
      const line = lines[lineIndex]!;
      const region = { x: line.x0, y: line.y0, width: line.x1 - line.x0, height: line.y1 - line.y0 };
      const offset = b * 3 * plane;
      const ink = new InkProfile(widths[lineIndex]!);
      resample(image, region, widths[lineIndex]!, HEIGHT, (x, y, value) => {
        const v = value / 127.5 - 1;
        const at = offset + y * width + x;
        input[at] = v;
        input[at + plane] = v;
        input[at + 2 * plane] = v;
        ink.add(x, value);
      });
      return ink.whiteGaps();
    });
    const feeds = { [session.inputNames[0]!]: new Tensor('float32', input, [batch.length, 3, HEIGHT, width]) };
    const output = (await session.run(feeds))[session.outputNames[0]!]!;
    const [, steps, classes] = output.dims as [number, number, number];
    const data = output.data as Float32Array;
    batch.forEach((lineIndex, b) => {
      const line = lines[lineIndex]!;
      const probabilities = data.subarray(b * steps * classes, (b + 1) * steps * classes);
      const white = gaps[b]!;
      const characters = decodeLine(probabilities, steps, classes, alphabet, (from, to) =>
        white(((from + 0.5) * width) / steps, ((to + 0.5) * width) / steps),
      );
      const stepWidth = ((width / steps) * (line.x1 - line.x0)) / widths[lineIndex]!;
      results[lineIndex] = lineWords(characters, { ...line, stepWidth });
    });
    output.dispose();
  }
  return results;
}

/**
 * Where a line's image is blank: the darkest value of each column of the 48-pixel-high line input,
 * against the line's ink (3rd percentile of its pixels) and paper (60th percentile); a column is
 * blank when its darkest pixel is lighter than 60% of the way from ink to paper.
 */
export class InkProfile {
  private readonly darkest: Uint8Array;
  private readonly histogram = new Uint32Array(256);
  private count = 0;

  constructor(width: number) {
    this.darkest = new Uint8Array(width).fill(255);
  }

  add(x: number, value: number): void {
    const v = Math.max(0, Math.min(255, Math.round(value)));
    if (v < this.darkest[x]!) this.darkest[x] = v;
    this.histogram[v]!++;
    this.count++;
  }

  /** The widest run of blank columns between two input x positions, in line heights. */
  whiteGaps(): (from: number, to: number) => number {
    const ink = percentile(this.histogram, this.count, 0.03);
    const threshold = ink + 0.6 * (percentile(this.histogram, this.count, 0.6) - ink);
    const blank = this.darkest.map((v) => (v > threshold ? 1 : 0));
    return (from, to) => {
      let run = 0;
      let widest = 0;
      for (let x = Math.max(0, Math.floor(from)); x < Math.min(blank.length, Math.ceil(to)); x++) {
        run = blank[x] ? run + 1 : 0;
        widest = Math.max(widest, run);
      }
      return widest / HEIGHT;
    };
  }
}

/** The grey value under which `share` of the `count` pixels of a 256-bin histogram lie. */
function percentile(histogram: Uint32Array, count: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen > share * count) return v;
  }
  return 255;
}
