import type { IdGenerator } from '../shared/ids.js';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { JobRecord } from '../jobs/job.js';
import { extractionCompletedData, prefixEvent, prefixSubscribes } from './prefix-events.js';
import { emailOfJob, ERP_DOCUMENT_TYPES, vendorBillOf } from '../erp/erp.js';

/**
 * What a finished email job sets off, in the transaction that finishes it: `extraction.completed`
 * for the prefix's webhook, and the vendor bill queued for the prefix's ERP connection (completed
 * vendor bills only, not flagged duplicates, active connections only).
 */
export async function emailJobFinished(tx: Pick<IntakeStores, 'emailIngestion' | 'erp' | 'outbox'>, job: JobRecord, at: string, ids: IdGenerator): Promise<void> {
  const email = emailOfJob(job);
  if (!email?.prefix) return;
  const stored = await tx.emailIngestion.get(job.org_id, email.prefix);
  if (!stored) return;
  if (prefixSubscribes(stored.config, 'extraction.completed')) {
    await tx.outbox.add(prefixEvent(ids, job.org_id, job.environment, stored.prefix, 'extraction.completed', extractionCompletedData(job), at));
  }
  const connectionId = stored.config.erpConnectionId;
  if (!connectionId || job.status !== 'completed' || job.environment !== 'live') return;
  if (!ERP_DOCUMENT_TYPES.includes(email.documentType ?? job.document_type)) return;
  if (job.duplicate?.verdict && job.duplicate.verdict.action !== 'process') return;
  const connection = await tx.erp.getConnection(job.org_id, connectionId);
  if (!connection?.is_active) return;
  await tx.erp.enqueue({
    id: ids('erps'),
    org_id: job.org_id,
    environment: job.environment,
    connection_id: connection.id,
    job_id: job.id,
    prefix: stored.prefix,
    status: 'pending',
    record: vendorBillOf(job),
    attempts: 0,
    next_attempt_at: at,
    last_attempt_at: null,
    last_error: null,
    response_status: null,
    external_id: null,
    created_at: at,
    finished_at: null,
  });
}
