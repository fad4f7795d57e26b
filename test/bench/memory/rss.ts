/**
 * Resident memory of a process tree, read from /proc (Linux): VmRSS of the process and of every
 * process below it (a bundler's service process, say, counts as the daemon's), sampled on a timer;
 * VmHWM is the kernel's own high-water mark of one process, which no sampling interval can miss.
 */
import fs from 'node:fs';

/** MB (2^20 bytes) of a `VmRSS:` / `VmHWM:` line of /proc/PID/status, 0 when the process is gone. */
export function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(/(\d+)\s*kB/.exec(line)?.[1] ?? 0) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${found[i]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${found[i]}/task/${task}/children`, 'utf8');
        for (const child of children.split(' ').filter(Boolean)) found.push(Number(child));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return found;
}

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds the tree below `pid` has used: each live process's user and system time, and the
 * root's children that have ended (a reader process ended after its idle period counts there).
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // After the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based).
      ticks += Number(fields[11]) + Number(fields[12]);
      if (p === pid) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / TICKS;
}

/** VmRSS of the whole tree below `pid`, in MB. */
export const treeRssMb = (pid: number): number => processTree(pid).reduce((sum, p) => sum + statusMb(p, 'VmRSS'), 0);

export interface Sampler {
  /** Highest tree RSS seen since the last `reset()`, in MB. */
  peak(): number;
  /** Highest RSS of the root process alone (the daemon without its reader process), in MB. */
  ownPeak(): number;
  /** Highest RSS of the processes below the root (the reader process), in MB. */
  childPeak(): number;
  /** Starts a new window for `peak()`. */
  reset(): void;
  stop(): void;
}

/** Samples the tree's RSS every `intervalMs`. */
export function sampleRss(pid: number, intervalMs: number): Sampler {
  let peak = 0;
  let own = 0;
  let children = 0;
  const sample = (): void => {
    const root = statusMb(pid, 'VmRSS');
    const tree = treeRssMb(pid);
    peak = Math.max(peak, tree);
    own = Math.max(own, root);
    children = Math.max(children, tree - root);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    peak: () => (sample(), peak),
    ownPeak: () => (sample(), own),
    childPeak: () => (sample(), children),
    reset: () => {
      peak = own = children = 0;
      sample();
    },
    stop: () => clearInterval(timer),
  };
}
