/**
 * Benchmark of @intake/ocr-tesseract against native tools on the same files in the same run:
 *   - OCR against Debian's `tesseract` command (two processes side by side, OMP_THREAD_LIMIT=1)
 *     running the very model tesseract.js uses (`best_int`): the headline is the ratio of CPU
 *     milliseconds per page, the fair comparison (same network, and the clock swings with the
 *     machine's load), target >= 1.0; pages per minute and Debian's own (smaller, `fast`) model
 *     are printed beside it, and the same model on tesseract's 128-bit SSE4.1 matrix code (what
 *     it runs on a CPU without AVX2; wasm SIMD is 128 bits wide), since the headline depends on the
 *     CPU: tesseract picks AVX2 or AVX-512 code where the CPU has it, which wasm cannot use;
 *   - text-layer PDF pages per second against `pdftotext` (target ratio >= 0.5);
 *   - peak resident memory of the reader with two workers, in a process of its own that only
 *     reads (./memory.ts; target < 600 MB), and of this whole benchmark process beside it;
 *   - where the pool's CPU goes: its two OCR worker threads against the rest of the process (Linux).
 * Each side is measured BENCH_ROUNDS times (default 2), alternating, and its best round counts,
 * so a burst of load from elsewhere on the machine penalises neither side alone. CPU seconds per
 * page are printed too: on a machine shared with other work they hold steadier than the clock.
 * It reports; it does not assert the targets.
 *
 *   npm run bench:ocr
 *   BENCH_ROUNDS=1 npm run bench:ocr   # quicker
 */
import fs from 'node:fs';
import os from 'node:os';
import { createTesseractReader, DEFAULT_OCR_LANGUAGES } from '@intake/ocr-tesseract';
import { benchInputs, type BenchFile } from './inputs.js';
import { measureReaderMemory } from './memory.js';
import { ensureCommands, nativeSimd, nativeTesseract, pdftotext, sameModelTessdata, type Timing } from './native.js';
import { threadCpu, threadCpuSince } from './threads.js';

const OCR_TARGET = 1.0;
const PDF_TARGET = 0.5;
const RSS_TARGET_MB = 600;
const DPI = 300;
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`BENCH_ROUNDS must be a positive integer, not ${process.env.BENCH_ROUNDS}`);

const missing = ensureCommands({ tesseract: 'tesseract-ocr', pdftotext: 'poppler-utils' });
const reader = createTesseractReader({ workers: 2, renderDpi: DPI });
const inputs = await benchInputs(async (bytes) => (await reader.inspect(bytes)).pageCount);
const imagePages = inputs.images.length;
const pdfPages = inputs.pdfs.reduce((sum, f) => sum + f.pages, 0);
console.log(
  `inputs: ${inputs.source}: ${imagePages} scans, ${inputs.pdfs.length} PDFs with ${pdfPages} pages; ${rounds} round(s)`,
);

