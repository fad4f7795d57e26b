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

/** The traced sample of highest RSS between `from` and `to` (ms since the epoch), as one line of text. */
export function ownBreakdown(file: string, from: number, to: number): string {
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
  const rest = top.rss - top.heapTotal - top.external;
  return (
    `RSS ${top.rss} MB: JavaScript heap ${top.heapTotal} MB (${top.heapUsed} used, new space ${top.newSpace}), ` +
    `external ${top.external} MB (ArrayBuffers ${top.arrayBuffers}, WebAssembly memory ${top.wasm}), ` +
    `the rest (code, native, the allocator's free memory) ${Math.round(rest)} MB`
  );
}
