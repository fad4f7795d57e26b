/**
 * The daemon's memory as it starts, with no document: `intake start` (the built daemon, default
 * settings) on a new PGlite DATA_DIR (PostgreSQL's initdb and the migrations), stopped, then started
 * again on the same directory. For each start it prints the time until GET /readyz answers, the
 * daemon's own high-water mark (VmHWM, which no sampling can miss) and resident memory (VmRSS) once
 * ready, and the same of its whole process tree; and the CPU time it took to be ready, its own and its
 * ended children's (the process that creates a new directory): the time on a shared machine moves
 * with the load, the CPU much less.
 *
 *   npx tsx --tsconfig tsconfig.json test/bench/memory/start.ts
 *   BENCH_STARTS=3 ...                      three rounds of first start and restart
 *   BENCH_INTAKE_BIN=/other/checkout/daemon/bin/intake.mjs ...   another build (before and after)
 */
import fs from 'node:fs';
import { ensureBuilt } from '../../support/build.js';
import { makeTempDir, removeTempDirs, startDaemon } from '../../support/processes.js';
import { statusMb, treeRssMb } from './rss.js';

const ROUNDS = Number(process.env.BENCH_STARTS ?? 1);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1)
  throw new Error(`BENCH_STARTS must be a whole number, not ${process.env.BENCH_STARTS}`);
const BIN = process.env.BENCH_INTAKE_BIN || undefined;

const load = (): string => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const mb = (n: number): string => `${Math.round(n)} MB`;

/** CPU seconds of `pid` and of its children it has waited for (utime, stime, cutime, cstime of /proc/PID/stat). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  return ticks / 100;
}

/** Starts a daemon on `dataDir`, prints its figures once ready, and stops it. */
async function measure(label: string, dataDir: string): Promise<void> {
  const t0 = performance.now();
  const daemon = await startDaemon({ DATA_DIR: dataDir }, { bin: BIN, timeoutMs: 600_000 });
  const readyMs = performance.now() - t0;
  const line = [
    label.padEnd(12),
    `ready in ${(readyMs / 1000).toFixed(1)} s`.padEnd(16),
    `CPU ${cpuSeconds(daemon.pid).toFixed(1)} s`.padEnd(11),
    `VmHWM ${mb(statusMb(daemon.pid, 'VmHWM'))}`.padEnd(14),
    `VmRSS ${mb(statusMb(daemon.pid, 'VmRSS'))}`.padEnd(14),
    `tree ${mb(treeRssMb(daemon.pid))}`.padEnd(13),
    `load ${load()}`,
  ];
  const stopped = await daemon.stop('SIGTERM', 30_000);
  if (stopped.code !== 0) throw new Error(`the daemon exited ${JSON.stringify(stopped)}:\n${daemon.stderr()}`);
  console.log(line.join('  '));
}

async function main(): Promise<void> {
  console.log(`bench:memory start: ${BIN ?? 'this checkout'}, load average ${load()}`);
  await ensureBuilt();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const dataDir = makeTempDir('intake-bench-start-');
      await measure('first start', dataDir);
      await measure('restart', dataDir);
    }
  } finally {
    await removeTempDirs();
  }
}

await main();
