import type { Migration } from './list.js';

/*
 * Reprocessing, the document's own words in the register's search, review reasons recorded on
 * arrival, and per-mode extractor counts.
 *
 * `doc_words` holds the reader's words of a completed job as a stripped tsvector (terms only, no
 * positions: prefix search needs none, and it is a fraction of the text's size); the text itself is
 * not kept (it can be read again from the file). `reg_search` (migration 018) becomes the register
 * values' vector joined with it, so one GIN index still answers every word of a `q` whichever of the
 * two it is in. Jobs completed before this migration have no `doc_words`: reading their files again
 * is not cheap, so only their register values are searched (reprocessing one fills it).
 */
const STATEMENTS = [
  `alter table jobs add column doc_words tsvector`,
  `alter table jobs add column result_version integer not null default 1`,
  `alter table jobs add column reprocess_requested_at timestamptz(3)`,
  `alter table jobs add column review_flags jsonb`,
  `drop index jobs_register_search`,
  `alter table jobs drop column reg_search`,
  `alter table jobs add column reg_search tsvector generated always as
     (intake_search_vector(metadata, extracted_data) || coalesce(doc_words, ''::tsvector)) stored`,
  `create index jobs_register_search on jobs using gin (reg_search)`,
  // The results a reprocessing replaced: the job's result members as JSON, by version.
  `create table job_result_versions (
     job_id text not null references jobs(id) on delete cascade,
     version integer not null,
     replaced_at timestamptz(3) not null,
     result jsonb not null,
     primary key (job_id, version)
   )`,
  // Until now one counter held both modes' documents: the test jobs still stored are moved to theirs.
  `alter table extractors add column test_usage_count integer not null default 0`,
  `update extractors e set test_usage_count = t.n, usage_count = greatest(e.usage_count - t.n, 0)
     from (select extractor_id, count(*)::integer as n from jobs
            where environment = 'test' and status = 'completed' group by extractor_id) t
    where t.extractor_id = e.id`,
];

/** Reprocessing (result versions), document text in search, arrival review flags, test-mode extractor counts. */
export const reprocessAndDocumentText: Migration = {
  id: 20,
  name: 'reprocess_and_document_text',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
