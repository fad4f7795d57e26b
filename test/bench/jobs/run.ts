/**
 * Benchmark of the job queue and of job queries (issue 3):
 *  1. BENCH_JOBS test-mode jobs submitted through POST /v1/documents and run by JobWorkers, on PGlite
 *     and on PostgreSQL, against the database's floor (bare INSERT + SKIP LOCKED claim + UPDATE).
 *  2. On PostgreSQL, BENCH_ROWS jobs bulk-loaded for one organization, then GET /v1/documents with
 *     filters and GET /v1/documents/stats timed through the HTTP API.
 * It prints; it never asserts timings. It fails only on real errors (a request or a job failing).
 *
 *   npm run bench:jobs                                  # 1,000 jobs, 1,000,000 rows
 *   BENCH_JOBS=200 BENCH_ROWS=50000 npm run bench:jobs  # quick
 * Also: BENCH_WORKERS (2, the WORKER_CONCURRENCY default), BENCH_SUBMITTERS (16), BENCH_SAMPLES (50),
 * BENCH_EXPLAIN=1 (query plans of every list/stats request).
 */
import os from 'node:os';
import { createSqlStorage } from '@intake/storage-sql';
import { createIntake } from '@intake/core';
import { makeInvoicePdf } from '../../support/fixtures.js';
import { startPostgres } from '../../support/postgres-server.js';
import { loadJobs, migrateThrough } from './bulk.js';
import { explainRequest, scenarios, timeRequests, type QueryResult } from './queries.js';
import { startStack } from './stack.js';
import { floorThroughput, intakeThroughput, type ThroughputOptions, type ThroughputResult } from './throughput.js';

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number >= 0, not ${raw}`);
  return value;
}

const JOBS = envInt('BENCH_JOBS', 1000);
const ROWS = envInt('BENCH_ROWS', 1_000_000);
const SAMPLES = Math.max(1, envInt('BENCH_SAMPLES', 50));
const options: ThroughputOptions = {
  jobs: Math.max(1, JOBS),
  warmup: Math.min(100, Math.ceil(JOBS / 10)),
  submitters: Math.max(1, envInt('BENCH_SUBMITTERS', 16)),
  workers: Math.max(1, envInt('BENCH_WORKERS', 2)),
};
const LIST_TARGET_MS = 50;
const STATS_TARGET_MS = 300;
const ms = (n: number) => Math.round(n * 10) / 10;

function printThroughput(pairs: Array<[ThroughputResult, ThroughputResult]>): void {
  console.log(
    `\nSubmit-to-completed, ${options.jobs} jobs (after ${options.warmup} warm-up), ${options.submitters} submitters, ${options.workers} workers`,
  );
  console.table(
    pairs.flatMap(([floor, intake]) =>
      [floor, intake].map((r) => ({
        target: r.name,
        'jobs/s': Math.round(r.jobsPerSecond),
        'p50 ms': Math.round(r.p50),
        'p99 ms': Math.round(r.p99),
        'jobs/s vs floor': (r.jobsPerSecond / floor.jobsPerSecond).toFixed(2),
        'p50 vs floor': (r.p50 / floor.p50).toFixed(2),
      })),
    ),
  );
}

function printQueries(results: QueryResult[]): void {
  console.log(
    `\nGET over ${ROWS.toLocaleString('en')} jobs on PostgreSQL, ${SAMPLES} sequential requests each (after 3 untimed)`,
  );
  console.table(
    results.map((r) => {
      const target = r.name.startsWith('stats') ? STATS_TARGET_MS : LIST_TARGET_MS;
      return {
        request: r.name,
        'p50 ms': ms(r.p50),
        'p95 ms': ms(r.p95),
        total: r.total,
        target: `p95 < ${target}: ${r.p95 < target ? 'met' : 'NOT met'}`,
      };
    }),
  );
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void>> = [];
  const log = (line: string) => console.log(line);
  try {
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // Distinct files, as real submissions are: identical bytes would share one content-addressed blob.
    const pdfs: string[] = [];
    for (let i = 0; i < options.jobs + options.warmup; i++)
      pdfs.push(Buffer.from(await makeInvoicePdf({ number: `INV-${100000 + i}`, salt: String(i) })).toString('base64'));

    const pglite = await createSqlStorage({ kind: 'pglite' });
    cleanups.push(() => pglite.close());
    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const pg = await createSqlStorage({ kind: 'postgres', databaseUrl: postgres.url });
    cleanups.push(() => pg.close());

    const pairs: Array<[ThroughputResult, ThroughputResult]> = [];
    for (const [label, storage] of [
      ['PGlite', pglite],
      ['PostgreSQL', pg],
    ] as const) {
      log(`${label}: floor...`);
      const floor = await floorThroughput(`floor on ${label}`, storage.knex, options);
      log(`${label}: Intake...`);
      pairs.push([floor, await intakeThroughput(`Intake on ${label}`, storage, pdfs, options)]);
    }
    printThroughput(pairs);
    if (ROWS === 0) return;

    // Its own database, so the bulk organization shares nothing with the throughput run.
    await pg.knex.raw('create database bench_bulk');
    const bulk = await createSqlStorage({
      kind: 'postgres',
      databaseUrl: postgres.url.replace(/\/postgres$/, '/bench_bulk'),
      migrate: false,
    });
    cleanups.push(() => bulk.close());
    await migrateThrough(bulk.knex, 2);
    const intake = createIntake({ stores: bulk });
    log(`\nLoading ${ROWS.toLocaleString('en')} jobs into PostgreSQL...`);
    let started = performance.now();
    const org = await loadJobs(bulk.knex, intake, ROWS, log);
    await bulk.knex.raw('vacuum analyze jobs');
    log(`  loaded and vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const applied = await bulk.migrate();
    await bulk.knex.raw('vacuum analyze');
    const size = (await bulk.knex.raw(`select pg_size_pretty(pg_total_relation_size('jobs')) as size`)).rows[0].size;
    log(
      `  later migrations on the full table: ${applied.join(', ') || 'none'} in ${((performance.now() - started) / 1000).toFixed(1)} s; jobs table with indexes: ${size}`,
    );

    const stack = await startStack(bulk, { workers: 0 });
    cleanups.push(() => stack.close());
    const results: QueryResult[] = [];
    for (const { name, path } of scenarios(org, new Date())) {
      if (process.env.BENCH_EXPLAIN === '1')
        for (const plan of await explainRequest(bulk.knex, stack.origin, org.key, path)) log(`\n-- ${name}\n${plan}`);
      results.push(await timeRequests(stack.origin, org.key, name, path, SAMPLES));
    }
    printQueries(results);
  } finally {
    // Reverse order: HTTP servers before their databases, the PostgreSQL server last.
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
