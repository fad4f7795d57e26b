/**
 * Benchmark of GET /v1/extractors/{id}: the real Intake API (API-key authentication and the
 * per-organization rate limiter on every request) on PGlite and on PostgreSQL, against a bare Koa
 * handler serving the same JSON, all measured in one run. It reports; it does not assert the target.
 *
 *   npm run bench:api                 # ~10 s per target
 *   BENCH_SECONDS=3 npm run bench:api # quicker
 */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres-server.js';
import { startBare, startIntake, type Target } from './targets.js';

const CONNECTIONS = 64;
const TARGET_RATIO = 0.5;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
if (!Number.isFinite(seconds) || seconds <= 0)
  throw new Error(`BENCH_SECONDS must be a positive number, not ${process.env.BENCH_SECONDS}`);
// Long enough for JIT, pools and the database's caches; short enough not to dominate a quick run.
const warmupSeconds = Math.max(1, Math.round(seconds / 5));

interface Measured {
  target: Target;
  result: Result;
  /** Failures during warm-up count too: any of them means the numbers are not of a healthy server. */
  failures: number;
}

async function load(target: Target, duration: number): Promise<Result> {
  return autocannon({
    url: target.url,
    headers: target.headers,
    connections: CONNECTIONS,
    duration,
    // The load generator runs in a worker thread: on the server's event loop it would add its own
    // per-request cost to every target and pull the ratio toward 1.
    workers: 1,
  });
}

const failuresOf = (r: Result) => r.non2xx + r.errors + r.timeouts;

async function measure(target: Target): Promise<Measured> {
  process.stdout.write(`${target.name}: ${warmupSeconds} s warm-up, ${seconds} s measured... `);
  const warmup = await load(target, warmupSeconds);
  // Requests still queued in the server (e.g. waiting for a pooled connection) would otherwise be
  // served during the next measurement, or be cut off by the shutdown.
  await target.idle();
  const result = await load(target, seconds);
  await target.idle();
  console.log(`${Math.round(result.requests.average)} req/s`);
  return { target, result, failures: failuresOf(warmup) + failuresOf(result) };
}

function report(runs: Measured[]): boolean {
  const bare = runs[0]!.result.requests.average;
  const rows = runs.map(({ target, result }, i) => ({
    target: target.name,
    'req/s': Math.round(result.requests.average),
    // autocannon's histogram holds whole milliseconds.
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    'vs bare': i === 0 ? '1.00' : (result.requests.average / bare).toFixed(2),
  }));
  // The load average says whether something else was competing for the 2 cores during the run.
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\nGET /v1/extractors/{id}, ${CONNECTIONS} connections, ${seconds} s per target, Node ${process.version}, ${os.cpus().length} CPUs, load average ${load}`,
  );
  console.table(rows);
  for (const { target, result } of runs.slice(1)) {
    const ratio = result.requests.average / bare;
    console.log(
      `${target.name}: ${ratio.toFixed(2)} of bare (target ${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  }
  let healthy = true;
  for (const { target, result, failures } of runs) {
    if (failures === 0) continue;
    healthy = false;
    console.error(
      `${target.name}: ${failures} failed requests (status counts: ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return healthy;
}

async function main(): Promise<void> {
  // Everything opened is pushed here so that the finally block closes it, whatever failed.
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const pglite: SqlStorage = await createSqlStorage({ kind: 'pglite' });
    cleanups.push(() => pglite.close());
    const postgres: ThrowawayPostgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const pgStorage = await createSqlStorage({ kind: 'postgres', databaseUrl: postgres.url });
    cleanups.push(() => pgStorage.close());

    const onPglite = await startIntake('Intake on PGlite', pglite);
    cleanups.push(() => onPglite.close());
    const onPostgres = await startIntake('Intake on PostgreSQL', pgStorage);
    cleanups.push(() => onPostgres.close());
    const bare = await startBare(onPglite.extractorJson);
    cleanups.push(() => bare.close());

    const runs: Measured[] = [];
    // Bare first: its number is the yardstick for the two others. It gets the same Authorization
    // header (and ignores it) so that every target receives the same request bytes.
    for (const target of [{ ...bare, headers: onPglite.headers }, onPglite, onPostgres])
      runs.push(await measure(target));
    if (!report(runs)) process.exitCode = 1;
  } finally {
    // Reverse order: servers before the databases they use, the database server last.
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
