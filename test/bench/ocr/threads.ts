/**
 * CPU seconds of each thread of this process, from /proc (Linux only), so the benchmark can tell
 * the OCR workers' share of the pool's CPU from everything around them (decoding, messaging, GC).
 */
import fs from 'node:fs';

const TASKS = '/proc/self/task';
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) by thread id; empty where /proc is missing. */
export function threadCpu(): Map<string, number> {
  const cpu = new Map<string, number>();
  if (!fs.existsSync(TASKS)) return cpu;
  for (const tid of fs.readdirSync(TASKS)) {
    try {
      const stat = fs.readFileSync(`${TASKS}/${tid}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces: state is 3rd, utime 14th, stime 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(tid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return cpu;
}

/** CPU each thread used between two snapshots, busiest first. */
export function threadCpuSince(before: Map<string, number>, after: Map<string, number> = threadCpu()): number[] {
  return [...after].map(([tid, seconds]) => seconds - (before.get(tid) ?? 0)).sort((a, b) => b - a);
}
