import type { Migration } from './list.js';

const STATEMENTS = [
  `create table inbound_messages (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    prefix text not null,
    tag text,
    recipient text not null,
    envelope_from text,
    remote_address text,
    helo text,
    size_bytes bigint not null,
    blob_key text not null,
    source text not null check (source in ('smtp', 'test')),
    status text not null check (status in ('received', 'processing', 'processed', 'failed')),
    attempts integer not null default 0,
    lease_owner text,
    lease_expires_at timestamptz(3),
    from_address text,
    subject text,
    message_id_header text,
    outcomes jsonb not null default '[]',
    error jsonb,
    received_at timestamptz(3) not null,
    processed_at timestamptz(3)
  )`,
  // Claiming walks the unfinished messages oldest first; finished ones (nearly all) stay out of it.
  `create index inbound_messages_claimable on inbound_messages (received_at, id) where status in ('received', 'processing')`,
  `create index inbound_messages_org_received on inbound_messages (org_id, received_at desc, id desc)`,
  `create index inbound_messages_org_prefix_received on inbound_messages (org_id, prefix, received_at desc, id desc)`,
  `create index inbound_messages_blob on inbound_messages (blob_key)`,
];

/** Messages received by the SMTP edge, stored before the 250 answer and claimed by workers. */
export const inboundMessages: Migration = {
  id: 6,
  name: 'inbound-messages',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
