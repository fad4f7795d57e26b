import type { Knex } from 'knex';
import { percentile } from './stack.js';
import type { LoadedOrg } from './bulk.js';

export interface QueryResult {
  name: string;
  p50: number;
  p95: number;
  /** `total` of a list (exact count(*)), or `total_jobs` of the stats. */
  total: number;
}

/** The list and stats requests measured over the bulk-loaded organization. */
export function scenarios(org: LoadedOrg, now: Date): Array<{ name: string; path: string }> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();
  const ext = org.extractorIds[2]!;
  const busy = org.extractorIds[0]!;
  return [
    { name: 'list, no filter, first page', path: '/v1/documents?limit=50' },
    { name: 'list status=failed', path: '/v1/documents?status=failed' },
    { name: 'list status=queued', path: '/v1/documents?status=queued' },
    { name: 'list extractor_id', path: `/v1/documents?extractor_id=${ext}` },
    { name: 'list created 1-day window', path: `/v1/documents?created_after=${at(8)}&created_before=${at(7)}` },
    { name: 'list min_confidence=0.9', path: '/v1/documents?min_confidence=0.9' },
    {
      name: 'list all filters',
      path: `/v1/documents?status=completed&extractor_id=${busy}&created_after=${at(30)}&created_before=${at(1)}&min_confidence=0.8`,
    },
    { name: 'list deep page offset=10000', path: '/v1/documents?limit=50&offset=10000' },
    {
      name: 'list status+extractor offset=10000',
      path: `/v1/documents?status=completed&extractor_id=${ext}&offset=10000`,
    },
    { name: 'list min_confidence offset=10000', path: '/v1/documents?min_confidence=0.9&offset=10000' },
    { name: 'stats period=30d', path: '/v1/documents/stats?period=30d' },
    { name: 'stats period=90d', path: '/v1/documents/stats?period=90d' },
  ];
}

/** Sequential requests (one client, keep-alive): the latency a dashboard sees, not a load test. */
export async function timeRequests(
  origin: string,
  key: string,
  name: string,
  path: string,
  samples: number,
): Promise<QueryResult> {
  const headers = { authorization: `Bearer ${key}` };
  const times: number[] = [];
  let total = NaN;
  // Three untimed requests first: the first plan and the first touch of cold pages are not typical.
  for (let i = 0; i < samples + 3; i++) {
    const started = performance.now();
    const res = await fetch(origin + path, { headers });
    const body = (await res.json()) as { total?: number; total_jobs?: number };
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body)}`);
    total = body.total ?? body.total_jobs ?? NaN;
    if (i >= 3) times.push(elapsed);
  }
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/**
 * BENCH_EXPLAIN=1: runs one request per scenario while recording knex's queries on `jobs`, then
 * prints EXPLAIN (ANALYZE, BUFFERS) of each: where the time of a slow request goes.
 */
export async function explainRequest(knex: Knex, origin: string, key: string, path: string): Promise<string[]> {
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const record = (q: { sql: string; bindings?: unknown[] }) => {
    if (/\bjobs\b|job_/.test(q.sql) && /^\s*(select|with)\b/i.test(q.sql))
      seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  knex.on('query', record);
  try {
    await fetch(origin + path, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.arrayBuffer());
  } finally {
    knex.off('query', record);
  }
  const plans: string[] = [];
  for (const q of seen) {
    // The event carries pg's positional $n placeholders; knex.raw wants `?` (same order).
    const { rows } = await knex.raw(
      `explain (analyze, buffers) ${q.sql.replace(/\$\d+/g, '?')}`,
      q.bindings as Knex.RawBinding[],
    );
    plans.push(`${q.sql}\n${rows.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n')}`);
  }
  return plans;
}
