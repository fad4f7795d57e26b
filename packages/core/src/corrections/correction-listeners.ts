import { vendorBillOf } from '../erp/index.js';
import type { IdGenerator } from '../shared/ids.js';
import type { JobRecord } from '../jobs/index.js';
import { toCorrectionResource, type CorrectionRecord } from './correction.js';
import type { CorrectionListener } from './correction-listener.js';

/** `data` of the `job.corrected` webhook event (see docs/review-and-corrections.md). */
export const jobCorrectedData = (job: JobRecord, records: CorrectionRecord[], at: string): Record<string, unknown> => ({
  id: job.id,
  org_id: job.org_id,
  extractor_id: job.extractor_id,
  status: job.status,
  mode: job.environment,
  corrections: records.map(toCorrectionResource),
  extracted_data: job.extracted_data ?? {},
  confidence: job.confidence ?? {},
  needs_review: job.needs_review,
  review_outcome: job.review_outcome ?? null,
  validation_errors: job.validation_errors,
  metadata: job.metadata,
  created_at: job.created_at,
  completed_at: job.completed_at,
  corrected_at: at,
});

/** Every correction (confirmations too) is a `job.corrected` event, through the outbox and its signed, retried sender. */
export const emitCorrectedEvent =
  (ids: IdGenerator): CorrectionListener =>
  async (tx, job, records, at) => {
    await tx.outbox.add({
      id: ids('evt'),
      org_id: job.org_id,
      environment: job.environment,
      event: 'job.corrected',
      data: jobCorrectedData(job, records, at),
      created_at: at,
    });
  };

/**
 * A changed value reaches the ERP the job was sent to: each of the job's syncs is sent again with
 * the corrected record and the next revision. Confirmations and rejections change no value: they send nothing.
 */
export const resendToErp: CorrectionListener = async (tx, job, records, at) => {
  if (!records.some((r) => r.kind === 'corrected')) return;
  const syncs = await tx.erp.listSyncs(job.org_id, job.environment, { job_id: job.id }, { limit: 100, offset: 0 });
  for (const sync of syncs.items)
    await tx.erp.requeue(sync.id, { ...vendorBillOf(job), revision: (sync.record.revision ?? 0) + 1 }, at);
};
