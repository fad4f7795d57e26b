/**
 * Preloaded into the Intake daemon when BENCH_CPU_PROF is set (NODE_OPTIONS=--import=<this file>;
 * Node refuses --cpu-prof in NODE_OPTIONS). The bench sends SIGUSR2 when a measured window opens
 * and again when it closes: the first starts V8's sampling profiler, the second stops it and writes
 * BENCH_CPU_PROF_DIR/window-<n>.cpuprofile (n = 1, 2, ...: the bench's connection counts in order),
 * so start-up and the backlog drained between windows are left out.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  // 0.5 ms: a finer grain than V8's default (1 ms) for windows of a few seconds.
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  let profiling = false;
  let windows = 0;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.start');
      return;
    }
    profiling = false;
    const n = ++windows;
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `window-${n}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
