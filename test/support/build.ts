/**
 * The processes the tests spawn (`intake start`, `intake orgs create`, ...) run the built CLI,
 * `daemon/bin/intake.mjs` on `daemon/dist`, as a user's would: compiling the TypeScript on the fly
 * with tsx cost about a second of CPU at every one of the suite's ~100 spawns. So that a spawned
 * process never runs a stale build, each vitest project's global setup first runs the build
 * (`tsc -b config/tsconfig.build.json`, what `npm run build` and `npm install` run): incremental, it
 * only checks the build info when `dist/` is current (a fresh clone's `npm install` just built it)
 * and recompiles what changed otherwise; then it bundles the dashboard into
 * packages/dashboard/dist/ui (under a second), which the daemon serves. The in-process tests import
 * the sources directly.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './processes.js';

const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** What `npm run build` runs, in order (package.json): the compiler, then the dashboard's bundle. */
const STEPS = [
  [TSC, '-b', path.join('config', 'tsconfig.build.json')],
  [path.join(REPO_ROOT, 'packages', 'dashboard', 'scripts', 'bundle.mjs')],
];

function step(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`the build the spawned processes run failed (npm run build):\n${stdout}${stderr}`));
      else resolve();
    });
  });
}

// Both projects' global setups run in vitest's one main process: one build for both.
const shared = globalThis as { intakeBuild?: Promise<void> };

/** Brings every package's and the daemon's `dist/`, and the dashboard's bundle, up to date with the sources (once per run). */
export function ensureBuilt(): Promise<void> {
  shared.intakeBuild ??= (async () => {
    for (const args of STEPS) await step(args);
  })();
  return shared.intakeBuild;
}
