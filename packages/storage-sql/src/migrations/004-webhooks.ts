import type { Migration } from './list.js';

const STATEMENTS = [
  `alter table outbox_events add column dispatched_at timestamptz(3)`,
  `create index outbox_undispatched on outbox_events (seq) where dispatched_at is null`,
  `create table webhook_endpoints (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    url text not null,
    events jsonb not null,
    description text,
    is_active boolean not null default true,
    secret text not null,
    created_at timestamptz(3) not null,
    updated_at timestamptz(3) not null
  )`,
  `create index webhook_endpoints_org on webhook_endpoints (org_id, created_at desc, id desc)`,
  `create table webhook_deliveries (
    id text primary key,
    org_id text not null,
    endpoint_id text not null references webhook_endpoints(id) on delete cascade,
    event_id text not null,
    event text not null,
    status text not null check (status in ('pending', 'succeeded', 'failed')),
    payload text not null,
    attempt_count integer not null default 0,
    chain integer not null default 1,
    next_attempt_at timestamptz(3),
    last_attempt_at timestamptz(3),
    lease_owner text,
    lease_expires_at timestamptz(3),
    created_at timestamptz(3) not null,
    unique (event_id, endpoint_id)
  )`,
  `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`,
  `create index webhook_deliveries_org on webhook_deliveries (org_id, created_at desc, id desc)`,
  `create table webhook_attempts (
    delivery_id text not null references webhook_deliveries(id) on delete cascade,
    chain integer not null,
    attempt integer not null,
    started_at timestamptz(3) not null,
    status_code integer,
    duration_ms integer not null,
    error text,
    response_body text,
    success boolean not null,
    primary key (delivery_id, chain, attempt)
  )`,
];

/** Webhook endpoints, deliveries (one per event and endpoint) and their attempts; outbox dispatch marks. */
export const webhooks: Migration = {
  id: 4,
  name: 'webhooks',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
