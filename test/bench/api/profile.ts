/**
 * Profiling aid for the API bench (not part of `npm run bench:api`, which it does not replace):
 * each target is served by a child process of its own, so that its CPU time per request can be
 * measured apart from the load generator's. CPU time per request is far steadier than throughput
 * on a shared machine, and its ratio to the bare handler's says what the throughput ratio would be
 * if the server were the only thing running.
 *
 *   PROFILE_TARGETS=bare,pglite,postgres PROFILE_ROUNDS=3 BENCH_SECONDS=5 \
 *     npx tsx --tsconfig tsconfig.json test/bench/api/profile.ts
 *
 * A target written `pglite@/path/to/checkout` is served from that other checkout, for an A/B
 * comparison of two versions in one run (rounds alternate between targets).
 *
 * With PROFILE_DIR set, each measured run (not start-up, migrations or warm-up) of the server's
 * main thread is also written there as a .cpuprofile (Chrome DevTools, speedscope); with
 * PROFILE_HEAP=1 as a .heapprofile of sampled allocations instead.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createSqlStorage } from '@intake/storage-sql';
import { startPostgres } from '../../support/postgres-server.js';
import { startBare, startIntake, type Target } from './targets.js';

const CONNECTIONS = 64;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 1);
const profileDir = process.env.PROFILE_DIR;
/** With PROFILE_HEAP=1 the files are sampled allocations (.heapprofile), not CPU profiles. */
const heap = process.env.PROFILE_HEAP === '1';

type ToServer = { type: 'start'; profile?: string } | { type: 'stop' } | { type: 'exit' };
type FromServer =
  | { type: 'ready'; name: string; url: string; headers: Record<string, string> }
  | { type: 'stopped'; requests: number; userUs: number; systemUs: number; elu: number };

/** The child: serves one target and measures itself between `start` and `stop`. */
async function serve(kind: string): Promise<void> {
  const cleanups: Array<() => Promise<void>> = [];
  let target: Target;
  const pglite = async () => {
    const storage = await createSqlStorage({ kind: 'pglite' });
    cleanups.push(() => storage.close());
    return startIntake('Intake on PGlite', storage);
  };
  if (kind === 'bare') {
    // The same body as the real route's: an Intake target started only to get it.
    const intake = await pglite();
    await intake.close();
    target = await startBare(intake.extractorJson);
  } else if (kind === 'postgres') {
    const pg = await startPostgres();
    cleanups.push(() => pg.stop());
    const storage = await createSqlStorage({ kind: 'postgres', databaseUrl: pg.url });
    cleanups.push(() => storage.close());
    target = await startIntake('Intake on PostgreSQL', storage);
  } else target = await pglite();
  cleanups.push(() => target.close());

  let requests = 0;
  // Counts responses as they finish, without touching the target's handler.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the server as `this`
  const originalEmit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') requests++;
    return Reflect.apply(originalEmit, this, [event, ...args]) as boolean;
  } as typeof originalEmit;

  const session = new Session();
  let profilePath: string | undefined;
  let cpu = process.cpuUsage();
  let elu = performance.eventLoopUtilization();
  process.on('message', (message: ToServer) => {
    void (async () => {
      if (message.type === 'start') {
        profilePath = message.profile;
        if (profilePath) {
          session.connect();
          if (heap) {
            await session.post('HeapProfiler.enable');
            // Every allocation counts, not only what is still alive when sampling stops.
            await session.post('HeapProfiler.startSampling', {
              samplingInterval: 1024,
              includeObjectsCollectedByMajorGC: true,
              includeObjectsCollectedByMinorGC: true,
            });
          } else {
            await session.post('Profiler.enable');
            await session.post('Profiler.start');
          }
        }
        requests = 0;
        cpu = process.cpuUsage();
        elu = performance.eventLoopUtilization();
      } else if (message.type === 'stop') {
        await target.idle();
        const used = process.cpuUsage(cpu);
        const loop = performance.eventLoopUtilization(elu);
        if (profilePath) {
          const { profile } = heap
            ? await session.post('HeapProfiler.stopSampling')
            : await session.post('Profiler.stop');
          session.disconnect();
          await writeFile(profilePath, JSON.stringify(profile));
        }
        process.send!({
          type: 'stopped',
          requests,
          userUs: used.user,
          systemUs: used.system,
          elu: loop.utilization,
        } satisfies FromServer);
      } else {
        for (const cleanup of cleanups.reverse())
          await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
        process.exit(0);
      }
    })();
  });
  process.send!({ type: 'ready', name: target.name, url: target.url, headers: target.headers } satisfies FromServer);
}

