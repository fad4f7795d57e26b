/**
 * A vitest setup file for `npm run bench:suite` (test/bench/suite/run.ts), never part of `npm test`:
 * after the file's own hooks (its afterAll ran first: hooks run in reverse order), it appends one
 * JSON line with the CPU the test file cost in its worker process and in the processes the worker
 * spawned and reaped (daemons, CLI commands, npm, tsc), and how many `intake` processes it spawned.
 */
import fs from 'node:fs';
import { afterAll, expect } from 'vitest';
import { processCpuMs, reapedChildrenCpuMs } from './proc-cpu.js';

const log = process.env.INTAKE_CPU_LOG;
const spawns = globalThis as { intakeSpawns?: { daemons: number; commands: number } };

if (log) {
  const startOwn = process.cpuUsage();
  const startChildren = reapedChildrenCpuMs(process.pid);
  const startWall = performance.now();
  // A worker that runs file after file (isolate: false) keeps its counts: this file's are the difference.
  const startSpawns = { daemons: spawns.intakeSpawns?.daemons ?? 0, commands: spawns.intakeSpawns?.commands ?? 0 };
  afterAll(() => {
    const file = expect.getState().testPath ?? '';
    const own = process.cpuUsage(startOwn);
    const children = reapedChildrenCpuMs(process.pid) - startChildren;
    const line = {
      file,
      pid: process.pid,
      workerMs: Math.round((own.user + own.system) / 1000),
      workerSinceStartMs: processCpuMs(process.pid),
      childrenMs: children,
      daemons: (spawns.intakeSpawns?.daemons ?? 0) - startSpawns.daemons,
      commands: (spawns.intakeSpawns?.commands ?? 0) - startSpawns.commands,
      wallMs: Math.round(performance.now() - startWall),
    };
    fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
