/**
 * Peak resident memory of the OCR reader alone: a fresh process that imports
 * `@intake/ocr-tesseract`, reads the given images with two workers (or N), two at a time, and prints its
 * resident memory before and at its peak as JSON. The benchmark's own process is no measure of
 * that: it holds every input, the native tools' bookkeeping and pdfjs documents of its page counts.
 * With `--engine=paddle` the images are read by PaddleOCR (@intake/ocr-onnx, two worker threads, or
 * `--workers=N`). It also prints the process's CPU seconds and wall seconds per image while reading.
 *
 *   npx tsx --conditions=@intake/source --tsconfig tsconfig.json test/bench/ocr/memory.ts [--engine=paddle] [--workers=N] IMAGE...
 * (without the condition tsx loads the packages' built dist, not their sources)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface ReaderMemory {
  /** MB after the import, before any read. */
  before: number;
  /** MB at the highest sample (every 20 ms) while the two workers read. */
  peak: number;
  /** CPU seconds of the whole process (every thread) per image while reading. */
  cpuPerImage: number;
  /** Wall seconds per image while reading. */
  wallPerImage: number;
}

const script = fileURLToPath(import.meta.url);

/** Runs this file in a child process (with the parent's loader flags) over `files`. */
export async function measureReaderMemory(files: string[]): Promise<ReaderMemory> {
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, script, ...files], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ReaderMemory;
}

async function main(args: string[]): Promise<void> {
  const paddle = args.includes('--engine=paddle');
  const workers = Number(args.find((a) => a.startsWith('--workers='))?.slice('--workers='.length) ?? 2);
  const files = args.filter((a) => !a.startsWith('--'));
  const { createTesseractReader } = await import('@intake/ocr-tesseract');
  const engine = paddle ? (await import('@intake/ocr-onnx')).createPaddleOcr({ workers }) : undefined;
  const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const reader = createTesseractReader({ workers, renderDpi: 300, engine });
  const cpu = process.cpuUsage();
  const start = performance.now();
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file; file = queue.shift())
      await reader.read(fs.readFileSync(file), '').catch(() => undefined);
  };
  await Promise.all([worker(), worker()]);
  const cpuPerImage = (({ user, system }) => (user + system) / 1e6 / files.length)(process.cpuUsage(cpu));
  const wallPerImage = (performance.now() - start) / 1000 / files.length;
  clearInterval(sampler);
  await reader.close();
  const seconds = (s: number): number => Math.round(s * 100) / 100;
  const result = {
    before: mb(before),
    peak: mb(peak),
    cpuPerImage: seconds(cpuPerImage),
    wallPerImage: seconds(wallPerImage),
  };
  process.stdout.write(`${JSON.stringify(result satisfies ReaderMemory)}\n`);
}

if (process.argv[1] === script) await main(process.argv.slice(2));
