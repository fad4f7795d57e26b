import type { IdGenerator } from '../shared/ids.js';
import type { JobHooks } from '../jobs/index.js';
import type { ErpStores, ExtractionStores, MailStores } from '../ports/intake-stores.port.js';
import { emailOfJob } from '../email/prefixes/index.js';
import { ERP_DOCUMENT_TYPES, vendorBillOf } from './erp.js';

/**
 * Queues a finished email job's vendor bill for its prefix's ERP connection, in the transaction that
 * ends the job: completed live vendor bills only, not flagged or rejected duplicates, active
 * connections only.
 */
export function erpJobHook(deps: {
  ids: IdGenerator;
}): JobHooks<ExtractionStores & Pick<MailStores, 'emailIngestion'> & ErpStores> {
  return {
    async onFinished(tx, job, at) {
      const email = emailOfJob(job);
      if (!email?.prefix || job.status !== 'completed' || job.environment !== 'live') return;
      const stored = await tx.emailIngestion.get(job.org_id, email.prefix);
      const connectionId = stored?.config.erpConnectionId;
      if (!stored || !connectionId) return;
      if (!ERP_DOCUMENT_TYPES.includes(email.documentType ?? job.document_type)) return;
      if (job.duplicate?.verdict && job.duplicate.verdict.action !== 'process') return;
      const connection = await tx.erp.getConnection(job.org_id, connectionId);
      if (!connection?.is_active) return;
      await tx.erp.enqueue({
        id: deps.ids('erps'),
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
    },
  };
}
