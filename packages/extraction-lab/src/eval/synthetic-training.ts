import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SyntheticFamily, SyntheticKind } from '../synthetic/generate.js';
import { findCorpus, type ReadEntry } from './evaluate-corpus.js';
import type { ReadCache } from './read-cache.js';

/**
 * Synthetic documents the learning uses beside the real ones, of two uses:
 *
 * - training (`intake-lab eval --synthetic-training`): text PDFs of the generator's `stranger`
 *   family (layouts the development corpora lack, see docs/extraction/synthetic.md), added to a
 *   ranker's training set. They are few beside the real documents (60 against 258, about a
 *   quarter), so that the real layouts keep deciding the weights (120 put one more wrong value in
 *   the folds' 0.9 bin). No fold scores them. The shipped weights do not use them: see
 *   docs/extraction/experiments.md.
 * - calibration (always, by `intake eval` and `npm run train:extraction`): documents of both
 *   families and all three kinds (text PDFs, photos, scans) that no ranker trains on and no rule
 *   was written on, scored by the ranker being calibrated; their outcomes join the real inner
 *   folds' in the calibration fit (ranking/calibrate-model.ts weighs them), so that it learns how
 *   sure to be on a stranger's documents as well as on the corpus's.
 *
 * Their seeds are reserved for learning: a measure on synthetic documents takes seeds outside
 * TRAINING_SEEDS, or it scores what a ranker learned from.
 */
export const SYNTHETIC_TRAINING = { family: 'stranger', kind: 'text', seed: 7001, count: 60 } as const;

interface SyntheticSet {
  family: SyntheticFamily;
  kind: SyntheticKind;
  seed: number;
  count: number;
}

/**
 * 16 documents of each family and kind (96, 64 of them read by OCR once, about 7 CPU minutes on
 * the 2-core machine, then cached).
 */
export const SYNTHETIC_CALIBRATION: readonly SyntheticSet[] = (['stranger', 'corpus'] as const).flatMap((family) =>
  (['text', 'photo', 'scan'] as const).map((kind) => ({ family, kind, seed: 7002, count: 16 })),
);

/** Seeds no measure may use: those the shipped ranker trained on. */
export const TRAINING_SEEDS = { from: 7000, to: 7099 } as const;

/** The folder a set's documents are written into (once; the generator is deterministic). */
export function syntheticSetDir(cacheDir: string, set: SyntheticSet): string {
  const { family, kind, seed, count } = set;
  return path.join(cacheDir, 'synthetic-training', `${family}-${kind}-${seed}-${count}`);
}

/** The folder of the training documents. */
export function syntheticTrainingDir(cacheDir: string): string {
  return syntheticSetDir(cacheDir, SYNTHETIC_TRAINING);
}

/** The synthetic training documents, written when absent and read through the cache. */
export async function syntheticTrainingReads(cache: ReadCache, cacheDir: string): Promise<ReadEntry[]> {
  return setReads(cache, cacheDir, SYNTHETIC_TRAINING, false);
}

/**
 * The synthetic calibration documents, written when absent and read through the cache; with
 * `cachedOnly` those not read before are left out (none is read by OCR).
 */
export async function syntheticCalibrationReads(
  cache: ReadCache,
  cacheDir: string,
  cachedOnly = false,
): Promise<ReadEntry[]> {
  const reads: ReadEntry[] = [];
  for (const set of SYNTHETIC_CALIBRATION) reads.push(...(await setReads(cache, cacheDir, set, cachedOnly)));
  return reads;
}

async function setReads(
  cache: ReadCache,
  cacheDir: string,
  set: SyntheticSet,
  cachedOnly: boolean,
): Promise<ReadEntry[]> {
  const dir = syntheticSetDir(cacheDir, set);
  if (!existsSync(path.join(dir, 'complete'))) {
    const { writeSyntheticCorpus } = await import('../synthetic/generate.js');
    await writeSyntheticCorpus({ out: dir, ...set });
    await writeFile(path.join(dir, 'complete'), '');
  }
  const reads: ReadEntry[] = [];
  for (const entry of await findCorpus(dir)) {
    const bytes = new Uint8Array(await readFile(entry.file));
    const read = cachedOnly ? await cache.peek(bytes) : await cache.read(bytes);
    if (read) reads.push({ entry, ...read, synthetic: true });
  }
  return reads;
}
