/**
 * What the reader process's memory gate counts (MEMORY_BUDGET_MB): its own resident memory and
 * its parent's, the daemon's, read from /proc. A child process forked here reports its parent's,
 * which must be this process's own.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parentResident, residentOf } from '../../daemon/src/reading/parent-resident.js';
import { repoRoot } from '../ocr/documents.js';

const MB = 1024 * 1024;

describe("the reader process's budget counts the daemon's memory", () => {
  it("reads a process's resident memory from /proc, and nothing for one that is gone", () => {
    const own = residentOf(process.pid)!;
    // Allocation between the two readings moves them a little, not by tens of MB.
    expect(Math.abs(own - process.memoryUsage.rss())).toBeLessThan(32 * MB);
    // Above any pid the kernel hands out (pid_max is at most 2^22).
    expect(residentOf(2 ** 23)).toBeUndefined();
  });

  it("reads the parent's, as the reader process reads the daemon's", async () => {
    const built = path.join(repoRoot, 'daemon/dist/reading/parent-resident.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-parent-resident-'));
    const script = path.join(dir, 'child.mjs');
    fs.writeFileSync(
      script,
      `const { parentResident } = await import(${JSON.stringify(pathToFileURL(built).href)});
      process.send({ parent: parentResident() }, () => process.exit(0));`,
    );
    const child = fork(script, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const report = await new Promise<{ parent: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { parent: number }));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the child exited with ${code} before reporting`)));
    });
    fs.rmSync(dir, { recursive: true, force: true });
    const mine = residentOf(process.pid)!;
    expect(Math.abs(report.parent - mine)).toBeLessThan(32 * MB);
    // This process's parent (vitest's) is counted likewise.
    expect(parentResident()).toBeGreaterThan(0);
  });
});
