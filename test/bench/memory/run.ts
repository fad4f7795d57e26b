/**
 * Memory of the daemon with its default settings under a mixed load, against the budget of a small
 * machine: peak resident memory at most 700 MB, and back under 400 MB within a minute of going
 * idle. Starts `intake start` (the built daemon, on a new PGlite DATA_DIR; only ports, DATA_DIR and
 * the log level set), then sends, waiting for each phase to finish:
 *
 *   onnx       receipt photos over the API (PaddleOCR, the default engine for images)
 *   tesseract  scanned PDFs and text PDFs over the API, and mail with text-PDF attachments over SMTP
 *   mixed      all of these at once
 *   idle       nothing, for BENCH_IDLE_SECONDS (default 75: OCR_IDLE_RELEASE_MS is 45 s)
 *
 * and prints the CPU seconds of the daemon's process tree per phase, the peak of its resident memory (VmRSS), sampled
 * every 100 ms (the daemon and its reader process together), the daemon's own process's peak and
 * its reader process's (each the highest of its own samples), and the memory along the idle minute.
 * Where the daemon's own memory lies at its peak of each phase (its JavaScript heap, V8's young
 * generation, `external` memory and ArrayBuffers, PGlite's WebAssembly memory) comes from
 * trace-memory.mjs, preloaded into it.
 *
 *   npm run bench:memory
 *   BENCH_PHOTOS=12 BENCH_SCANS=4 BENCH_TEXTS=4 BENCH_MAILS=4 BENCH_IDLE_SECONDS=75 npm run bench:memory
 *   BENCH_ENV='OCR_WORKERS=1 OCR_IDLE_RELEASE_MS=0'   settings for the daemon (compare with a default run)
 *   BENCH_INTAKE_BIN=/path/to/other/checkout/daemon/bin/intake.mjs   another build of Intake (before and after)
 *   BENCH_SKIP=dl-031.jpg.pdf   leaves these documents out (comma-separated names; each kind's halves
 *   then come from the documents left): what one document adds to a phase's peak
 */
import fs from 'node:fs';
import os from 'node:os';
import { ensureBuilt } from '../../support/build.js';
import { makeTempDir, removeTempDirs, startDaemon } from '../../support/processes.js';
import { loadDocuments } from './documents.js';
import { openLoad } from './load.js';
import { sampleRss, statusMb, treeCpuSeconds, treeRssMb } from './rss.js';
import { mappedFilesMb, ownBreakdown, traceEnv, wasmResidentMb } from './trace.js';

