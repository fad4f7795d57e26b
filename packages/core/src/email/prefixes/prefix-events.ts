import type { IdGenerator } from '../../shared/ids.js';
import type { Environment } from '../../keys/index.js';
import type { JobRecord } from '../../jobs/index.js';
import type { OutboxEvent } from '../../ports/outbox.port.js';
import type { EmailIngestionConfig } from './email-ingestion-config.schema.js';
import { emailOfJob } from './job-email.js';

/** The events a prefix's `webhooks` may subscribe to (the email ingestion spec's list). */
export type PrefixEvent =
  'email.received' | 'document.classified' | 'extraction.completed' | 'erp.synced' | 'erp.failed';

/** Whether the prefix's webhooks want this event (only then is it written to the outbox). */
export const prefixSubscribes = (
  config: Pick<EmailIngestionConfig, 'webhooks'> | null | undefined,
  event: PrefixEvent,
): boolean => Boolean(config?.webhooks?.events.includes(event));

/** An outbox event of a prefix: delivered to that prefix's webhook only. */
export const prefixEvent = (
  ids: IdGenerator,
  orgId: string,
  environment: Environment,
  prefix: string,
  event: PrefixEvent,
  data: Record<string, unknown>,
  at: string,
): OutboxEvent => ({
  id: ids('evt'),
  org_id: orgId,
  environment,
  event,
  data,
  created_at: at,
  email_prefix: prefix,
});

/** `data` of `extraction.completed`: the email job's outcome (completed or failed) with its routing and duplicate verdict. */
export function extractionCompletedData(job: JobRecord): Record<string, unknown> {
  const email = emailOfJob(job);
  return {
    job_id: job.id,
    status: job.status,
    mode: job.environment,
    message_id: email?.message_id ?? null,
    prefix: email?.prefix ?? null,
    document_type: email?.documentType ?? job.document_type,
    extractor_id: job.extractor_id,
    extracted_data: job.extracted_data,
    confidence: job.confidence,
    overall_confidence: job.overall_confidence,
    needs_review: job.needs_review,
    validation_errors: job.validation_errors,
    error_details: job.error_details,
    routing: job.routing?.decision ?? null,
    duplicate_of: job.duplicate?.verdict?.of ?? null,
    duplicate: job.duplicate?.verdict ?? null,
    attachments: email?.attachments ?? [],
    completed_at: job.completed_at,
    failed_at: job.failed_at,
  };
}
