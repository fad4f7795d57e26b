import type { Migration } from './list.js';

const STATEMENTS = [
  `create table notifications (
    id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    kind text not null check (kind in ('receipt_confirmation', 'processing_complete', 'error', 'document_received', 'human_review_needed', 'erp_sync_failed', 'digest')),
    recipient text not null,
    from_address text not null,
    envelope_from text,
    subject text not null,
    body text not null,
    headers jsonb not null,
    status text not null check (status in ('pending', 'sent', 'failed', 'suppressed', 'digest_pending', 'digested')),
    attempts integer not null default 0,
    next_attempt_at timestamptz(3),
    lease_owner text,
    lease_expires_at timestamptz(3),
    last_error text,
    created_at timestamptz(3) not null,
    sent_at timestamptz(3),
    source_key text not null unique,
    message_id text,
    job_id text,
    prefix text,
    digest_key text unique,
    digest_id text
  )`,
  // The sender's claim walks due rows only; sent, failed and digested ones (nearly all) stay out of it.
  `create index notifications_due on notifications (next_attempt_at, id) where status = 'pending'`,
  `create index notifications_digest_pending on notifications (created_at, id) where status = 'digest_pending'`,
  `create index notifications_org_created on notifications (org_id, created_at desc, id desc)`,
  `create table notification_senders (
    message_id text primary key,
    org_id text not null references organizations(id) on delete cascade,
    prefix text not null,
    reply_to text,
    suppressed_reason text,
    from_address text not null,
    in_reply_to text,
    subject text,
    received_at timestamptz(3) not null,
    created_at timestamptz(3) not null
  )`,
  // Which job events the notification dispatcher has handled. Events from before this migration count as handled.
  `alter table outbox_events add column notified_at timestamptz(3)`,
  `update outbox_events set notified_at = created_at where event in ('job.completed', 'job.failed')`,
  // Only job events of email jobs wait for the dispatcher; API jobs' events are never looked at.
  `create index outbox_notify_pending on outbox_events (seq)
     where notified_at is null and event in ('job.completed', 'job.failed') and (data #>> '{metadata,source}') = 'email'`,
];

/** Notifications to senders and internal recipients, the senders they may answer, and job events handled. */
export const notifications: Migration = {
  id: 11,
  name: 'notifications',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
