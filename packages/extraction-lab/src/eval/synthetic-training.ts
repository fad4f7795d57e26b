import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findCorpus, type ReadEntry } from './evaluate-corpus.js';
import type { ReadCache } from './read-cache.js';

/**
 * Synthetic documents a ranker can train on beside the real ones (`intake-lab eval
 * --synthetic-training`): text PDFs of the generator's `stranger` family (layouts the development
 * corpora lack, see docs/extraction/synthetic.md). Their seeds are reserved for training: a measure
 * on synthetic documents takes seeds outside TRAINING_SEEDS, or it scores what a ranker learned
 * from. They are few beside the real documents (60 against 258, about a quarter), so that the real
 * layouts keep deciding the weights (120 put one more wrong value in the folds' 0.9 bin). They only
 * ever add to a training set: no fold scores them, and the confidence calibration is fitted on real
 * held-out documents alone (learn-calibrated.ts). The shipped weights do not use them: see
 * docs/extraction/experiments.md. Invoices and orders only (`invoice-or-order`): the set, and the
 * folder it is cached in, stay as they were before the family drew receipts; one page each (`pages:
 * false`), as before the family drew tables over several pages; no letter-spaced print (`tracking:
 * false`), as before the family drew it.
 */
export const SYNTHETIC_TRAINING = {
  family: 'stranger',
  kind: 'text',
  seed: 7001,
  count: 60,
  type: 'invoice-or-order',
  pages: false,
  tracking: false,
} as const;

/** Seeds no measure may use: those the shipped ranker trained on. */
export const TRAINING_SEEDS = { from: 7000, to: 7099 } as const;

/** The folder the training documents are written into (once; the generator is deterministic). */
export function syntheticTrainingDir(cacheDir: string): string {
  const { family, kind, seed, count } = SYNTHETIC_TRAINING;
  return path.join(cacheDir, 'synthetic-training', `${family}-${kind}-${seed}-${count}`);
}

/** The synthetic training documents, written when absent and read through the cache. */
export async function syntheticTrainingReads(cache: ReadCache, cacheDir: string): Promise<ReadEntry[]> {
  const dir = syntheticTrainingDir(cacheDir);
  if (!existsSync(path.join(dir, 'complete'))) {
    const { writeSyntheticCorpus } = await import('../synthetic/generate.js');
    await writeSyntheticCorpus({ out: dir, ...SYNTHETIC_TRAINING });
    await writeFile(path.join(dir, 'complete'), '');
  }
  const reads: ReadEntry[] = [];
  for (const entry of await findCorpus(dir))
    reads.push({ entry, ...(await cache.read(new Uint8Array(await readFile(entry.file)))), synthetic: true });
  return reads;
}
