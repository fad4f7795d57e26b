import type { Migration } from './list.js';

const STATEMENTS = [
  // Where each field was read: shown beside extracted_data, kept as the job finished.
  `alter table jobs add column field_locations jsonb`,
  // Every change a person made to a completed job's fields, and every confirmation without change.
  `create table job_corrections (
        id text primary key,
        org_id text not null references organizations(id) on delete cascade,
        job_id text not null references jobs(id) on delete cascade,
        environment text not null check (environment in ('test', 'live')),
        field text not null,
        kind text not null check (kind in ('corrected', 'confirmed')),
        old_value jsonb,
        new_value jsonb,
        corrected_by text not null,
        created_at timestamptz(3) not null
      )`,
  `create index job_corrections_job on job_corrections (job_id, created_at, id)`,
  // What corrections taught about each vendor of an organization: keys (vat:, iban:, name:) and hints.
  `create table vendor_hints (
        id text primary key,
        org_id text not null references organizations(id) on delete cascade,
        keys jsonb not null,
        name text,
        fields jsonb not null,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      )`,
  `create index vendor_hints_keys on vendor_hints using gin (keys)`,
  `create index vendor_hints_org on vendor_hints (org_id, updated_at desc, id desc)`,
];

/** Review and corrections: field locations on jobs, the correction history and learned vendor hints. */
export const reviewCorrections: Migration = {
  id: 16,
  name: 'review_corrections',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