const count = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, not ${process.env[name]}`);
  return value;
};
const PHOTOS = count('BENCH_PHOTOS', 12);
const SCANS = count('BENCH_SCANS', 4);
const TEXTS = count('BENCH_TEXTS', 4);
const MAILS = count('BENCH_MAILS', 4);
const IDLE_SECONDS = count('BENCH_IDLE_SECONDS', 75);
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const BIN = process.env.BENCH_INTAKE_BIN || undefined;
const PEAK_TARGET_MB = 700;
const IDLE_TARGET_MB = 400;

const mb = (n: number): string => `${Math.round(n)} MB`;
const load = (): string => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The daemon's trims after large bodies (its debug lines: run with BENCH_ENV=LOG_LEVEL=debug). */
function bodyTrimLines(stdout: string): { bodies: number; rss_was_mb: number; rss_mb: number; took_ms: number }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('returned the free memory of large bodies'))
    .map((line) => JSON.parse(line) as { bodies: number; rss_was_mb: number; rss_mb: number; took_ms: number });
}

/** The daemon's idle trims (daemon/src/runtime/idle-memory.ts), from its JSON log lines. */
function idleTrims(stdout: string): { rss_before_mb: number; rss_mb: number; took_ms: number }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"rss_before_mb"'))
    .map((line) => JSON.parse(line) as { rss_before_mb: number; rss_mb: number; took_ms: number });
}

async function main(): Promise<void> {
  console.log(`bench:memory on ${os.cpus().length} cores, load average ${load()}`);
  await ensureBuilt();
  // Two sets of each kind: one for its own phase, one for the mixed phase.
  const loaded = await loadDocuments({ photos: PHOTOS * 2, scans: SCANS * 2, texts: TEXTS * 2 + MAILS * 2 });
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
  const kept = <T extends { name: string }>(list: T[]): T[] => list.filter((doc) => !skip.has(doc.name));
  const docs = { ...loaded, photos: kept(loaded.photos), scans: kept(loaded.scans), texts: kept(loaded.texts) };
  const half = <T>(list: T[], n: number, second: boolean): T[] => (second ? list.slice(n, 2 * n) : list.slice(0, n));
  const dataDir = makeTempDir('intake-bench-memory-');
  // A new PGlite directory is created and migrated first: seconds, minutes on a loaded machine.
  const trace = traceEnv(makeTempDir('intake-bench-trace-'), EXTRA_ENV.NODE_OPTIONS);
  const daemon = await startDaemon({ DATA_DIR: dataDir, ...EXTRA_ENV, ...trace.env }, { bin: BIN, timeoutMs: 600_000 });
  const rows: string[][] = [];
  const breakdowns: string[] = [];
  try {
    const client = await openLoad(daemon, dataDir, BIN);
    const sampler = sampleRss(daemon.pid, 100);
    const started = treeRssMb(daemon.pid);
    console.log(
      `documents: ${docs.source}; ${BIN ?? 'this checkout'} is ready at ${mb(started)} (settings: ${JSON.stringify(EXTRA_ENV)})`,
    );
    const phase = async (name: string, send: () => Promise<number>): Promise<void> => {
      sampler.reset();
      const t0 = performance.now();
      const from = Date.now();
      const cpu0 = treeCpuSeconds(daemon.pid);
      const jobs = await send();
      await client.settle(jobs);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = treeCpuSeconds(daemon.pid) - cpu0;
      breakdowns.push(
        `${name}: ${ownBreakdown(trace.file(daemon.pid), from, Date.now(), wasmResidentMb(daemon.pid), mappedFilesMb(daemon.pid))}`,
      );
      rows.push([
        name,
        String(jobs),
        seconds.toFixed(0),
        mb(sampler.peak()),
        mb(sampler.ownPeak()),
        mb(sampler.childPeak()),
        mb(treeRssMb(daemon.pid)),
        load(),
        cpu.toFixed(1),
      ]);
      console.log(`  ${name}: ${jobs} jobs in ${seconds.toFixed(0)} s, peak ${mb(sampler.peak())}`);
    };
    const texts = docs.texts;
    const tesseract = (second: boolean) => async () =>
      (
        await Promise.all([
          client.submitAll([...half(docs.scans, SCANS, second), ...half(texts, TEXTS, second)]),
          client.mailAll(half(texts.slice(TEXTS * 2), MAILS, second)),
        ])
      ).reduce((a, b) => a + b, 0);
    await phase('onnx (photos)', () => client.submitAll(half(docs.photos, PHOTOS, false)));
    await phase('tesseract (scans, text PDFs, mail)', tesseract(false));
    await phase('mixed (all at once)', async () => {
      const [photos, rest] = await Promise.all([client.submitAll(half(docs.photos, PHOTOS, true)), tesseract(true)()]);
      return photos + rest;
    });
    const peak = Math.max(...rows.map((r) => Number.parseInt(r[3]!, 10)));
    // Idle: the memory along the minute after the last job ended.
    sampler.reset();
    const idle: string[] = [];
    let under: number | null = null;
    const t0 = performance.now();
    for (let s = 1; s <= IDLE_SECONDS; s++) {
      await new Promise((resolve) => setTimeout(resolve, t0 + s * 1000 - performance.now()));
      const rss = treeRssMb(daemon.pid);
      if (under === null && rss <= IDLE_TARGET_MB) under = s;
      if (s % 15 === 0 || s === IDLE_SECONDS)
        idle.push(`${s} s: ${mb(rss)} (daemon alone ${mb(statusMb(daemon.pid, 'VmRSS'))})`);
    }
    sampler.stop();
    const atMinute = treeRssMb(daemon.pid);
    console.log(
      '\nphase                               jobs  seconds  CPU s  peak RSS  daemon alone  reader alone  RSS at end  load average',
    );
    for (const r of rows)
      console.log(
        `${r[0]!.padEnd(36)}${r[1]!.padStart(4)}  ${r[2]!.padStart(7)}  ${r[8]!.padStart(5)}  ${r[3]!.padStart(8)}  ${r[4]!.padStart(12)}  ${r[5]!.padStart(12)}  ${r[6]!.padStart(10)}  ${r[7]}`,
      );
    console.log("the daemon's own process at its peak of each phase (trace-memory.mjs):");
    for (const line of breakdowns) console.log(`  ${line}`);
    console.log(`idle: ${idle.join(', ')}; first at or under ${IDLE_TARGET_MB} MB after ${under ?? '-'} s`);
    for (const trim of idleTrims(daemon.stdout()))
      console.log(
        `the daemon's idle trim: ${mb(trim.rss_before_mb)} before, ${mb(trim.rss_mb)} after, in ${trim.took_ms} ms`,
      );
    const bodyTrims = bodyTrimLines(daemon.stdout());
    if (bodyTrims.length > 0) {
      const returned = bodyTrims.reduce((sum, t) => sum + Math.max(0, t.rss_was_mb - t.rss_mb), 0);
      const took = bodyTrims.map((t) => t.took_ms).sort((a, b) => a - b);
      console.log(
        `the daemon's trims after large bodies (LOG_LEVEL=debug): ${bodyTrims.length}, for ${bodyTrims.reduce((n, t) => n + t.bodies, 0)} bodies, ` +
          `returned ${mb(returned)} in all, ${took[Math.floor(took.length / 2)]} ms (median) to ${took.at(-1)} ms each on their thread`,
      );
    }
    // Since the process started: creating a new DATA_DIR (PostgreSQL's initdb in PGlite) counts.
    console.log(`daemon VmHWM (its own high-water mark, start included): ${mb(statusMb(daemon.pid, 'VmHWM'))}`);
    console.log(
      `targets: peak ${mb(peak)} <= ${PEAK_TARGET_MB} MB: ${peak <= PEAK_TARGET_MB ? 'met' : 'NOT met'}; ` +
        `under ${IDLE_TARGET_MB} MB within 60 s idle: ${under !== null && under <= 60 ? 'met' : 'NOT met'} ` +
        `(${mb(atMinute)} after ${IDLE_SECONDS} s)`,
    );
    console.log(`load average at the end: ${load()}`);
  } finally {
    await daemon.stop('SIGTERM', 30_000);
    await removeTempDirs();
  }
}

await main();
