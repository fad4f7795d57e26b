/**
 * The resident memory the reader process's memory gate counts (MEMORY_BUDGET_MB): its own and the
 * daemon's, its parent's, read from `/proc/PID/status` (VmRSS) each time the gate asks. The
 * budget is for the tree because that is what the machine gives the daemon; the daemon's share
 * (its database, servers, requests) moves with the load, so the reader learns it rather than
 * assuming one. Where the parent's cannot be read (no /proc, the parent gone), the reader's own
 * counts alone.
 */
import fs from 'node:fs';
import process from 'node:process';

/** VmRSS of `pid` in bytes, or undefined where it cannot be read. */
export function residentOf(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB$/mu.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** This process's resident bytes plus its parent's (the daemon's), where they can be read. */
export function treeResident(): number {
  return process.memoryUsage.rss() + (residentOf(process.ppid) ?? 0);
}
