import type { Knex } from 'knex';
import type { Intake } from '@intake/core';
import { MIGRATIONS } from '@intake/storage-sql';
import { EXTRACTOR_BODY } from './stack.js';

/**
 * Applies migrations up to `lastId` only, recording them the way the runner does. Loading the jobs in
 * between and then calling `storage.migrate()` upgrades a full table, as a real installation would
 * be upgraded: later migrations' backfills run on the million rows instead of being bypassed by the
 * bulk INSERT, and the upgrade's duration is measured too.
 */
export async function migrateThrough(knex: Knex, lastId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(
      'create table if not exists intake_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    for (const migration of MIGRATIONS.filter((m) => m.id <= lastId)) {
      await migration.up(trx);
      await trx('intake_migrations').insert({ id: migration.id, name: migration.name });
    }
  });
}

/** Extractors of one organization and the share of its jobs each receives (a few dominate, as in practice). */
const EXTRACTORS = [
  { name: 'Supplier invoices', document_type: 'invoice', share: 0.4 },
  { name: 'Receipts', document_type: 'receipt', share: 0.25 },
  { name: 'Purchase orders', document_type: 'purchase_order', share: 0.15 },
  { name: 'Credit notes', document_type: 'credit_note', share: 0.12 },
  { name: 'Delivery notes', document_type: 'delivery_note', share: 0.08 },
];

export interface LoadedOrg {
  orgId: string;
  key: string;
  extractorIds: string[];
}

/**
 * `rows` jobs for one organization, created over the last 90 days: about 92% completed, 7.5% failed,
 * half the last two hours' jobs still queued plus a 0.5% backlog blocked on credits; 85% live (with
 * credits spent); field snapshots, metadata and results of realistic size. One INSERT ... SELECT
 * over generate_series per batch, so the load takes a minute, not hours through the API.
 */
export async function loadJobs(
  knex: Knex,
  intake: Intake,
  rows: number,
  log: (line: string) => void,
): Promise<LoadedOrg> {
  const org = await intake.organizations.create({
    name: 'Bulk org',
    plan: 'enterprise',
    rate_limit_per_minute: 1_000_000,
  });
  const extractors = [];
  for (const e of EXTRACTORS)
    extractors.push(
      await intake.extractors.create(
        org.org_id,
        { ...EXTRACTOR_BODY, name: e.name, document_type: e.document_type },
        'admin',
      ),
    );
  // Cumulative shares for width_bucket: bucket i (1-based) picks extractor i.
  const bounds = EXTRACTORS.slice(0, -1).map((_, i) => EXTRACTORS.slice(0, i + 1).reduce((a, e) => a + e.share, 0));
  const batch = 100_000;
  for (let from = 1; from <= rows; from += batch) {
    const to = Math.min(rows, from + batch - 1);
    await knex.raw(
      `insert into jobs (id, org_id, extractor_id, extractor_name, document_type, field_definitions, environment, status, priority,
                         blob_key, mime_type, size_bytes, page_count, estimated_cost, reserved_credits, metadata, extracted_data, confidence,
                         overall_confidence, needs_review, processing_time_ms, cost_credits, error_details, attempts, blocked_on_credits,
                         created_at, started_at, completed_at, failed_at)
       select 'job_' || substr(md5('bulk' || g), 1, 20), :org, (:ids::text[])[x], (:names::text[])[x], (:types::text[])[x], :fields::jsonb, env, status, 0,
              md5('a' || g) || md5('b' || g), 'application/pdf', 20000 + g % 200000, pages, case when env = 'live' then pages else 0 end, 0,
              jsonb_build_object('customer_id', 'cust_' || g % 500, 'source', (array['email', 'api', 'upload'])[1 + g % 3], 'reference', 'PO-' || g),
              case when status = 'completed' then jsonb_build_object('invoice_number', 'INV-' || g, 'invoice_date', to_char(created, 'YYYY-MM-DD'),
                   'vendor_name', 'Vendor ' || g % 500, 'total_amount', round((r3 * 5000)::numeric, 2), 'line_items', '[]'::jsonb) end,
              case when status = 'completed' then jsonb_build_object('invoice_number', conf, 'invoice_date', conf, 'vendor_name', conf, 'total_amount', conf, 'line_items', conf) end,
              case when status = 'completed' then conf end, status = 'completed' and conf < 0.7,
              case when status in ('completed', 'failed') then 300 + (r3 * 4000)::int end,
              case when status = 'completed' and env = 'live' then pages else 0 end,
              case when status = 'failed' then '{"code": "document_unreadable", "message": "The document could not be read", "suggestion": "Send a clearer scan"}'::jsonb end,
              case when status = 'queued' then 0 else 1 end, status = 'queued' and r2 >= 0.995,
              created, case when status <> 'queued' then created + interval '1 second' end,
              case when status = 'completed' then created + interval '3 seconds' end, case when status = 'failed' then created + interval '3 seconds' end
         from (select g, r2, r3, created, width_bucket(r1, :bounds::float8[]) + 1 as x,
                      case when r3 < 0.85 then 'live' else 'test' end as env, 1 + g % 3 as pages,
                      round((0.5 + random() * 0.5)::numeric, 4)::float8 as conf,
                      case when (created > now() - interval '2 hours' and r2 < 0.5) or r2 >= 0.995 then 'queued'
                           when r2 < 0.92 then 'completed' else 'failed' end as status
                 from (select g, random() as r1, random() as r2, random() as r3, now() - random() * interval '90 days' as created
                         from generate_series(:from::int, :to::int) g) raw) s`,
      {
        org: org.org_id,
        ids: extractors.map((e) => e.id),
        names: extractors.map((e) => e.name),
        types: extractors.map((e) => e.document_type),
        fields: JSON.stringify(EXTRACTOR_BODY.field_definitions),
        bounds,
        from,
        to,
      },
    );
    log(`  loaded ${to.toLocaleString('en')} of ${rows.toLocaleString('en')} jobs`);
  }
  return { orgId: org.org_id, key: org.live_key, extractorIds: extractors.map((e) => e.id) };
}
