/**
 * `npx tsx --conditions=@intake/source --tsconfig tsconfig.json packages/extraction-lab/src/scripts/reading-spike.ts '<options JSON>' [every] [engine]`:
 * reads the development photos (every n-th one, for quick comparisons) with the given reader options
 * (image preparation, page segmentation mode) and OCR engine (`tesseract`, the default, or `paddle`:
 * @intake/ocr-onnx; `paddle:<options JSON>` with createPaddleOcr's options) and prints, per field, how many expected values are in
 * the read text, how many come out right by held-out folds over the photos alone, and the CPU seconds
 * per page of the reads it did afresh and the process' peak resident memory. Reads are cached per options, as `intake eval` caches them.
 */
import { readFile } from 'node:fs/promises';
import { formatEvaluation } from '../report/format-report.js';
import { summarizeEvaluation } from '../report/report.js';

import { createPaddleOcr, type PaddleOcrOptions } from '@intake/ocr-onnx';
import { createTesseractReader, type TesseractReaderOptions } from '@intake/ocr-tesseract';
import { crossValidate } from '../eval/cross-validate.js';
import { findCorpus, type ReadEntry } from '../eval/evaluate-corpus.js';
import { learnRanker } from '../eval/learn-ranker.js';
import { createReadCache, defaultCacheDir } from '../eval/read-cache.js';
import { DEV_DIRS, requireDevelopmentData } from '../corpus/corpora.js';

requireDevelopmentData('reading-spike');
const options = JSON.parse(process.argv[2] ?? '{}') as TesseractReaderOptions;
const every = Number(process.argv[3] ?? 1);
const photos = (await Promise.all(DEV_DIRS.map(findCorpus))).flat().filter((e) => e.expected.kind === 'image');
const chosen = photos.filter((_, i) => i % every === 0);
const [engineName, engineOptions] = (process.argv[4] ?? '').split(/:(.*)/s);
const engine =
  engineName === 'paddle' ? createPaddleOcr(JSON.parse(engineOptions || '{}') as PaddleOcrOptions) : undefined;
const reader = createTesseractReader({ ...options, engine });
const tag = Object.keys(options).length ? `${reader.revision}:${JSON.stringify(options)}` : reader.revision;
const cache = createReadCache(reader, defaultCacheDir(), tag);
const reads: ReadEntry[] = [];
let freshPages = 0;
let freshSeconds = 0;
const cpu = process.cpuUsage();
try {
  for (const entry of chosen) {
    const bytes = new Uint8Array(await readFile(entry.file));
    const cached = await cache.peek(bytes);
    const read = cached ?? (await cache.read(bytes));
    if (!cached) {
      freshPages += read.document?.pages.length ?? 1;
      freshSeconds += read.seconds;
    }
    reads.push({ entry, ...read });
  }
} finally {
  await reader.close();
}
const used = process.cpuUsage(cpu);
const summary = summarizeEvaluation(crossValidate(reads, 5, learnRanker));
console.log(
  formatEvaluation(
    summary,
    `${chosen.length} photos, ${engine ? 'PaddleOCR' : 'tesseract'}, options ${JSON.stringify(options)}, held out over the photos alone (5 folds)`,
  ),
);
if (freshPages) {
  console.log(
    `fresh reads: ${freshPages} pages, ${(freshSeconds / freshPages).toFixed(2)} s/page by clock, ${((used.user + used.system) / 1e6 / freshPages).toFixed(2)} CPU s/page, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
}
