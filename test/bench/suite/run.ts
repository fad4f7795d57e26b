/**
 * CPU per test file (user + system seconds), the measure that matters on a shared two-core
 * machine where wall time swings with the load. Runs vitest once on the given files (vitest's
 * filters: paths or parts of paths; none means every file, which is the whole suite: avoid on a
 * shared machine) with a setup file (cpu-probe.ts) that records, per file, the CPU of its worker and
 * of the processes the worker spawned and reaped (daemons, CLI commands, npm, tsc), and how many
 * `intake` processes it spawned. What is left over is vitest's main process and its global setups:
 * module transforms, the PostgreSQL server (its backends serve every file's queries), the build
 * check, the browser project's daemon and Chromium.
 *
 *   npm run bench:suite -- test/cli test/daemon/startup.test.ts
 *   npm run bench:suite -- --quick            # the quick tier (test/vitest.quick.config.ts)
 *   npm run bench:suite -- --json out.json test/api
 *
 * It prints; it never asserts. Vitest's own output goes to a log file named at the end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reapedChildrenCpuMs } from './proc-cpu.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface FileCpu {
  file: string;
  pid: number;
  workerMs: number;
  workerSinceStartMs: number;
  childrenMs: number;
  daemons: number;
  commands: number;
  wallMs: number;
}

function parseArgs(argv: string[]): { quick: boolean; json: string | null; filters: string[] } {
  const filters: string[] = [];
  let quick = false;
  let json: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--quick') quick = true;
    else if (argv[i] === '--json') json = argv[++i] ?? null;
    else filters.push(argv[i]!);
  }
  return { quick, json, filters };
}

function runVitest(filters: string[], quick: boolean, cpuLog: string, outLog: string): Promise<number | null> {
  const vitest = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const config = path.join('test', 'bench', 'suite', 'vitest.cpu.config.ts');
  const out = fs.openSync(outLog, 'w');
  // This script runs under tsx, whose CLI sets TSX_TSCONFIG_PATH (as `--tsconfig` gave it, relative
  // to the repository): vitest would hand it on to the processes tests spawn in other folders, where
  // a tsx loader registered without a path (a PDF thread of the lab run from source) then fails.
  const { TSX_TSCONFIG_PATH: _tsconfig, ...env } = process.env;
  const child = spawn(process.execPath, [vitest, 'run', '--config', config, ...filters], {
    cwd: REPO_ROOT,
    env: { ...env, INTAKE_CPU_LOG: cpuLog, INTAKE_CPU_TIER: quick ? 'quick' : 'full' },
    stdio: ['ignore', out, out],
  });
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

const s = (ms: number): string => (ms / 1000).toFixed(1);

async function main(): Promise<void> {
  const { quick, json, filters } = parseArgs(process.argv.slice(2));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bench-suite-'));
  const cpuLog = path.join(scratch, 'cpu.jsonl');
  const outLog = path.join(scratch, 'vitest.log');
  fs.writeFileSync(cpuLog, '');
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const before = reapedChildrenCpuMs('self');
  const started = performance.now();
  const code = await runVitest(filters, quick, cpuLog, outLog);
  const wallMs = performance.now() - started;
  const totalMs = reapedChildrenCpuMs('self') - before;
  const rows = fs
    .readFileSync(cpuLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FileCpu)
    .sort((a, b) => b.workerMs + b.childrenMs - (a.workerMs + a.childrenMs));
  console.log('| file | CPU s | worker s | children s | daemons | commands | wall s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const file = path.relative(REPO_ROOT, r.file);
    console.log(
      `| ${file} | ${s(r.workerMs + r.childrenMs)} | ${s(r.workerMs)} | ${s(r.childrenMs)} | ${r.daemons} | ${r.commands} | ${s(r.wallMs)} |`,
    );
  }
  const files = rows.reduce((sum, r) => sum + r.workerMs + r.childrenMs, 0);
  const summary = fs.readFileSync(outLog, 'utf8').match(/^tests: .*$/m)?.[0] ?? 'no summary line';
  console.log(`\n${rows.length} files: ${s(files)} CPU s in their workers and children`);
  console.log(`vitest's main process and global setups: ${s(totalMs - files)} CPU s`);
  console.log(`whole run: ${s(totalMs)} CPU s, ${s(wallMs)} s wall, exit ${code}, ${summary}`);
  const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`load average before: ${load}; after: ${loadAfter}; vitest output: ${outLog}`);
  if (json) fs.writeFileSync(json, JSON.stringify({ totalMs, wallMs, load, loadAfter, rows }, null, 2));
}

await main();
