import type { Migration } from './list.js';

const STATEMENTS = [
  `create table review_items (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    prefix text not null,
    message_id text not null,
    attachment_index integer not null,
    filename text not null,
    mime_type text not null,
    size_bytes bigint not null,
    blob_key text not null,
    classification jsonb not null,
    classification_failed boolean not null,
    proposed_type text not null,
    from_address text,
    subject text,
    status text not null check (status in ('pending', 'resolved', 'rejected')),
    resolved_type text,
    job_id text,
    resolved_by text,
    resolved_at timestamptz(3),
    created_at timestamptz(3) not null
  )`,
  // The queue is read oldest first, per organization, by status and optionally by prefix.
  `create index review_items_org_status_created on review_items (org_id, status, created_at, id)`,
  `create index review_items_org_prefix_status_created on review_items (org_id, prefix, status, created_at, id)`,
  `create table classification_examples (
    id bigserial primary key,
    org_id text not null references organizations(id) on delete cascade,
    document_type text not null,
    sender_domain text,
    tokens jsonb not null,
    created_at timestamptz(3) not null
  )`,
  `create index classification_examples_org_created on classification_examples (org_id, created_at desc, id desc)`,
];

/** The human review queue of email attachments, and the decisions the classifier learns from. */
export const reviewQueue: Migration = {
  id: 7,
  name: 'review-queue',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
