/**
 * CPU time from /proc (Linux): a process's own, and what its waited-for children used (which
 * includes their own reaped children: a daemon's, npm's). Clock ticks are 100 per second on Linux
 * (`getconf CLK_TCK`), which the kernel reports whatever the hardware.
 */
import fs from 'node:fs';

const TICK_MS = 10;

/** Fields 14 to 17 of /proc/<pid>/stat: utime, stime, cutime, cstime (in ticks). */
function times(pid: number | 'self'): [number, number, number, number] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const at = (n: number) => Number(fields[n - 3]);
  return [at(14), at(15), at(16), at(17)];
}

/** User + system CPU of the process itself, in ms. */
export function processCpuMs(pid: number | 'self'): number {
  const [utime, stime] = times(pid);
  return (utime + stime) * TICK_MS;
}

/** User + system CPU of the process's children it has waited for, in ms. */
export function reapedChildrenCpuMs(pid: number | 'self'): number {
  const [, , cutime, cstime] = times(pid);
  return (cutime + cstime) * TICK_MS;
}