interface Server {
  child: ChildProcess;
  ready: Extract<FromServer, { type: 'ready' }>;
}

function nextMessage(child: ChildProcess): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as FromServer));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const kinds = (process.env.PROFILE_TARGETS ?? 'bare,pglite').split(',');
  const servers: Server[] = [];
  try {
    for (const spec of kinds) {
      // `pglite@/path/to/other/checkout` serves the target from another checkout (an A/B comparison).
      const [kind, root] = spec.split('@') as [string, string | undefined];
      const script = root ? path.join(root, 'test/bench/api/profile.ts') : fileURLToPath(import.meta.url);
      const child = fork(script, [], {
        env: { ...process.env, PROFILE_ROLE: kind },
        execArgv: process.execArgv,
        ...(root ? { cwd: root } : {}),
      });
      const ready = await nextMessage(child);
      if (ready.type !== 'ready') throw new Error('unexpected message');
      servers.push({ child, ready: { ...ready, name: root ? `${ready.name} (${root})` : ready.name } });
    }
    const rows: Array<Record<string, string | number>> = [];
    for (let round = 1; round <= rounds; round++) {
      for (const [i, { child, ready }] of servers.entries()) {
        const load = (duration: number) =>
          autocannon({ url: ready.url, headers: ready.headers, connections: CONNECTIONS, duration, workers: 1 });
        await load(Math.max(1, Math.round(seconds / 5)));
        const profile = profileDir
          ? path.join(profileDir, `${kinds[i]!.replace(/\W+/g, '_')}-${round}.${heap ? 'heapprofile' : 'cpuprofile'}`)
          : undefined;
        child.send({ type: 'start', ...(profile ? { profile } : {}) } satisfies ToServer);
        const result = await load(seconds);
        child.send({ type: 'stop' } satisfies ToServer);
        const stopped = await nextMessage(child);
        if (stopped.type !== 'stopped') throw new Error('unexpected message');
        rows.push({
          round,
          target: ready.name,
          'req/s': Math.round(result.requests.average),
          'cpu µs/req': Math.round((stopped.userUs + stopped.systemUs) / stopped.requests),
          'user µs/req': Math.round(stopped.userUs / stopped.requests),
          'sys µs/req': Math.round(stopped.systemUs / stopped.requests),
          'loop busy': stopped.elu.toFixed(2),
          failures: result.non2xx + result.errors + result.timeouts,
        });
      }
    }
    console.table(rows);
    const perTarget = new Map<string, number[]>();
    for (const row of rows)
      perTarget.set(String(row.target), [...(perTarget.get(String(row.target)) ?? []), Number(row['cpu µs/req'])]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const bare = perTarget.get('bare Koa');
    for (const [name, xs] of perTarget) {
      console.log(
        `${name}: median ${median(xs)} µs CPU/request${bare && name !== 'bare Koa' ? `, bare/this ${(median(bare) / median(xs)).toFixed(2)}` : ''}`,
      );
    }
  } finally {
    for (const { child } of servers) {
      child.send({ type: 'exit' } satisfies ToServer);
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const role = process.env.PROFILE_ROLE;
(role ? serve(role) : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
