import type { Migration } from './list.js';

/*
 * The register's values (packages/core/src/jobs/register.ts) as stored generated columns: PostgreSQL
 * computes them whenever a row's metadata, result or review changes (a job completing included) and
 * for every existing row while adding them, so list, sort and search read plain indexed columns.
 * The field lists are copied, not imported: a shipped migration never changes.
 * Functions are `immutable` (a generated column requires it) and never raise on odd JSON: a
 * wrong type yields null, so no accepted job can fail to save because of its extracted values.
 */
const FIRST_TEXT = `create function intake_first_text(data jsonb, fields text[]) returns text
  language sql immutable parallel safe as $$
    select data ->> f from unnest(fields) with ordinality as u(f, n)
     where jsonb_typeof(data) = 'object' and jsonb_typeof(data -> f) = 'string' and data ->> f <> ''
     order by n limit 1
  $$`;
const FIRST_NUMBER = `create function intake_first_number(data jsonb, fields text[]) returns numeric
  language sql immutable parallel safe as $$
    select (data -> f)::numeric from unnest(fields) with ordinality as u(f, n)
     where jsonb_typeof(data) = 'object' and jsonb_typeof(data -> f) = 'number'
     order by n limit 1
  $$`;
const LOWEST = `create function intake_lowest_confidence(confidence jsonb) returns numeric
  language sql immutable parallel safe as $$
    select min(value::numeric) from jsonb_each(case when jsonb_typeof(confidence) = 'object' then confidence else '{}' end)
     where jsonb_typeof(value) = 'number'
  $$`;
const IS_EMAIL = `(metadata ->> 'source' = 'email' and jsonb_typeof(metadata -> 'email') = 'object')`;
const FILE_NAME = `coalesce(intake_first_text(metadata, '{file_name,filename}'),
  case when jsonb_typeof(metadata -> 'attachments') = 'array' and jsonb_typeof(metadata -> 'attachments' -> 0) = 'string'
       then nullif(metadata -> 'attachments' ->> 0, '') end)`;
const SENDER = `case when ${IS_EMAIL} then intake_first_text(metadata -> 'email', '{from,envelope_from}') end`;
const SUBJECT = `case when ${IS_EMAIL} then intake_first_text(metadata -> 'email', '{subject}') end`;
// File name, sender, subject and every string and number of the result, cut into words of letters
// and digits (as the memory store and the query side cut them: `INV-2041` is `inv` and `2041`), in
// the `simple` configuration (no stemming, no stop words: names and numbers are what people seek).
const SEARCH = `create function intake_search_vector(metadata jsonb, extracted_data jsonb) returns tsvector
  language sql immutable parallel safe as $$
    select to_tsvector('simple'::regconfig, regexp_replace(concat_ws(' ', ${FILE_NAME}, ${SENDER}, ${SUBJECT},
      (select string_agg(v #>> '{}', ' ') from jsonb_path_query(coalesce(extracted_data, '{}'::jsonb), 'strict $.**') as v
        where jsonb_typeof(v) in ('string', 'number'))), '[[:space:][:punct:]]+', ' ', 'g'))
  $$`;

const column = (name: string, type: string, expression: string) =>
  `alter table jobs add column ${name} ${type} generated always as (${expression}) stored`;

const STATEMENTS = [
  FIRST_TEXT,
  FIRST_NUMBER,
  LOWEST,
  SEARCH,
  column('reg_file_name', 'text', FILE_NAME),
  column('reg_source', 'text', `case when ${IS_EMAIL} then 'email' else 'upload' end`),
  column(
    'reg_vendor',
    'text',
    `intake_first_text(extracted_data, '{vendor_name,merchant_name,supplier_name,vendor,merchant,supplier}')`,
  ),
  column(
    'reg_document_number',
    'text',
    `intake_first_text(extracted_data, '{invoice_number,document_number,receipt_number,number}')`,
  ),
  column(
    'reg_document_date',
    'text',
    `intake_first_text(extracted_data, '{invoice_date,document_date,receipt_date,date}')`,
  ),
  column(
    'reg_total',
    'numeric',
    `intake_first_number(extracted_data, '{total_amount,total,amount_due,grand_total,amount}')`,
  ),
  column('reg_lowest_confidence', 'numeric', `intake_lowest_confidence(confidence)`),
  column(
    'reg_review_state',
    'text',
    `coalesce(review_outcome, case when needs_review then 'needs_review' else 'none' end)`,
  ),
  column('reg_search', 'tsvector', `intake_search_vector(metadata, extracted_data)`),
  `create index jobs_register_search on jobs using gin (reg_search)`,
  /*
   * The sorts people use most, by the list's own (org, mode) prefix, in both directions (nulls last
   * either way, which a backward scan of one index cannot give); other keys sort the filtered rows.
   */
  `create index jobs_register_vendor on jobs (org_id, environment, reg_vendor collate "C", id)`,
  `create index jobs_register_vendor_desc on jobs (org_id, environment, reg_vendor collate "C" desc nulls last, id desc)`,
  `create index jobs_register_total_desc on jobs (org_id, environment, reg_total desc nulls last, id desc)`,
  `create index jobs_register_date_desc on jobs (org_id, environment, reg_document_date collate "C" desc nulls last, id desc)`,
  `create index jobs_register_vendor_filter on jobs (org_id, environment, lower(reg_vendor))`,
  // source=email in the list's default order: email jobs are a minority to be found without reading the rest.
  `create index jobs_register_source on jobs (org_id, environment, reg_source, created_at desc, id desc)`,
  `create index jobs_register_total on jobs (org_id, environment, reg_total, id)`,
  `create index jobs_register_date on jobs (org_id, environment, reg_document_date collate "C", id)`,
];

/** The documents register: generated columns for its values, a full-text search vector and its indexes. */
export const documentsRegister: Migration = {
  id: 18,
  name: 'documents_register',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
    // The audit line DELETE /v1/documents/{id} leaves: no content of the document, only who and when.
    await trx.raw(`create table job_tombstones (
      id text primary key,
      org_id text not null references organizations(id) on delete cascade,
      environment text not null check (environment in ('test', 'live')),
      deleted_at timestamptz(3) not null,
      key_id text
    )`);
    await trx.raw(`create index job_tombstones_org on job_tombstones (org_id, deleted_at)`);
  },
};
