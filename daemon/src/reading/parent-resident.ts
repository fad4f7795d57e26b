/**
 * The resident memory the reader process's memory gate counts besides its own (MEMORY_BUDGET_MB):
 * the daemon's, its parent's, read from `/proc/PID/status` (VmRSS) each time the gate asks. The
 * budget is for the tree because that is what the machine gives the daemon; the daemon's share
 * (its database, servers, requests) moves with the load, so the reader reads it rather than
 * assuming one. What a page costs is still learned from the reader's own memory alone: the
 * daemon's moves by tens of MB on its own (a burst of uploads parsed, then collected). Where the
 * parent's cannot be read (no /proc, the parent gone), the reader's own counts alone.
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

/** The parent's (the daemon's) resident bytes, or 0 where they cannot be read. */
export function parentResident(): number {
  return residentOf(process.ppid) ?? 0;
}
