/**
 * `npm run train:extraction`: trains the candidate ranker on the development data (dev, dev-large,
 * dev-xl and scans of their text PDFs) less the locked test split (locked-split.txt), and writes packages/core/src/extraction/ranking/weights.json.
 * Documents are read through the eval's cache (OCR once per file). Training is deterministic
 * (full-batch gradient descent from zero weights, documents in sorted order): the same data gives
 * the same weights, so there is no random seed to keep. The confidence calibration stored with them
 * is fitted on out-of-fold predictions (4 folds by vendor and source, see learn-calibrated.ts).
 * The reads are those the product makes by default (the daemon's and `intake eval`'s defaults):
 * PaddleOCR for images, tesseract for PDFs and scanned pages, so the shipped weights rank the
 * words they will be given. `OCR_ENGINE=tesseract` (or `OCR_ENGINE_PAGES=scans`) trains on what the
 * daemon reads with those settings instead.
 */
import { LAB_PDF_BUDGET } from '../eval/read-cache.js';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sniffMimeType } from '@intake/core/jobs';
import { findCorpus, type ReadEntry } from '../eval/evaluate-corpus.js';
import { partitionLocked, readLockedList } from '../eval/locked-split.js';
import { trainCalibratedModel } from '../eval/learn-calibrated.js';
import { examplesOf } from '../eval/learn-ranker.js';
import { createReadCache, defaultCacheDir } from '../eval/read-cache.js';
import { createReader } from '@intake/daemon/reader';
import { developmentCorpora, LOCKED_LIST_FILE, requireDevelopmentData } from '../corpus/corpora.js';

const WEIGHTS = fileURLToPath(new URL('../../../core/src/extraction/ranking/weights.json', import.meta.url));

requireDevelopmentData('npm run train:extraction');
const locked = await readLockedList(LOCKED_LIST_FILE);
const corpus = partitionLocked((await Promise.all((await developmentCorpora()).map(findCorpus))).flat(), locked).open;
const reader = createReader({
  engine: process.env.OCR_ENGINE === 'tesseract' ? 'tesseract' : 'paddle',
  pages: process.env.OCR_ENGINE_PAGES === 'scans' ? 'scans' : 'images',
  ...(process.env.OCR_LANGUAGES ? { languages: process.env.OCR_LANGUAGES.split('+') } : {}),
  pdfBudget: LAB_PDF_BUDGET,
});
const cache = createReadCache(reader, defaultCacheDir(), (bytes) => reader.revisionOf(sniffMimeType(bytes)));
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
