import { LAB_PDF_BUDGET } from './read-cache.js';
import { readFile } from 'node:fs/promises';
import { sniffMimeType } from '@intake/core/jobs';
import { createProgress, splitLanguages } from '@intake/daemon/cli-options';
import { createReader, type OcrEngineName, type OcrEnginePages } from '@intake/daemon/reader';
import { formatDirectories, formatEvaluation, type DirectorySummary } from '../report/format-report.js';
import { summarizeEvaluation, type EvaluationSummary } from '../report/report.js';
import { formatScanPairs, pairScans } from '../report/scan-pairs.js';
import { crossValidate, type Learn } from './cross-validate.js';
import { evaluateRead, findCorpus, type ReadEntry } from './evaluate-corpus.js';
import { partitionLocked, readLockedList } from './locked-split.js';
import { createReadCache } from './read-cache.js';
import { learnCalibratedRanker } from './learn-calibrated.js';
import { learnRanker } from './learn-ranker.js';
import { SYNTHETIC_TRAINING, syntheticTrainingReads } from './synthetic-training.js';

/** The options of `intake eval`. */
export interface EvalOptions {
  json?: boolean;
  folds: string;
  shipped?: boolean;
  cacheDir: string;
  cache: boolean;
  cachedOnly?: boolean;
  /** Commander's negation of `--no-calibration`: false scores each fold's ranker uncalibrated. */
  calibration: boolean;
  /** The OCR engine for images (and scanned pages with `ocrPages: 'scans'`). */
  ocrEngine: OcrEngineName;
  ocrPages: OcrEnginePages;
  /** Tesseract's languages joined by "+" (`--ocr-languages`, OCR_LANGUAGES). */
  ocrLanguages: string;
  /** Languages a page is read again in, joined by "+" (`--ocr-other-languages`, OCR_OTHER_LANGUAGES; `none`). */
  ocrOtherLanguages: string;
  /** A list of documents set aside from the folds (see locked-split.ts). */
  locked?: string;
  /** Commander's negation of `--no-plausibility`: false scores without the plausibility checks. */
  plausibility: boolean;
  /** Commander's negation of `--no-evidence-caps`: false scores without the evidence caps. */
  evidenceCaps: boolean;
  /** Score the locked documents too, as a whole, with the ranker trained on all the others. */
  scoreLocked?: boolean;
  /** Add the synthetic training documents (synthetic-training.ts) to every fold's training set. */
  syntheticTraining?: boolean;
}