/** Reads every file, `parallel` documents at a time, timing the whole process (all threads). */
async function readAll(files: BenchFile[], parallel: number): Promise<Timing> {
  const queue = [...files];
  const worker = async (): Promise<void> => {
    // A refusal (quality floor) is a finished read too: the work was done.
    for (let file = queue.shift(); file; file = queue.shift()) await reader.read(file.bytes, '').catch(() => undefined);
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

// --- OCR -------------------------------------------------------------------------------------
const baselineRss = process.memoryUsage.rss();
let peakRss = baselineRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);

// The pool is long-lived in the daemon: start both workers before timing (about 0.5 s each).
await readAll(inputs.images.slice(0, 2), 2);
// The same models in the same languages as the pool's (DEFAULT_OCR_LANGUAGES: English, then German).
const sameModel = missing.includes('tesseract') ? null : sameModelTessdata(DEFAULT_OCR_LANGUAGES);
const imagePaths = inputs.images.map((f) => f.path);
const ocr = {
  ours: [] as Timing[],
  native: [] as Timing[],
  nativeSameModel: [] as Timing[],
  nativeSse: [] as Timing[],
};
/** Per round of the pool: CPU seconds of its two busiest threads (the OCR workers) and of the rest. */
const split: { workers: number; rest: number }[] = [];
for (let i = 0; i < rounds; i++) {
  console.log(`OCR round ${i + 1}: the pool, then tesseract with each model`);
  const threadsBefore = threadCpu();
  ocr.ours.push(await readAll(inputs.images, 2));
  const perThread = threadCpuSince(threadsBefore);
  if (perThread.length > 0)
    split.push({
      workers: (perThread[0] ?? 0) + (perThread[1] ?? 0),
      rest: perThread.slice(2).reduce((sum, s) => sum + s, 0),
    });
  if (sameModel) {
    ocr.native.push(await nativeTesseract(imagePaths, { dpi: DPI, parallel: 2 }));
    ocr.nativeSameModel.push(
      await nativeTesseract(imagePaths, {
        dpi: DPI,
        tessdata: sameModel,
        languages: DEFAULT_OCR_LANGUAGES,
        parallel: 2,
      }),
    );
    ocr.nativeSse.push(
      await nativeTesseract(imagePaths, {
        dpi: DPI,
        tessdata: sameModel,
        languages: DEFAULT_OCR_LANGUAGES,
        parallel: 2,
        dotproduct: 'sse',
      }),
    );
  }
}
clearInterval(sampler);
// The unzipped model (about 5 MB) is not left behind in the temporary folder.
if (sameModel) fs.rmSync(sameModel, { recursive: true, force: true });

// --- text-layer PDFs ---------------------------------------------------------------------------
const pdfPaths = inputs.pdfs.map((f) => f.path);
// Warm, as in a long-running daemon: the JIT has compiled pdfjs' parser and fonts were seen once.
await readAll(inputs.pdfs, 1);
const text = { ours: [] as Timing[], pdftotext: [] as Timing[], pdftotextBbox: [] as Timing[] };
for (let i = 0; i < rounds; i++) {
  console.log(`text-layer round ${i + 1}: the reader, then pdftotext`);
  // One document at a time: the text layer is read on the event loop, so parallel reads would
  // only interleave.
  text.ours.push(await readAll(inputs.pdfs, 1));
  if (!missing.includes('pdftotext')) {
    text.pdftotext.push(await pdftotext(pdfPaths));
    text.pdftotextBbox.push(await pdftotext(pdfPaths, ['-bbox']));
  }
}
await reader.close();

// --- report ------------------------------------------------------------------------------------
interface Row {
  rate: number;
  cpuMsPerPage: number;
}
/** The best round by the clock, and the least CPU any round needed. */
function summarise(timings: Timing[], pages: number, perSeconds: number): Row | null {
  if (timings.length === 0) return null;
  const wall = Math.min(...timings.map((t) => t.wall));
  const cpu = Math.min(...timings.map((t) => t.cpu));
  return {
    rate: Math.round((pages / wall) * perSeconds * 10) / 10,
    cpuMsPerPage: Math.round((cpu / pages) * 1000 * 10) / 10,
  };
}

const table: Record<string, { rate: string; 'CPU ms/page': number; 'ratio (clock)': string; 'ratio (CPU)': string }> =
  {};
function add(name: string, row: Row | null, unit: string, ours: Row | null): void {
  if (!row) return;
  const ratio = (a: number, b: number): string => (Math.round((a / b) * 100) / 100).toString();
  table[name] = {
    rate: `${row.rate} ${unit}`,
    'CPU ms/page': row.cpuMsPerPage,
    'ratio (clock)': ours && ours !== row ? ratio(ours.rate, row.rate) : '',
    'ratio (CPU)': ours && ours !== row ? ratio(row.cpuMsPerPage, ours.cpuMsPerPage) : '',
  };
}
const oursOcr = summarise(ocr.ours, imagePages, 60);
const oursText = summarise(text.ours, pdfPages, 1);
add('OCR: @intake/ocr-tesseract pool, 2 workers', oursOcr, 'pages/min', oursOcr);
add('OCR: tesseract x2, Debian model', summarise(ocr.native, imagePages, 60), 'pages/min', oursOcr);
add('OCR: tesseract x2, same model (best_int)', summarise(ocr.nativeSameModel, imagePages, 60), 'pages/min', oursOcr);
add(
  'OCR: tesseract x2, same model, SSE4.1 path (no AVX2)',
  summarise(ocr.nativeSse, imagePages, 60),
  'pages/min',
  oursOcr,
);
add('text layer: @intake/ocr-tesseract', oursText, 'pages/s', oursText);
add('text layer: pdftotext', summarise(text.pdftotext, pdfPages, 1), 'pages/s', oursText);
add('text layer: pdftotext -bbox (words with boxes)', summarise(text.pdftotextBbox, pdfPages, 1), 'pages/s', oursText);
console.table(table);

const verdict = (value: string | undefined, target: number): string =>
  value === undefined || value === '' ? 'not measured' : Number(value) >= target ? 'met' : 'NOT met';
const ocrRatio = table['OCR: tesseract x2, same model (best_int)']?.['ratio (CPU)'];
const ocrClock = table['OCR: tesseract x2, same model (best_int)']?.['ratio (clock)'];
const sseRatio = table['OCR: tesseract x2, same model, SSE4.1 path (no AVX2)']?.['ratio (CPU)'];
const textRatio = table['text layer: pdftotext']?.['ratio (clock)'];
const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);
console.log(
  `OCR vs tesseract with the same model (best_int), by CPU ms/page: ${ocrRatio ?? '-'} (target >= ${OCR_TARGET}: ${verdict(ocrRatio, OCR_TARGET)}); by the clock ${ocrClock ?? '-'}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `text-layer pages/s ratio vs pdftotext: ${textRatio ?? '-'} (target >= ${PDF_TARGET}: ${verdict(textRatio, PDF_TARGET)})`,
);
if (sseRatio)
  console.log(
    `the same against tesseract on its SSE4.1 path, as on a CPU without AVX2: ${sseRatio} by CPU (this CPU, as tesseract found it: ${nativeSimd()})`,
  );
if (split.length > 0) {
  // The round that needed the least CPU, as in the table.
  const least = split.reduce((a, b) => (a.workers + a.rest <= b.workers + b.rest ? a : b));
  const perPage = (seconds: number): number => Math.round((seconds / imagePages) * 1000);
  console.log(
    `pool CPU ms/page by thread: OCR workers ${perPage(least.workers)}, rest of the process (decoding, messages, GC) ${perPage(least.rest)}`,
  );
}
const alone = await measureReaderMemory(imagePaths);
console.log(
  `peak RSS of the reader with 2 OCR workers, in a process that only reads: ${alone.peak} MB (after its import: ${alone.before} MB; target < ${RSS_TARGET_MB} MB: ${alone.peak < RSS_TARGET_MB ? 'met' : 'NOT met'})`,
);
console.log(
  `peak RSS of this benchmark process: ${mb(peakRss)} MB (before OCR, holding every input: ${mb(baselineRss)} MB)`,
);
if (missing.length > 0) console.log(`not measured, could not install: ${missing.join(', ')}`);
