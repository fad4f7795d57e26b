import type { Migration } from './list.js';

const ENVIRONMENT = `environment text not null default 'live' check (environment in ('test', 'live'))`;

// One statement per call (PGlite's extended protocol takes one statement at a time).
const STATEMENTS = [
  /*
   * Test and live are kept apart as two worlds in one organization: every per-mode row says its
   * mode, and every query of a per-mode resource filters on it. Rows written before were mail
   * (always live) or records of jobs, whose mode the job says.
   */
  `alter table inbound_messages add column ${ENVIRONMENT}`,
  `update inbound_messages set environment = 'test' where source = 'test'`,
  `create index inbound_messages_org_env_received on inbound_messages (org_id, environment, received_at desc, id desc)`,
  `alter table review_items add column ${ENVIRONMENT}`,
  `update review_items r set environment = m.environment from inbound_messages m where m.id = r.message_id`,
  `create index review_items_org_env_status_created on review_items (org_id, environment, status, created_at, id)`,
  // Reviewers' decisions teach the classifier of their own mode only.
  `alter table classification_examples add column ${ENVIRONMENT}`,
  `create index classification_examples_org_env_created on classification_examples (org_id, environment, created_at desc, id desc)`,
  `alter table erp_syncs add column ${ENVIRONMENT}`,
  `update erp_syncs s set environment = j.environment from jobs j where j.id = s.job_id`,
  `create index erp_syncs_org_env on erp_syncs (org_id, environment, created_at desc, id desc)`,
  `alter table outbox_events add column ${ENVIRONMENT}`,
  // A message's events without a job (email.received; document.classified of a document sent to
  // review) say the message's mode; events of a job say the job's, which decides when both are known.
  `update outbox_events e set environment = m.environment from inbound_messages m where m.id = e.data->>'message_id'`,
  `update outbox_events e set environment = j.environment from jobs j where j.id = coalesce(e.data->>'job_id', e.data->>'id')`,
  `alter table webhook_deliveries add column ${ENVIRONMENT}`,
  `update webhook_deliveries d set environment = e.environment from outbox_events e where e.id = d.event_id`,
  `create index webhook_deliveries_org_env on webhook_deliveries (org_id, environment, created_at desc, id desc)`,
  // An Idempotency-Key names a request of one mode: the same key in the other mode is another request.
  `alter table idempotency_keys add column ${ENVIRONMENT}`,
  `update idempotency_keys i set environment = j.environment from jobs j where j.id = i.job_id`,
  `alter table idempotency_keys drop constraint idempotency_keys_pkey`,
  `alter table idempotency_keys add primary key (org_id, environment, key)`,
  // Duplicate detection compares within one mode.
  `create index jobs_org_env_blob on jobs (org_id, environment, blob_key, created_at)`,
  `drop index jobs_org_blob`,
  `create index jobs_org_env_dedupe on jobs (org_id, environment, dedupe_key, created_at) where dedupe_key is not null`,
  `drop index jobs_org_dedupe`,
  // Lists and their counts per mode: the mode leads the covering indexes of migration 003.
  `create index jobs_org_env_created_cover on jobs (org_id, environment, created_at desc, id desc) include (status, extractor_id, overall_confidence)`,
  `drop index jobs_org_created_cover`,
  `create index jobs_org_env_status_created_cover on jobs (org_id, environment, status, created_at desc, id desc) include (extractor_id, overall_confidence)`,
  `drop index jobs_org_status_created_cover`,
  `create index jobs_org_env_extractor_created_cover on jobs (org_id, environment, extractor_id, created_at desc, id desc) include (status, overall_confidence)`,
  `drop index jobs_org_extractor_created_cover`,
  `create index jobs_org_env_confidence on jobs (org_id, environment, overall_confidence) include (status, extractor_id, created_at) where overall_confidence is not null`,
  `drop index jobs_org_confidence`,
  // The rollups of migration 003 counted both modes together: rebuilt with the mode in their keys.
  `delete from job_rollups`,
  `alter table job_rollups add column ${ENVIRONMENT}`,
  `alter table job_rollups drop constraint job_rollups_pkey`,
  `alter table job_rollups add primary key (org_id, environment, hour, extractor_id, extractor_name, status)`,
  `insert into job_rollups (org_id, environment, hour, extractor_id, extractor_name, status, job_count, time_sum, time_count, confidence_sum, confidence_count, credits)
   select org_id, environment, floor(extract(epoch from created_at) * 1000 / 3600000)::bigint, extractor_id, extractor_name, status,
          count(*), coalesce(sum(processing_time_ms), 0), count(processing_time_ms),
          coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
     from jobs where status in ('completed', 'failed')
    group by 1, 2, 3, 4, 5, 6`,
  `delete from job_confidence_rollups`,
  `alter table job_confidence_rollups add column ${ENVIRONMENT}`,
  `alter table job_confidence_rollups drop constraint job_confidence_rollups_pkey`,
  `alter table job_confidence_rollups add primary key (org_id, environment, day, extractor_id, status, confidence_bucket)`,
  `insert into job_confidence_rollups (org_id, environment, day, extractor_id, status, confidence_bucket, job_count)
   select org_id, environment, floor(extract(epoch from created_at) * 1000 / 86400000)::bigint, extractor_id, status,
          coalesce(floor(overall_confidence * 100)::integer, -1), count(*)
     from jobs where status in ('completed', 'failed')
    group by 1, 2, 3, 4, 5, 6`,
  `create index api_keys_org_env_created on api_keys (org_id, environment, created_at desc, id desc)`,
];

/** Test and live modes apart: a mode column on every per-mode table, and indexes led by it. */
export const modes: Migration = {
  id: 14,
  name: 'modes',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