/** The body of `intake eval DIR...` (loaded when the command runs: see eval.ts). */
export async function runEval(dirs: string[], opts: EvalOptions): Promise<void> {
  const k = Number(opts.folds);
  if (!Number.isInteger(k) || k < 2) throw new Error(`--folds must be an integer of at least 2, not ${opts.folds}`);
  if (opts.scoreLocked && !opts.locked) throw new Error('--score-locked needs --locked FILE');
  const all = await Promise.all(dirs.map(findCorpus));
  const lockedList = opts.locked ? await readLockedList(opts.locked) : new Set<string>();
  const { locked: lockedEntries } = partitionLocked(all.flat(), lockedList);
  const lockedFiles = new Set(lockedEntries.map((e) => e.file));
  const perDir = all.map((entries) => entries.filter((e) => !lockedFiles.has(e.file)));
  const corpus = perDir.flat();
  if (corpus.length === 0) throw new Error(`no documents with a sibling *.expected.json in ${dirs.join(', ')}`);
  const toRead = opts.scoreLocked ? [...corpus, ...lockedEntries] : corpus;
  const reader = createReader({
    engine: opts.ocrEngine,
    pages: opts.ocrPages,
    languages: opts.ocrLanguages.split('+'),
    otherLanguages: splitLanguages(opts.ocrOtherLanguages),
    pdfBudget: LAB_PDF_BUDGET,
  });
  const cache = createReadCache(reader, opts.cache ? opts.cacheDir : null, (bytes) =>
    reader.revisionOf(sniffMimeType(bytes)),
  );
  const progress = createProgress(toRead.length);
  const reads: ReadEntry[] = [];
  const synthetic: ReadEntry[] = [];
  try {
    for (const entry of toRead) {
      progress.tick(entry.file);
      const bytes = new Uint8Array(await readFile(entry.file));
      const read = opts.cachedOnly ? await cache.peek(bytes) : await cache.read(bytes);
      if (read) reads.push({ entry, ...read });
    }
    // Text PDFs, read by their text layer: cheap to read even with --cached-only.
    if (opts.syntheticTraining && !opts.shipped)
      synthetic.push(...(await syntheticTrainingReads(cache, opts.cacheDir)));
  } finally {
    progress.done();
    await reader.close();
  }
  const lockedReads = reads.filter((r) => lockedFiles.has(r.entry.file));
  const openReads = reads.filter((r) => !lockedFiles.has(r.entry.file));
  const learn = opts.shipped ? null : opts.calibration ? learnCalibratedRanker : learnRanker;
  const extra = { plausibility: opts.plausibility, evidenceCaps: opts.evidenceCaps };
  const documents = crossValidate(openReads, k, learn, extra, synthetic);
  const summary = summarizeEvaluation(documents);
  // Several directories: each one's documents are summarized apart as well.
  const directories: DirectorySummary[] =
    dirs.length < 2
      ? []
      : dirs.map((dir, i) => {
          const files = new Set(perDir[i]!.map((e) => e.file));
          return { dir, summary: summarizeEvaluation(documents.filter((d) => files.has(d.file))) };
        });
  const heading = opts.shipped
    ? 'Scored with the shipped ranker (trained on these documents: not a held-out figure)'
    : `Held-out figures: ${k} folds by vendor and source, each scored by a ranker trained on the other folds${
        opts.calibration ? ' (its confidences calibrated on inner folds of those)' : ' (uncalibrated)'
      }${
        synthetic.length
          ? ` plus ${synthetic.length} synthetic ${SYNTHETIC_TRAINING.family} text PDFs (never scored)`
          : ''
      }${opts.plausibility ? '' : ', without the plausibility checks'}${opts.evidenceCaps ? '' : ', without the evidence caps'}`;
  const locked = opts.locked
    ? scoreLockedSplit(lockedEntries.length, lockedReads, [...openReads, ...synthetic], opts, learn)
    : undefined;
  // Fold documents only: the locked split's documents are never listed one by one.
  const scanPairs = pairScans(documents);
  const pairLines = formatScanPairs(scanPairs);
  const text = [
    formatEvaluation(summary, heading),
    ...(directories.length ? [formatDirectories(directories)] : []),
    ...(pairLines.length ? [pairLines.join('\n')] : []),
    ...(locked ? [formatLocked(locked)] : []),
  ];
  process.stdout.write(
    opts.json
      ? `${JSON.stringify({ summary, ...(directories.length ? { directories } : {}), ...(locked ? { locked } : {}), scanPairs, documents })}\n`
      : `${text.join('\n\n')}\n`,
  );
}

/** The locked split's figures: aggregate only, never per document (so its failures stay unread). */
interface LockedFigures {
  documents: number;
  summary?: EvaluationSummary;
}

function scoreLockedSplit(
  documents: number,
  locked: readonly ReadEntry[],
  training: readonly ReadEntry[],
  opts: EvalOptions,
  learn: Learn | null,
): LockedFigures {
  if (!opts.scoreLocked) return { documents };
  const options = {
    ...(learn ? learn([...training]) : {}),
    plausibility: opts.plausibility,
    evidenceCaps: opts.evidenceCaps,
  };
  return { documents, summary: summarizeEvaluation(locked.map((read) => evaluateRead(read, options))) };
}

function formatLocked(locked: LockedFigures): string {
  if (!locked.summary)
    return `Locked split: ${locked.documents} documents set aside (not in the folds; --score-locked scores them)`;
  return formatEvaluation(
    locked.summary,
    `Locked split: ${locked.documents} documents, scored by a ranker trained on all the fold documents (aggregate figures only)`,
  );
}
