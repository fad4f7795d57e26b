/**
 * PaddleOCR's decoding on made-up model outputs: the characters a Latin document may read as, the
 * spaces the model hints at without emitting, and the word boxes derived from the time steps.
 */
import { describe, expect, it } from 'vitest';
import { createAlphabet, decodeLine } from '../../packages/ocr-onnx/src/ctc.js';
import { lineWords } from '../../packages/ocr-onnx/src/line-words.js';
import { InkProfile } from '../../packages/ocr-onnx/src/recognize.js';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';

// A dictionary like PaddleOCR's: Latin letters and digits, a full-width colon, a hanzi, punctuation.
const alphabet = createAlphabet(['T', 'O', 'A', 'L', '1', '2', '：', '中', '.', ',', ''].join('\n'));
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

describe('a weak space where the line image shows a gap', () => {
  // "T", a blank step whose space probability is `p`, then "O" (or another character).
  const decode = (p: number, gap: number, next = 'O') =>
    decodeLine(
      output([
        ['T', 0.9],
        [0, 0, p],
        [next, 0.9],
      ]),
      3,
      CLASSES,
      alphabet,
      () => gap,
    )
      .map((c) => c.text)
      .join('');

  it('splits at a space probability from 0.02 on when blank columns of 0.3 line heights stand between', () => {
    expect(decode(0.03, 0.5)).toBe('T O');
    expect(decode(0.03, 0.2)).toBe('TO');
    expect(decode(0.01, 0.9)).toBe('TO');
    // A likely space needs no gap, as before.
    expect(decode(0.2, 0)).toBe('T O');
  });

  it('never splits before a digit on the gap alone ("9.90": a decimal point leaves blank columns)', () => {
    expect(decode(0.03, 0.5, '1')).toBe('T1');
    expect(decode(0.2, 0, '1')).toBe('T 1');
  });

  it('measures the widest run of blank columns between two positions, in line heights', () => {
    // 40 columns, 48 rows: ink in columns 0-9 and 30-39, paper in 10-29.
    const ink = new InkProfile(40);
    for (let x = 0; x < 40; x++)
      for (let y = 0; y < 48; y++) ink.add(x, (x < 10 || x >= 30) && y > 10 && y < 30 ? 20 : 235);
    const gap = ink.whiteGaps();
    expect(gap(0, 40)).toBeCloseTo(20 / 48);
    expect(gap(0, 15)).toBeCloseTo(5 / 48);
    expect(gap(0, 10)).toBe(0);
  });
});

describe('a space after a decimal point', () => {
  // A character, a blank step whose space probability is 0.8, a second character, a third.
  const decode = (first: string, second: string, third: string) => {
    const steps: [string | number, number, number?][] = [
      [first, 0.9],
      [second, 0.9],
      [0, 0, 0.8],
      [third, 0.9],
    ];
    return decodeLine(output(steps), steps.length, CLASSES, alphabet)
      .map((c) => c.text)
      .join('');
  };

  it('is none between a digit\'s point and a digit, however likely ("39. 90")', () => {
    expect(decode('1', '.', '2')).toBe('1.2');
  });

  it("stays after a letter's full stop, after a comma, and before a letter", () => {
    expect(decode('T', '.', '2')).toBe('T. 2');
    expect(decode('1', ',', '2')).toBe('1, 2');
    expect(decode('1', '.', 'T')).toBe('1. T');
  });

  it('does not split a number at the wide step CTC often leaves after the point', () => {
    const line = { x0: 100, y0: 50, x1: 500, y1: 80, stepWidth: 10 };
    const at = (text: string, steps: number[]) =>
      [...text].map((c, i) => ({ text: c, step: steps[i]!, probability: 0.9 }));
    // Pitch 2 steps; 7 steps between the point and the next digit would split any other pair.
    expect(lineWords(at('1.21', [0, 1, 8, 10]), line).map((w) => w.text)).toEqual(['1.21']);
    expect(lineWords(at('T.21', [0, 1, 8, 10]), line).map((w) => w.text)).toEqual(['T.', '21']);
    expect(lineWords(at('1,21', [0, 1, 8, 10]), line).map((w) => w.text)).toEqual(['1,', '21']);
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
