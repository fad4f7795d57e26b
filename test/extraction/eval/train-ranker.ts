/**
 * `npm run train:extraction`: trains the candidate ranker on all development data (dev, dev-large
 * and scans of their text PDFs) and writes packages/core/src/extraction/ranking/weights.json.
 * Documents are read through the eval's cache (OCR once per file). Training is deterministic
 * (full-batch gradient descent from zero weights, documents in sorted order): the same data gives
 * the same weights, so there is no random seed to keep. The confidence calibration stored with them
 * is fitted on out-of-fold predictions (4 folds by vendor and source, see learn-calibrated.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createTesseractReader, READING_REVISION } from '@intake/ocr-tesseract';
import { findCorpus, type ReadEntry } from '../../../daemon/src/cli/commands/evaluate-corpus.js';
import { trainCalibratedModel } from '../../../daemon/src/cli/commands/learn-calibrated.js';
import { examplesOf } from '../../../daemon/src/cli/commands/learn-ranker.js';
import { createReadCache, defaultCacheDir } from '../../../daemon/src/cli/commands/read-cache.js';
import { developmentCorpora, requireDevelopmentData } from './corpora.js';

const WEIGHTS = fileURLToPath(new URL('../../../packages/core/src/extraction/ranking/weights.json', import.meta.url));

requireDevelopmentData('npm run train:extraction');
const corpus = (await Promise.all((await developmentCorpora()).map(findCorpus))).flat();
const reader = createTesseractReader();
const cache = createReadCache(reader, defaultCacheDir(), `tesseract:${READING_REVISION}`);
const reads: ReadEntry[] = [];
try {
  for (const entry of corpus) reads.push({ entry, ...(await cache.read(new Uint8Array(await readFile(entry.file)))) });
} finally {
  await reader.close();
}
const lists = reads.flatMap(examplesOf);
const model = trainCalibratedModel(reads);
await writeFile(WEIGHTS, `${JSON.stringify(model, null, 1)}\n`);
console.log(`trained on ${reads.length} documents, ${lists.length} candidate lists; wrote ${WEIGHTS}`);
