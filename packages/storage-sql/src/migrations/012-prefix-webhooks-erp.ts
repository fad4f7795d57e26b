import type { Migration } from './list.js';

const STATEMENTS = [
  // A prefix's `webhooks` setting is kept as an endpoint of its own, managed through the prefix's
  // configuration (never through /v1/webhooks), so the sender signs, retries and logs it like any other.
  `alter table webhook_endpoints add column email_prefix text unique`,
  // Events of a prefix go to that prefix's endpoint only; the organization's endpoints get the rest.
  `alter table outbox_events add column email_prefix text`,
  `create table erp_connections (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    name text not null,
    type text not null check (type in ('http')),
    url text not null,
    secret text not null,
    description text,
    is_active boolean not null default true,
    created_at timestamptz(3) not null,
    updated_at timestamptz(3) not null
  )`,
  `create index erp_connections_org on erp_connections (org_id, created_at desc, id desc)`,
  `create table erp_syncs (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    connection_id text not null references erp_connections(id) on delete cascade,
    job_id text not null,
    prefix text,
    status text not null check (status in ('pending', 'synced', 'failed')),
    record jsonb not null,
    attempts integer not null default 0,
    next_attempt_at timestamptz(3),
    last_attempt_at timestamptz(3),
    lease_owner text,
    lease_expires_at timestamptz(3),
    last_error text,
    response_status integer,
    external_id text,
    created_at timestamptz(3) not null,
    finished_at timestamptz(3),
    unique (connection_id, job_id)
  )`,
  `create index erp_syncs_due on erp_syncs (next_attempt_at, id) where status = 'pending'`,
  `create index erp_syncs_org on erp_syncs (org_id, created_at desc, id desc)`,
];

/** Per-prefix webhook endpoints, prefix-scoped events, ERP connections and their sync log. */
export const prefixWebhooksErp: Migration = {
  id: 12,
  name: 'prefix_webhooks_erp',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
