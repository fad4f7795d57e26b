import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';
import { crossValidate, foldsOf, type Learn } from '../../packages/extraction-lab/src/eval/cross-validate.js';
import type { ReadEntry } from '../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { trainCalibratedModel } from '../../packages/extraction-lab/src/eval/learn-calibrated.js';
import { examplesOf } from '../../packages/extraction-lab/src/eval/learn-ranker.js';
import { createReadCache } from '../../packages/extraction-lab/src/eval/read-cache.js';
import {
  SYNTHETIC_TRAINING,
  syntheticTrainingReads,
  TRAINING_SEEDS,
} from '../../packages/extraction-lab/src/eval/synthetic-training.js';

/**
 * The ranker's synthetic training documents: the training set is written from the seeds reserved
 * for training, read as text PDFs and labelled; each fold trains on them and on the other folds,
 * never on its own documents, and no synthetic document is scored.
 */
let reader: TesseractReader;
let dir: string;
let synthetic: ReadEntry[];

beforeAll(async () => {
  reader = createTesseractReader({ workers: 1, pdfBudget: { stepTimeoutMs: 120_000 } });
  dir = await mkdtemp(path.join(os.tmpdir(), 'intake-synthetic-training-'));
  synthetic = await syntheticTrainingReads(createReadCache(reader, dir, 'test'), dir);
}, 600_000);

afterAll(async () => {
  await reader?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A real-corpus-shaped document of `vendor` (unread: the folds only need its labels). */
function realEntry(vendor: string, i: number): ReadEntry {
  return {
    entry: {
      file: `/corpus/${vendor}-${i}.pdf`,
      expected: { document_type: 'invoice', fields: { vendor_name: vendor } },
    },
    document: null,
    seconds: 0,
  };
}

describe('synthetic training documents', () => {
  it('are the stranger text PDFs of the reserved training seeds, read and labelled', () => {
    expect(synthetic).toHaveLength(SYNTHETIC_TRAINING.count);
    expect(SYNTHETIC_TRAINING.seed).toBeGreaterThanOrEqual(TRAINING_SEEDS.from);
    expect(SYNTHETIC_TRAINING.seed).toBeLessThanOrEqual(TRAINING_SEEDS.to);
    for (const read of synthetic) {
      expect(read.synthetic).toBe(true);
      expect(read.entry.expected.source).toMatch(
        new RegExp(`^intake-synthetic:stranger-seed-${SYNTHETIC_TRAINING.seed}/`),
      );
      expect(read.document?.pages.every((p) => p.source !== 'ocr')).toBe(true);
      // Invoices and orders as the set always held: the family's receipts are not drawn into it.
      expect(read.entry.expected.document_type).not.toBe('receipt');
    }
    // Every document gives the ranker labelled candidate lists with a right candidate to learn from.
    const right = synthetic.filter((read) => examplesOf(read).some((list) => list.correct.includes(true)));
    expect(right.length).toBe(synthetic.length);
  });

  it("are in every fold's training set, which never holds the fold's own documents, and are never scored", () => {
    const reads = ['Acme', 'Birch', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Garnet'].flatMap((v) =>
      [0, 1].map((i) => realEntry(v, i)),
    );
    const folds = foldsOf(reads, 5);
    const trainingSets: ReadEntry[][] = [];
    const learn: Learn = (training) => {
      trainingSets.push(training);
      return {};
    };
    const scored = crossValidate(reads, 5, learn, {}, synthetic);
    expect(trainingSets).toHaveLength(5);
    trainingSets.forEach((training, fold) => {
      for (const read of synthetic) expect(training).toContain(read);
      const own = reads.filter((_, i) => folds[i]!.fold === fold);
      for (const read of own) expect(training).not.toContain(read);
      expect(training).toHaveLength(reads.length - own.length + synthetic.length);
    });
    expect(scored.map((d) => d.file).sort()).toEqual(reads.map((r) => r.entry.file).sort());
  });

  it("train the ranker but never stand among the calibration's held-out points", () => {
    // The same documents taken as real ones give the curves their held-out points; as synthetic
    // ones they train the ranker and leave the calibration nothing to fit.
    const asReal = synthetic.map(({ synthetic: _, ...read }) => read);
    expect(Object.keys(trainCalibratedModel(asReal).calibration ?? {}).length).toBeGreaterThan(0);
    const model = trainCalibratedModel(synthetic);
    expect(Object.keys(model.families).length).toBeGreaterThan(0);
    expect(model.calibration).toEqual({});
  });
});
