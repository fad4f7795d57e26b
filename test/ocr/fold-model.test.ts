/**
 * The PP-OCRv4 models folded at load (@intake/ocr-onnx's fold-model.ts): the same outputs from fewer
 * operations, on the models the package ships, run by onnxruntime on small inputs; the wire format
 * round-trips untouched bytes and refuses truncated ones.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldModel } from '../../packages/ocr-onnx/src/fold-model.js';
import { PP_OCR_V4 } from '../../packages/ocr-onnx/src/models.js';
import { createSession, Tensor } from '../../packages/ocr-onnx/src/pipeline.js';
import { decodeMessage, encodeMessage, texts } from '../../packages/ocr-onnx/src/protobuf.js';

const MODELS = {
  detection: { file: PP_OCR_V4.detection, dims: [1, 3, 96, 128] },
  recognition: { file: PP_OCR_V4.recognition, dims: [2, 3, 48, 96] },
};

/** Operation types of a model's graph nodes, counted. */
function operations(model: Uint8Array): Map<string, number> {
  const graph = decodeMessage(decodeMessage(model).find((f) => f.field === 7)!.value as Uint8Array);
  const counts = new Map<string, number>();
  for (const node of graph.filter((f) => f.field === 1)) {
    const op = texts(decodeMessage(node.value as Uint8Array), 4)[0]!;
    counts.set(op, (counts.get(op) ?? 0) + 1);
  }
  return counts;
}

async function run(model: Uint8Array, dims: number[], input: Float32Array): Promise<Float32Array> {
  const session = await createSession(model);
  try {
    const output = await session.run({ [session.inputNames[0]!]: new Tensor('float32', input, dims) });
    return output[session.outputNames[0]!]!.data as Float32Array;
  } finally {
    await session.release();
  }
}

describe('folding the PP-OCRv4 models', () => {
  for (const [name, { file, dims }] of Object.entries(MODELS)) {
    it(`gives the ${name} model's outputs with its affine blocks and hard-swishes folded`, async () => {
      const original = new Uint8Array(readFileSync(file));
      const folded = foldModel(original);
      const before = operations(original);
      const after = operations(folded);
      // Every hard-swish's clip and division are gone; the affine blocks' Mul and Add mostly.
      expect(before.get('Clip')).toBeGreaterThan(20);
      expect(after.get('Clip') ?? 0).toBe(0);
      expect(after.get('Mul')!).toBeLessThan(before.get('Mul')! * 0.7);
      expect(after.get('Add')!).toBeLessThan(before.get('Add')! * 0.5);
      expect(after.get('Conv')).toBe(before.get('Conv'));

      let seed = 7;
      const input = new Float32Array(dims.reduce((a, b) => a * b, 1)).map(
        () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1,
      );
      const expected = await run(original, dims, input);
      const actual = await run(folded, dims, input);
      expect(actual.length).toBe(expected.length);
      let largest = 0;
      for (let i = 0; i < actual.length; i++) largest = Math.max(largest, Math.abs(actual[i]! - expected[i]!));
      expect(largest).toBeLessThan(1e-4);
    });
  }

  it('writes back the fields it does not edit byte for byte', () => {
    const original = new Uint8Array(readFileSync(MODELS.detection.file));
    expect(Buffer.from(encodeMessage(decodeMessage(original))).equals(original)).toBe(true);
  });

  it('refuses a truncated model with a clear error', () => {
    const original = new Uint8Array(readFileSync(MODELS.detection.file));
    expect(() => foldModel(original.subarray(0, 1000))).toThrow(/Truncated protobuf/);
  });
});
