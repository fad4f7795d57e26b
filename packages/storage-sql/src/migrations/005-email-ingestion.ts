import type { Migration } from './list.js';

const STATEMENTS = [
  // The prefix alone is the key: an inbound address belongs to one organization, whichever asks.
  `create table email_ingestion_configs (
    prefix text primary key,
    org_id text not null references organizations(id) on delete cascade,
    config jsonb not null,
    created_at timestamptz(3) not null,
    updated_at timestamptz(3) not null
  )`,
  `create index email_ingestion_configs_org on email_ingestion_configs (org_id, created_at desc, prefix desc)`,
];

/** Email ingestion configurations, one per lowercase prefix. */
export const emailIngestion: Migration = {
  id: 5,
  name: 'email-ingestion',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
