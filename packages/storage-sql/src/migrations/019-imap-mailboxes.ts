import type { Migration } from './list.js';

const STATEMENTS = [
  // Mail read from a prefix's IMAP mailbox is an inbound message like mail received by SMTP.
  `alter table inbound_messages drop constraint inbound_messages_source_check`,
  `alter table inbound_messages add constraint inbound_messages_source_check check (source in ('smtp', 'test', 'imap'))`,
  // One row per prefix with an IMAP mailbox: the lease (one reader at a time), where it reads and its state.
  `create table imap_mailboxes (
    prefix text primary key,
    org_id text not null references organizations(id) on delete cascade,
    mailbox text,
    uidvalidity bigint,
    last_uid bigint not null default 0,
    lease_owner text,
    lease_expires_at timestamptz(3),
    state text not null default 'idle' check (state in ('idle', 'connecting', 'fetching', 'error')),
    last_error text,
    last_success_at timestamptz(3)
  )`,
  `create index imap_mailboxes_org on imap_mailboxes (org_id)`,
  // Every UID taken, written in the transaction that stores its message: the primary key makes a
  // second take of the same message impossible, whichever daemon tries.
  `create table imap_messages (
    prefix text not null references imap_mailboxes(prefix) on delete cascade,
    mailbox text not null,
    uidvalidity bigint not null,
    uid bigint not null,
    message_id text,
    recorded_at timestamptz(3) not null,
    acted_at timestamptz(3),
    primary key (prefix, mailbox, uidvalidity, uid)
  )`,
  `create index imap_messages_pending on imap_messages (prefix, mailbox, uidvalidity, uid) where acted_at is null`,
];

/** IMAP mailboxes of prefixes: their lease and state, and the UIDs taken from them. */
export const imapMailboxes: Migration = {
  id: 19,
  name: 'imap_mailboxes',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
