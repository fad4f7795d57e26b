/**
 * Where a daemon's CPU time went in one measured window, from the V8 CPU profiles that
 * `BENCH_CPU_PROF=DIR npm run bench:smtp` writes: self time by package (node_modules/<package>,
 * packages/<name>, daemon, Node's internals) and the functions with the most self time. The window
 * includes the mail workers, which parse messages while the edge accepts more.
 *
 *   npx tsx --tsconfig tsconfig.json test/bench/smtp/profile-summary.ts DIR/intake-pglite/window-2.cpuprofile
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function bucketOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(packages\/[^/]+|daemon)\//.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?([^/]+).*/, 'node:$2');
  return url;
}

function summarize(file: string): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Stopping the profiler (under cpu-prof.mjs's signal handler) is sampled too: leave it out.
  const ours = new Set<number>();
  const mark = (id: number) => {
    ours.add(id);
    for (const child of byId.get(id)?.children ?? []) mark(child);
  };
  for (const n of profile.nodes) if (n.callFrame.url.endsWith('/cpu-prof.mjs')) mark(n.id);
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    if (ours.has(id)) return;
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const busy =
    total -
    [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((sum, [, t]) => sum + t, 0);
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, t] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const bucket = bucketOf(frame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + t);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(packages|daemon)\//, '$1/')}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + t);
  }
  const rows = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, t]) => ({
        name,
        'self ms': Math.round(t / 1000),
        'share of busy': `${((100 * t) / busy).toFixed(1)}%`,
      }));
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (not idle)`);
  console.table(rows(buckets, 20));
  console.table(rows(functions, 25));
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: profile-summary.ts FILE.cpuprofile...');
  process.exitCode = 2;
}
for (const file of files) summarize(file);
