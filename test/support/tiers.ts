/**
 * Which test files `npm run test:quick` runs (test/README.md). Every file is in the full run
 * (`npm test`); the quick tier is every file that runs in the test process alone, chosen by rule so
 * that a new file lands in it without being listed: a file leaves it when its name or its text
 * shows one of the reasons below (SLOW_REASONS: it also runs isolated in `npm test`; FULL_ONLY_REASONS:
 * it runs in-process in `npm test` all the same). The quick run's global setup starts no PostgreSQL
 * server (test/support/global-setup.ts), so DB_KINDS there is PGlite alone.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Why a file is left out of the quick tier. */
export const SLOW_REASONS = {
  browser: 'runs in a browser (*.browser.test.ts)',
  spawns: 'spawns processes (the intake CLI or daemon, node, npm, tsx)',
  postgres: 'needs the PostgreSQL server itself, not only through DB_KINDS',
  corpus: 'reads the shared corpus (../shared)',
  ocr: 'loads OCR models (tesseract or PaddleOCR) to read an image or a scan',
} as const;

/**
 * Why an in-process file is left to `npm test` alone: the quick tier is the edit loop, and a file
 * whose property needs volume to be worth anything costs more there than it tells.
 */
export const FULL_ONLY_REASONS = {
  fuzz: 'fuzzes an edge with generated sessions or requests by the batch (*-fuzz.test.ts): tens of CPU seconds',
} as const;

/**
 * The marker lines that settle the OCR rule where the text alone cannot: `// test-tier: ocr` puts out
 * a file that hands an image to the OCR reader by a way OCR_CALLS does not see (an image submitted
 * through the api-harness, whose reader is the real one); `// test-tier: no-ocr` keeps in a file that
 * draws scans but never has them read (it only inspects their page count, say). Each starts its
 * line, a few words of why may follow; any other `test-tier:` value is a mistake
 * test/architecture/test-tiers.test.ts reports.
 */
export const TIER_MARKERS = ['ocr', 'no-ocr'] as const;
const MARKER = /^\/\/ test-tier: (\S+)/gm;

/** The `test-tier:` marker values in a file's text, in order. */
export function tierMarkers(source: string): string[] {
  return [...source.matchAll(MARKER)].map((match) => match[1]!);
}

/**
 * A call that starts an OCR model: the PaddleOCR engine's factory, tesseract.js itself, or one of
 * test/ocr/documents.ts's helpers that draw a scan (an image or an image-only PDF) for the reader.
 * test/ocr/two-engines.ts's `twoEngineReader` (PaddleOCR beside tesseract) and `photoAndScan` (a
 * photo and a scan for them) count too, and so does the extraction lab's `generateDocument(seed,
 * index, 'scan' | 'photo')`, a synthetic document drawn as a picture. A reader made over text-layer
 * PDFs alone (createTesseractReader, the api-harness) loads no model.
 */
const OCR_CALLS =
  /\bcreatePaddleOcr\(|^import\s[^;]*?from 'tesseract\.js';|\b(?:scanImage|scannedPdf|multiPageTiff|twoEngineReader|photoAndScan)\(|\bgenerateDocument\([^)]*'(?:scan|photo)'\)/m;

function loadsOcrModels(source: string): boolean {
  const markers = tierMarkers(source);
  if (markers.includes('ocr')) return true;
  return !markers.includes('no-ocr') && OCR_CALLS.test(source);
}

/**
 * An import statement (at the start of a line) of one of the helpers that spawn the CLI, or of
 * child_process; or a call of the daemon's createReaderProcess, which forks its reader process, or of
 * the extraction lab's openHtmlPrinter, which launches Chromium.
 */
const SPAWNS =
  /^import\s[^;]*?from '(?:node:)?child_process';|^import\s*\{[^}]*\b(?:startDaemon|runCli|runCliOk|runLab|runLabOk|spawnIntake)\b[^}]*\}\s*from\s*'[./]*support\/processes\.js';|\b(?:createReaderProcess|openHtmlPrinter)\(/m;

/** Each reason a file is left out of the quick tier: the first that matches is reported. */
const RULES: { reason: string; matches: (file: string, source: string) => boolean }[] = [
  { reason: SLOW_REASONS.browser, matches: (file) => file.endsWith('.browser.test.ts') },
  { reason: SLOW_REASONS.spawns, matches: (_, source) => SPAWNS.test(source) },
  { reason: SLOW_REASONS.postgres, matches: (_, source) => /'postgres'|createPostgresDatabase/.test(source) },
  {
    reason: SLOW_REASONS.corpus,
    matches: (_, source) => /corpus-location\.js'|corpusDir\(|\.\.\/shared\//.test(source),
  },
  { reason: SLOW_REASONS.ocr, matches: (_, source) => loadsOcrModels(source) },
];

/** Why `file` (relative to the repository, with `/`) is not in the quick tier, or null if it is. */
export function slowReason(file: string, source: string): string | null {
  return RULES.find((rule) => rule.matches(file, source))?.reason ?? null;
}

/** Every test file under `test/` (relative paths with `/`), benches excluded, sorted. */
export function testFiles(root: string): string[] {
  return (fs.readdirSync(path.join(root, 'test'), { recursive: true }) as string[])
    .map((name) => `test/${name.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/bench/') && !file.includes('node_modules'))
    .sort();
}

/** Why an in-process `file` is left to `npm test` alone, or null if the quick tier runs it. */
export function fullOnlyReason(file: string): string | null {
  return file.endsWith('-fuzz.test.ts') ? FULL_ONLY_REASONS.fuzz : null;
}

/** The files that run in the test process alone: `npm test` runs them in its non-isolated project. */
export function inProcessFiles(root: string): string[] {
  return testFiles(root).filter((file) => slowReason(file, fs.readFileSync(path.join(root, file), 'utf8')) === null);
}

/** The files of the quick tier: the in-process ones but those left to `npm test`. */
export function quickFiles(root: string): string[] {
  return inProcessFiles(root).filter((file) => fullOnlyReason(file) === null);
}

/**
 * Why a file of `npm test` that is not in-process still runs in a process of its own (vitest's
 * `isolate`: a new worker per file), or null: it loads OCR models, or its subject is the reader
 * (test/ocr). The engines' models, threads and reader processes belong to the process, and these
 * files count or time them: test/ocr/reader-process.test.ts counts the reader processes under
 * /proc/self, which one an earlier file left idling would add to. Every other file that spawns
 * processes, names the PostgreSQL server or reads the corpus runs as the in-process files do, file
 * after file in one module graph per worker (the project `main`, test/vitest.config.ts), which spares
 * each file a worker's start and its own import of the packages and helpers (test/README.md).
 */
export function isolatedReason(file: string, source: string): string | null {
  const reason = slowReason(file, source);
  if (reason === SLOW_REASONS.ocr) return reason;
  if (reason !== null && file.startsWith('test/ocr/')) return ISOLATED_OCR_SUBJECT;
  return null;
}

/** Why a test/ocr file that spawns or reads the corpus is isolated like the files that load models. */
export const ISOLATED_OCR_SUBJECT =
  "its subject is the reader (test/ocr), whose threads and processes are the process's own";

/** The files `npm test` runs each in a process of its own (isolatedReason). */
export function isolatedFiles(root: string): string[] {
  return testFiles(root).filter(
    (file) => isolatedReason(file, fs.readFileSync(path.join(root, file), 'utf8')) !== null,
  );
}
