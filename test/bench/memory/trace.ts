/**
 * The benchmark's side of trace-memory.mjs: the environment that preloads it into the daemon, and
 * the daemon's own memory at its highest traced sample in a window of time, part by part.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface TraceLine {
  t: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  newSpace: number;
  wasm: number;
  /** The event loop's longest delay in the sample's 100 ms. */
  lagMs?: number;
}

const PRELOAD = fileURLToPath(new URL('./trace-memory.mjs', import.meta.url));

/** `dir`: where the trace files go; `nodeOptions`: NODE_OPTIONS the benchmark was asked to pass on. */
export function traceEnv(dir: string, nodeOptions = ''): { env: Record<string, string>; file(pid: number): string } {
  const prefix = path.join(dir, 'trace');
  return {
    env: { BENCH_MEMORY_TRACE: prefix, NODE_OPTIONS: `${nodeOptions} --import=${PRELOAD}`.trim() },
    file: (pid) => `${prefix}.${pid}`,
  };
}

/**
 * The traced sample of highest RSS between `from` and `to` (ms since the epoch), as one line of
 * text. `wasmResident`: the WebAssembly memories' resident MB (wasmResidentMb) at `to`; it only
 * grows, so at the sample it was at most that, and what is left for the rest at least what is shown.
 * `mappedFiles`: the resident MB of mapped files (mappedFilesMb) at `to`, much the same all along.
 */
export function ownBreakdown(
  file: string,
  from: number,
  to: number,
  wasmResident: number | null,
  mappedFiles: number | null,
): string {
  let lines: TraceLine[] = [];
  try {
    lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TraceLine)
      .filter((line) => line.t >= from && line.t <= to);
  } catch {
    return 'no trace';
  }
  if (lines.length === 0) return 'no trace';
  const top = lines.reduce((a, b) => (b.rss > a.rss ? b : a));
  // The event loop's longest delay in each 100 ms sample of the phase: the worst and the 99th percentile.
  const lags = lines.map((line) => line.lagMs ?? 0).sort((a, b) => a - b);
  const lag = `event-loop delay max ${lags.at(-1)} ms, 99th percentile of 100 ms windows ${lags[Math.floor(lags.length * 0.99)]} ms`;
  // `external` counts the WebAssembly memories whole; only their touched pages are resident.
  const resident = Math.min(wasmResident ?? top.wasm, top.wasm);
  const rest = top.rss - top.heapTotal - (top.external - top.wasm) - resident - (mappedFiles ?? 0);
  return (
    `RSS ${top.rss} MB: JavaScript heap ${top.heapTotal} MB (${top.heapUsed} used, new space ${top.newSpace}), ` +
    `PGlite's WebAssembly memory ${resident} MB resident of ${top.wasm}, ` +
    `other external memory ${top.external - top.wasm} MB (ArrayBuffers ${top.arrayBuffers}), ` +
    `mapped files (Node.js and its libraries) ${mappedFiles ?? '-'} MB, ` +
    `the rest (threads' heaps and stacks, native memory, the allocator's free memory) ${Math.round(rest)} MB; ${lag}`
  );
}

/**
 * Resident MB of the process's WebAssembly memories, from /proc/PID/smaps: V8 maps a memory's pages
 * (PGlite's: 128 MB) right below the guard region it reserves past them, gigabytes of address space
 * that no other mapping reaches.
 */
export function wasmResidentMb(pid: number): number | null {
  let smaps: string;
  try {
    smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return null;
  }
  const maps: { start: number; end: number; rss: number }[] = [];
  for (const line of smaps.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) maps.push({ start: Number.parseInt(range[1]!, 16), end: Number.parseInt(range[2]!, 16), rss: 0 });
    else if (line.startsWith('Rss:') && maps.length > 0) maps.at(-1)!.rss = Number(/(\d+)/.exec(line)![1]);
  }
  const guards = new Set(maps.filter((m) => m.end - m.start >= 2 ** 32).map((m) => m.start));
  const kb = maps.filter((m) => guards.has(m.end) && m.end - m.start >= 2 ** 20).reduce((sum, m) => sum + m.rss, 0);
  return Math.round(kb / 1024);
}

/** Resident MB of the process's mapped files (its code: Node.js, its libraries, native addons), from /proc/PID/smaps_rollup. */
export function mappedFilesMb(pid: number): number | null {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
    return Math.round((kb('Rss') - kb('Anonymous') - kb('Shmem')) / 1024);
  } catch {
    return null;
  }
}
