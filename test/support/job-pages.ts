/**
 * Job-list paging measured where it costs: `rows` jobs inserted by one INSERT ... SELECT over
 * generate_series, and the plan of the query `jobs.list` really runs (caught from knex's query
 * event) under EXPLAIN (ANALYZE, BUFFERS): how many index or table entries it read and how many
 * buffers it touched. Used by test/jobs/job-list-keyset.test.ts and test/bench/jobs/paging.ts.
 */
import type { Knex } from 'knex';
import type { Environment, Intake } from '@intake/core';
import type { JobFilter, JobPageRequest } from '@intake/core/ports';
import type { SqlStorage } from '@intake/storage-sql';

/**
 * `rows` jobs of a new organization, one created per second backwards from `newest` (some pairs
 * share a second, so ties are broken by id), a tenth failed, the rest completed, all `mode`.
 */
export async function insertJobRows(
  knex: Knex,
  intake: Intake,
  rows: number,
  options: { mode?: Environment; newest?: Date } = {},
): Promise<{ orgId: string; extractorId: string }> {
  const org = await intake.organizations.create({ name: 'Paging org', plan: 'enterprise' });
  const extractor = await intake.extractors.create(
    org.org_id,
    {
      name: 'Invoices',
      document_type: 'invoice',
      field_definitions: [{ name: 'invoice_number', type: 'text', required: true, description: 'The number' }],
    },
    'admin',
  );
  const batch = 100_000;
  for (let from = 1; from <= rows; from += batch) {
    await knex.raw(
      `insert into jobs (id, org_id, extractor_id, extractor_name, document_type, field_definitions, environment, status,
                         blob_key, mime_type, size_bytes, page_count, estimated_cost, metadata, extracted_data, overall_confidence,
                         processing_time_ms, attempts, created_at, completed_at, failed_at)
       select 'job_' || substr(md5(:org || g), 1, 20), :org, :ext, 'Invoices', 'invoice', '[]'::jsonb, :mode,
              case when g % 10 = 0 then 'failed' else 'completed' end,
              md5('blob' || g), 'application/pdf', 20000 + g % 5000, 1, 1,
              jsonb_build_object('reference', 'PO-' || g), jsonb_build_object('invoice_number', 'INV-' || g), 0.9, 500, 1,
              created, case when g % 10 <> 0 then created end, case when g % 10 = 0 then created end
         from (select g, :newest::timestamptz - ((g / 2 * 2) || ' seconds')::interval as created
                 from generate_series(:from::int, :to::int) g) s`,
      {
        org: org.org_id,
        ext: extractor.id,
        mode: options.mode ?? 'live',
        newest: (options.newest ?? new Date()).toISOString(),
        from,
        to: Math.min(rows, from + batch - 1),
      },
    );
  }
  // The rollups job-store.ts keeps in step with every finished job (migration 003), as it would have.
  await knex.raw(
    `insert into job_rollups (org_id, environment, hour, extractor_id, extractor_name, status, job_count, time_sum, time_count, confidence_sum, confidence_count, credits)
     select org_id, environment, floor(extract(epoch from created_at) * 1000 / 3600000)::bigint, extractor_id, extractor_name, status,
            count(*), coalesce(sum(processing_time_ms), 0), count(processing_time_ms),
            coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
       from jobs where org_id = ? group by 1, 2, 3, 4, 5, 6`,
    [org.org_id],
  );
  await knex.raw(
    `insert into job_confidence_rollups (org_id, environment, day, extractor_id, status, confidence_bucket, job_count)
     select org_id, environment, floor(extract(epoch from created_at) * 1000 / 86400000)::bigint, extractor_id, status,
            coalesce(floor(overall_confidence * 100)::integer, -1), count(*)
       from jobs where org_id = ? group by 1, 2, 3, 4, 5, 6`,
    [org.org_id],
  );
  await knex.raw('analyze');
  return { orgId: org.org_id, extractorId: extractor.id };
}

export interface PagePlan {
  /** The page's job ids, as `jobs.list` returned them. */
  ids: string[];
  /** Index entries and table rows the scans produced or filtered out (Actual Rows x Loops, plus Rows Removed). */
  rowsRead: number;
  /** Shared buffers hit or read by the whole statement. */
  buffers: number;
  /** The indexes the plan scans. */
  indexes: string[];
  executionMs: number;
  text: string;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Runs `jobs.list` and explains the page query it sent (not the count, which paging does not change). */
export async function explainListPage(
  storage: SqlStorage,
  orgId: string,
  mode: Environment,
  filter: JobFilter,
  page: JobPageRequest,
): Promise<PagePlan> {
  const seen: { sql: string; bindings: unknown[] }[] = [];
  const record = (q: { sql: string; bindings?: unknown[] }) => {
    if (/\blimit\b/i.test(q.sql) && /\bjobs\b/.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  storage.knex.on('query', record);
  let ids: string[];
  try {
    ids = (await storage.jobs.list(orgId, mode, filter, page)).items.map((j) => j.id);
  } finally {
    storage.knex.off('query', record);
  }
  if (seen.length !== 1) throw new Error(`expected one page query, saw ${JSON.stringify(seen)}`);
  const q = seen[0]!;
  // The event carries pg's positional $n placeholders; knex.raw wants `?` (same order).
  const result = await storage.knex.raw(
    `explain (analyze, buffers, format json) ${q.sql.replace(/\$\d+/g, '?')}`,
    q.bindings as Knex.RawBinding[],
  );
  const cell = (result.rows as Record<string, unknown>[])[0]!['QUERY PLAN'];
  const [top] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode; 'Execution Time': number }];
  let rowsRead = 0;
  const indexes = new Set<string>();
  walk(top.Plan, (n) => {
    if (!/Scan$/.test(n['Node Type'])) return;
    if (n['Relation Name'] !== 'jobs' && !n['Index Name']?.startsWith('jobs')) return;
    if (n['Index Name']) indexes.add(n['Index Name']);
    rowsRead += (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1) + (n['Rows Removed by Filter'] ?? 0);
  });
  return {
    ids,
    rowsRead,
    buffers: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
    indexes: [...indexes],
    executionMs: top['Execution Time'],
    text: JSON.stringify(top.Plan),
  };
}

/** The list position of the job `depth` entries from the top (what a cursor of the page before holds). */
export async function positionAt(
  knex: Knex,
  orgId: string,
  mode: Environment,
  depth: number,
  filter: { status?: string } = {},
): Promise<{ created_at: string; id: string }> {
  const q = knex('jobs').where({ org_id: orgId, environment: mode });
  if (filter.status) q.andWhere({ status: filter.status });
  const row = (await q
    .select('created_at', 'id')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(depth - 1)
    .first()) as { created_at: Date | string; id: string };
  return { created_at: new Date(row.created_at).toISOString(), id: row.id };
}
