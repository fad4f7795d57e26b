import type { Migration } from './list.js';

const STATEMENTS = [
  'alter table jobs add column duplicate jsonb',
  'alter table jobs add column dedupe_key text',
  // Identical files of an organization within a window (the blob key is the file's SHA-256).
  'create index jobs_org_blob on jobs (org_id, blob_key, created_at)',
  // Same normalized match fields within a window.
  'create index jobs_org_dedupe on jobs (org_id, dedupe_key, created_at) where dedupe_key is not null',
];

/** Duplicate detection: a job's verdict and settings, and the key of its match fields. */
export const duplicates: Migration = {
  id: 9,
  name: 'duplicates',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
