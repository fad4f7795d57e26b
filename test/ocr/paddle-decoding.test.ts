/**
 * PaddleOCR's decoding on made-up model outputs: the characters a Latin document may read as, the
 * spaces the model hints at without emitting, and the word boxes derived from the time steps.
 */
import { describe, expect, it } from 'vitest';
import { createAlphabet, decodeLine } from '../../packages/ocr-onnx/src/ctc.js';
import { lineWords } from '../../packages/ocr-onnx/src/line-words.js';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';

// A dictionary like PaddleOCR's: Latin letters and digits, a full-width colon, a hanzi.
const alphabet = createAlphabet(['T', 'O', 'A', 'L', '1', '2', '：', '中', ''].join('\n'));
const CLASSES = alphabet.characters.length;
const SPACE = CLASSES - 1;

/** Steps × classes probabilities, each step putting `p` on one class and the rest on the blank. */
function output(steps: [string | number, number, number?][]): Float32Array {
  const data = new Float32Array(steps.length * CLASSES);
  steps.forEach(([what, p, space = 0], t) => {
    const index = typeof what === 'number' ? what : alphabet.characters.indexOf(what);
    data[t * CLASSES + index] = p;
    data[t * CLASSES] = data[t * CLASSES]! + 1 - p - space;
    data[t * CLASSES + SPACE] = data[t * CLASSES + SPACE]! + space;
  });
  return data;
}

describe('CTC decoding for Latin documents', () => {
  it('reads full-width forms as ASCII and never picks a hanzi', () => {
    expect(alphabet.characters).toContain(':');
    const hanzi = 8;
    expect(alphabet.characters[hanzi]).toBe('中');
    expect([...alphabet.allowed]).not.toContain(hanzi);
    // The hanzi wins the step, but the best allowed class there is the blank.
    const decoded = decodeLine(
      output([
        ['T', 0.9],
        [hanzi, 0.8],
        ['O', 0.9],
      ]),
      3,
      CLASSES,
      alphabet,
    );
    expect(decoded.map((c) => c.text).join('')).toBe('TO');
  });

  it('collapses repeats, keeps letters a blank separates, and puts a space where one was likely', () => {
    const steps: [string | number, number, number?][] = [
      ['T', 0.9],
      ['T', 0.9],
      [0, 0],
      ['O', 0.9],
      [0, 0, 0.2],
      [0, 0],
      ['1', 0.9],
      [0, 0],
      ['1', 0.9],
      [0, 0, 0.01],
    ];
    const decoded = decodeLine(output(steps), steps.length, CLASSES, alphabet);
    expect(decoded.map((c) => c.text).join('')).toBe('TO 11');
    expect(decoded.map((c) => c.step)).toEqual([0, 3, 4, 6, 8]);
  });
});

describe('words along a line', () => {
  const line = { x0: 100, y0: 50, x1: 500, y1: 80, stepWidth: 10 };
  const chars = (text: string, steps: number[]) =>
    [...text].map((c, i) => ({ text: c, step: steps[i]!, probability: 0.9 }));

  it('splits at spaces and at wide gaps, boxes from the first to the last character', () => {
    // "TOTAL" at steps 0-8 (pitch 2), a space, "12" at 12-14, then "1" far to the right.
    const decoded = chars('TOTAL 121', [0, 2, 4, 6, 8, 10, 12, 14, 30]);
    const words = lineWords(decoded, line);
    expect(words.map((w) => w.text)).toEqual(['TOTAL', '12', '1']);
    // Centres at x0 + (step + 0.5) × 10, widened by half the pitch (20 px) each side.
    expect(words[0]).toMatchObject({ x0: 100, y0: 50, x1: 195, y1: 80 });
    expect(words[1]).toMatchObject({ x0: 215, x1: 255 });
    expect(words[2]).toMatchObject({ x0: 395, x1: 415, confidence: 0.9 });
  });

  it('keeps words a narrow space apart apart, so that the line builder does not join them again', () => {
    // "SHOP" begins one pitch after the space: boxes widened by half a pitch would touch, and
    // touching boxes are one word to the line builder ("STATIONERYSHOP").
    // Pitch 2 steps (20 px): "C" centred at 145, "D" at 165, so widened boxes would meet at 155.
    const decoded = chars('ABC DEF G', [0, 2, 4, 5, 6, 8, 10, 11, 12]);
    const words = lineWords(decoded, line);
    expect(words.map((w) => w.text)).toEqual(['ABC', 'DEF', 'G']);
    for (let i = 1; i < words.length; i++) {
      expect(words[i]!.x0 - words[i - 1]!.x1).toBeCloseTo(0.15 * (line.y1 - line.y0));
      // Each box still covers its own characters' centres.
      expect(words[i]!.x0).toBeLessThan(line.x0 + (decoded.find((c) => c.text === words[i]!.text[0])!.step + 0.5) * 10);
    }
    const page = {
      number: 1,
      width: 600,
      height: 200,
      source: 'ocr' as const,
      words: words.map((w) => ({
        text: w.text,
        confidence: w.confidence,
        bbox: { x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 },
      })),
    };
    const [built] = buildLines({ mimeType: 'image/png', pages: [page], attachments: [] });
    expect(built!.text).toBe('ABC DEF G');
  });
});
