import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { formatEvaluation, summarizeEvaluation } from '@intake/core';
import { createTesseractReader, READING_REVISION } from '@intake/ocr-tesseract';
import { crossValidate } from './cross-validate.js';
import { findCorpus, type ReadEntry } from './evaluate-corpus.js';
import { createProgress } from './progress.js';
import { createReadCache, defaultCacheDir } from './read-cache.js';
import { learnRanker } from './learn-ranker.js';

/**
 * `intake eval DIR...`: measures extraction and classification on labelled corpora (documents with
 * sibling `*.expected.json` files) by held-out folds, and prints accuracy tables or the numbers as
 * JSON. What each file reads as is cached by its hash, so that a second run is fast.
 */
export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description('Score extraction and classification on documents with sibling *.expected.json files, by held-out folds')
    .argument('<dirs...>', 'directories of documents and their expected values')
    .option('--json', 'print the summary and per-document scores as JSON')
    .option('--folds <k>', 'held-out folds (documents of one vendor or source stay in one fold)', '5')
    .option('--shipped', 'score with the shipped ranker weights instead of retraining per fold (not a held-out figure)')
    .option('--cache-dir <dir>', 'where read documents are cached by file hash', defaultCacheDir())
    .option('--no-cache', 'read every document afresh and cache nothing')
    .option('--cached-only', 'score only the documents already in the cache (quick iterations while a first pass runs)')
    .action(async (dirs: string[], opts: { json?: boolean; folds: string; shipped?: boolean; cacheDir: string; cache: boolean; cachedOnly?: boolean }) => {
      const k = Number(opts.folds);
      if (!Number.isInteger(k) || k < 2) throw new Error(`--folds must be an integer of at least 2, not ${opts.folds}`);
      const corpus = (await Promise.all(dirs.map(findCorpus))).flat();
      if (corpus.length === 0) throw new Error(`no documents with a sibling *.expected.json in ${dirs.join(', ')}`);
      const reader = createTesseractReader();
      const cache = createReadCache(reader, opts.cache ? opts.cacheDir : null, `tesseract:${READING_REVISION}`);
      const progress = createProgress(corpus.length);
      const reads: ReadEntry[] = [];
      try {
        for (const entry of corpus) {
          progress.tick(entry.file);
          const bytes = new Uint8Array(await readFile(entry.file));
          const read = opts.cachedOnly ? await cache.peek(bytes) : await cache.read(bytes);
          if (read) reads.push({ entry, ...read });
        }
      } finally {
        progress.done();
        await reader.close();
      }
      const documents = crossValidate(reads, k, opts.shipped ? null : learnRanker);
      const summary = summarizeEvaluation(documents);
      const heading = opts.shipped
        ? 'Scored with the shipped ranker (trained on these documents: not a held-out figure)'
        : `Held-out figures: ${k} folds by vendor and source, each scored by a ranker trained on the other folds`;
      process.stdout.write(opts.json ? `${JSON.stringify({ summary, documents })}\n` : `${formatEvaluation(summary, heading)}\n`);
    });
}
