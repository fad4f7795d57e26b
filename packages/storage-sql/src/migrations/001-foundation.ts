import type { Migration } from './list.js';

// One statement per call: PGlite runs parameterised (extended-protocol) queries, which take one statement.
const STATEMENTS = [
  `create table organizations (
        id text primary key,
        name text not null,
        plan text not null,
        rate_limit_per_minute integer,
        low_balance_threshold integer not null default 100,
        created_at timestamptz(3) not null
      )`,
  `create table api_keys (
        id text primary key,
        org_id text not null references organizations(id) on delete cascade,
        name text not null,
        description text,
        environment text not null check (environment in ('test', 'live')),
        scopes jsonb not null,
        key_prefix text not null,
        key_hash text not null unique,
        created_at timestamptz(3) not null,
        expires_at timestamptz(3),
        last_used_at timestamptz(3),
        revoked_at timestamptz(3)
      )`,
  `create index api_keys_org_created on api_keys (org_id, created_at desc, id desc)`,
  `create table extractors (
        id text primary key,
        org_id text not null references organizations(id) on delete cascade,
        name text not null,
        document_type text not null,
        field_definitions jsonb not null,
        is_active boolean not null default true,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        created_by text not null,
        usage_count integer not null default 0,
        deleted_at timestamptz(3)
      )`,
  `create index extractors_org_created on extractors (org_id, created_at desc, id desc) where deleted_at is null`,
  `create table credit_balances (
        org_id text primary key references organizations(id) on delete cascade,
        balance bigint not null default 0
      )`,
  `create table credit_transactions (
        id text primary key,
        org_id text not null references organizations(id) on delete cascade,
        type text not null check (type in ('charge', 'top_up', 'adjustment')),
        amount bigint not null,
        balance_after bigint not null,
        job_id text,
        description text,
        created_at timestamptz(3) not null
      )`,
  `create index credit_transactions_org_created on credit_transactions (org_id, created_at desc, id desc)`,
  `create table rate_limit_windows (
        key text not null,
        window_start bigint not null,
        count integer not null,
        primary key (key, window_start)
      )`,
];

/** Organizations, API keys, extractors, the credit ledger and rate-limit windows. */
export const foundation: Migration = {
  id: 1,
  name: 'foundation',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
