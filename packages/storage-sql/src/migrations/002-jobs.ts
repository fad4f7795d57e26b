import type { Migration } from './list.js';

// One statement per call (PGlite's extended protocol takes one statement at a time).
const STATEMENTS = [
  `alter table organizations add column metadata_search_enabled boolean not null default false`,
  `alter table credit_balances add column reserved bigint not null default 0`,
  `create table jobs (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    extractor_id text not null,
    extractor_name text not null,
    document_type text not null,
    field_definitions jsonb not null,
    environment text not null check (environment in ('test', 'live')),
    status text not null check (status in ('queued', 'processing', 'completed', 'failed')),
    priority integer not null default 0,
    blob_key text not null,
    mime_type text not null,
    size_bytes bigint not null,
    page_count integer not null,
    estimated_cost bigint not null,
    reserved_credits bigint not null default 0,
    metadata jsonb not null,
    extracted_data jsonb,
    confidence jsonb,
    overall_confidence double precision,
    validation_errors jsonb not null default '[]',
    needs_review boolean not null default false,
    processing_time_ms integer,
    cost_credits bigint not null default 0,
    error_details jsonb,
    attempts integer not null default 0,
    lease_owner text,
    lease_expires_at timestamptz(3),
    blocked_on_credits boolean not null default false,
    created_at timestamptz(3) not null,
    started_at timestamptz(3),
    completed_at timestamptz(3),
    failed_at timestamptz(3)
  )`,
  `create index jobs_org_created on jobs (org_id, created_at desc, id desc)`,
  `create index jobs_org_status_created on jobs (org_id, status, created_at desc, id desc)`,
  `create index jobs_org_extractor_created on jobs (org_id, extractor_id, created_at desc, id desc)`,
  `create index jobs_runnable on jobs (priority desc, created_at, id) where status = 'queued' and not blocked_on_credits`,
  `create index jobs_leases on jobs (lease_expires_at) where status = 'processing'`,
  `create index jobs_blob on jobs (blob_key)`,
  `create index jobs_metadata on jobs using gin (metadata jsonb_path_ops)`,
  `create table idempotency_keys (
    org_id text not null,
    key text not null,
    request_hash text not null,
    job_id text not null,
    created_at timestamptz(3) not null,
    primary key (org_id, key)
  )`,
  `create table outbox_events (
    seq bigserial primary key,
    id text not null unique,
    org_id text not null,
    event text not null,
    data jsonb not null,
    created_at timestamptz(3) not null
  )`,
  `create index outbox_org_seq on outbox_events (org_id, seq)`,
  `create table settings (key text primary key, value text not null)`,
  `create table blobs (key text primary key, bytes bytea not null, created_at timestamptz(3) not null default now())`,
];

/** Jobs and their queue, idempotency keys, the event outbox, installation settings, stored files. */
export const jobs: Migration = {
  id: 2,
  name: 'jobs',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
