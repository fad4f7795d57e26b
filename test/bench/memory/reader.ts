/**
 * The reader process alone (the daemon's, built: daemon/dist/reading/reader-process.js), with the
 * daemon's default reading settings, under the phases of `npm run bench:memory` without the daemon
 * around it: where in a phase its resident memory peaks, and with which threads alive. Samples the
 * reader process's VmRSS every 50 ms and prints, per phase, its peak with the threads alive then
 * (as the reader last reported them) and what was being read; `BENCH_TIMELINE=1` prints every
 * sample. A phase's documents are counted (`inspect`, as at upload) all at once, then read. The
 * reader's own high-water mark (VmHWM) closes the run.
 *
 *   npx tsx --tsconfig tsconfig.json test/bench/memory/reader.ts
 *   BENCH_ENV='MEMORY_BUDGET_MB=0 OCR_WORKERS=1' ...   the daemon's settings (its defaults otherwise)
 *   BENCH_SKIP=dl-031.jpg.pdf ...   leaves these documents out (comma-separated names; each kind's
 *   halves then come from the documents left), to see what one document adds to a phase's peak
 */
import fs from 'node:fs';
import os from 'node:os';
import { ensureBuilt } from '../../support/build.js';
import { processCpuMs } from '../suite/proc-cpu.js';
import { loadDocuments, type BenchDocument } from './documents.js';
import { statusMb } from './rss.js';

const count = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const PHOTOS = count('BENCH_PHOTOS', 4);
const SCANS = count('BENCH_SCANS', 2);
const TEXTS = count('BENCH_TEXTS', 4);
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const load = (): string => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main(): Promise<void> {
  console.log(`bench reader on ${os.cpus().length} cores, load average ${load()}`);
  await ensureBuilt();
  // Built, as the daemon runs it (the reader process is forked from daemon/dist).
  const { createReaderProcess } = await import('../../../daemon/dist/reading/reader-process.js');
  const { readerSettings } = await import('../../../daemon/dist/reading/reader-settings.js');
  const { loadConfig } = await import('../../../daemon/dist/config/load-config.js');
  const loaded = await loadDocuments({ photos: PHOTOS * 2, scans: SCANS * 2, texts: TEXTS * 2 });
  const kept = (list: BenchDocument[]): BenchDocument[] => list.filter((doc) => !SKIP.has(doc.name));
  const docs = { photos: kept(loaded.photos), scans: kept(loaded.scans), texts: kept(loaded.texts) };
  // The daemon's defaults, and the settings BENCH_ENV names (as bench:memory passes them to the daemon).
  const env = Object.fromEntries(
    (process.env.BENCH_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const settings = readerSettings(loadConfig(env, os.tmpdir()));
  console.log(`reader settings: ${JSON.stringify(settings)}`);
  const reader = createReaderProcess(settings);
  // The first inspection starts the process; its pid is the one child of this process.
  await reader.inspect(docs.texts[0]!.bytes);
  const pid = Number(fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(' ')[0]);
  const reading = new Set<string>();
  let peak = { rss: 0, at: '' };
  let phaseName = '';
  const t0 = performance.now();
  const sample = (): void => {
    const rss = statusMb(pid, 'VmRSS');
    const threads = `${JSON.stringify(reader.ocrWorkers())} pdf ${reader.pdfThreads()}`;
    const line = `${((performance.now() - t0) / 1000).toFixed(1)} s ${Math.round(rss)} MB ${threads} reading ${[...reading].join(', ')}`;
    if (TIMELINE) console.log(`    ${line}`);
    if (rss > peak.rss) peak = { rss, at: line };
  };
  const timer = setInterval(sample, 50);
  // Each document is counted first, as the daemon counts an upload's pages before its job reads it.
  const readAll = async (list: BenchDocument[]) => {
    await Promise.all(list.map((doc) => reader.inspect(doc.bytes)));
    return Promise.all(
      list.map(async (doc) => {
        reading.add(doc.name);
        const read = await reader.read(doc.bytes, doc.mimeType);
        reading.delete(doc.name);
        return read.pages.flatMap((p) => p.words).length;
      }),
    );
  };
  const phase = async (name: string, list: BenchDocument[]): Promise<void> => {
    phaseName = name;
    peak = { rss: 0, at: '' };
    const start = performance.now();
    const words = await readAll(list);
    console.log(
      `${phaseName}: ${list.length} documents, ${words.reduce((a, b) => a + b, 0)} words in ${((performance.now() - start) / 1000).toFixed(0)} s; ` +
        `peak ${Math.round(peak.rss)} MB at ${peak.at}; load ${load()}`,
    );
  };
  const half = <T>(list: T[], n: number, second: boolean): T[] => (second ? list.slice(n, 2 * n) : list.slice(0, n));
  try {
    await phase('onnx (photos)', half(docs.photos, PHOTOS, false));
    await phase('tesseract (scans, text PDFs)', [...half(docs.scans, SCANS, false), ...half(docs.texts, TEXTS, false)]);
    await phase('mixed', [
      ...half(docs.photos, PHOTOS, true),
      ...half(docs.scans, SCANS, true),
      ...half(docs.texts, TEXTS, true),
    ]);
    const cpu = processCpuMs(pid) / 1000;
    console.log(`reader VmHWM ${Math.round(statusMb(pid, 'VmHWM'))} MB, CPU ${cpu.toFixed(1)} s; load ${load()}`);
  } finally {
    clearInterval(timer);
    // The reader process does not hold the event loop: this does, until it has exited.
    const hold = setInterval(() => undefined, 1000);
    await reader.close();
    clearInterval(hold);
  }
}

await main();
