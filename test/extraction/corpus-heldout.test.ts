import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrationGap } from '../../packages/extraction-lab/src/report/format-report.js';
import {
  summarizeEvaluation,
  type EvaluationSummary,
  type Tally,
} from '../../packages/extraction-lab/src/report/report.js';
import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';
import { sniffMimeType } from '@intake/core/jobs';
import { crossValidate } from '../../packages/extraction-lab/src/eval/cross-validate.js';
import { type ReadEntry } from '../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { openCorpus } from '../support/locked-split.js';
import { learnCalibratedRanker } from '../../packages/extraction-lab/src/eval/learn-calibrated.js';
import {
  createReadCache,
  defaultCacheDir,
  type CachedRead,
} from '../../packages/extraction-lab/src/eval/read-cache.js';
import { sharedCorpusReads } from '../support/corpus-reads.js';
import { DEV_CORPUS, HAS_CORPUS, NO_CORPUS_MESSAGE } from './corpus-location.js';
import { developmentCorpora, HAS_DEV_DATA } from '../../packages/extraction-lab/src/corpus/corpora.js';
import { readFile } from 'node:fs/promises';

/**
 * Held-out figures, the way `intake eval` computes them: documents grouped by vendor and source,
 * five folds, each scored by a ranker trained on the other four (its confidences calibrated on
 * inner folds of those four). The dev corpus's reads are those the other files that score it make
 * in the same run (test/support/corpus-reads.ts); the long run's go through the eval's cache
 * (~/.cache/intake-eval), so only its first run pays for OCR. The dev corpus runs by default; all
 * development data (dev, dev-large and scans of their PDFs, ~300 documents, many minutes of OCR
 * when not cached) only with INTAKE_EVAL_LONG=1.
 */
const rate = (t: Tally | undefined) => (t && t.total ? t.right / t.total : 0);
const LONG = process.env.INTAKE_EVAL_LONG === '1';

async function heldOut(
  dirs: string[],
  reader: TesseractReader,
  cache: { read(bytes: Uint8Array): Promise<CachedRead> },
): Promise<EvaluationSummary> {
  const reads: ReadEntry[] = [];
  for (const entry of (await Promise.all(dirs.map(openCorpus))).flat())
    reads.push({ entry, ...(await cache.read(new Uint8Array(await readFile(entry.file)))) });
  return summarizeEvaluation(crossValidate(reads, 5, learnCalibratedRanker));
}

describe.skipIf(!HAS_CORPUS)('held-out figures on the dev corpus', () => {
  let reader: TesseractReader;
  let summary: EvaluationSummary;
  beforeAll(async () => {
    reader = createTesseractReader();
    summary = await heldOut([DEV_CORPUS], reader, sharedCorpusReads(reader));
  }, 900_000);
  afterAll(() => reader?.close());

  it('gets at least 85% of the required fields right on documents of vendors it was not trained on', () => {
    expect(rate(summary.required)).toBeGreaterThanOrEqual(0.85);
    expect(rate(summary.kinds.pdf_text)).toBeGreaterThanOrEqual(0.9);
  });

  it('reports confidences within 10 points of the share right, and never high for a wrong majority', () => {
    expect(calibrationGap(summary)).toBeLessThanOrEqual(0.1);
    const high = summary.calibration.filter((b) => b.bucket >= 0.8);
    expect(
      rate({ right: high.reduce((n, b) => n + b.right, 0), total: high.reduce((n, b) => n + b.total, 0) }),
    ).toBeGreaterThanOrEqual(0.9);
  });
});

describe.skipIf(!LONG || !HAS_DEV_DATA)('held-out figures on all development data (INTAKE_EVAL_LONG=1)', () => {
  let reader: TesseractReader;
  let summary: EvaluationSummary;
  beforeAll(async () => {
    reader = createTesseractReader();
    const cache = createReadCache(reader, defaultCacheDir(), (bytes) => reader.revisionOf(sniffMimeType(bytes)));
    summary = await heldOut(await developmentCorpora(), reader, cache);
  }, 3_600_000);
  afterAll(() => reader?.close());

  it('holds the figures docs/extraction/README.md reports', () => {
    expect(rate(summary.kinds.pdf_text)).toBeGreaterThanOrEqual(0.9);
    expect(rate(summary.classification)).toBeGreaterThanOrEqual(0.97);
    expect(rate(summary.kinds.scan)).toBeGreaterThanOrEqual(0.8);
    // Measured 3.4 to 4.6 points as features changed (7.1 before held-out calibration); the target is 5.
    expect(calibrationGap(summary)).toBeLessThanOrEqual(0.05);
  });
});

if (!HAS_CORPUS) it.skip(NO_CORPUS_MESSAGE, () => undefined);
if (HAS_CORPUS && !LONG)
  console.error(
    'held-out figures on all development data skipped: set INTAKE_EVAL_LONG=1 (minutes of OCR unless cached)',
  );
