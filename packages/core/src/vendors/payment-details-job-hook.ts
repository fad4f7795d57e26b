import type { ExtractionStores, ReviewStores } from '../ports/intake-stores.port.js';
import type { JobHooks, JobRecord, PaymentDetailsChange } from '../jobs/index.js';
import { accountValues, paymentDetailsDiffer, vendorKey } from './vendor-payments.js';

/**
 * Bank details that changed. Before a live job's completion is recorded, its vendor's remembered
 * details are compared with the document's: different ones flag the job for review with a
 * `payment_details_changed` verdict naming them (whatever else the job is, and whether or not its
 * mail passed sender authentication: a failed verdict is named in the review reason). In the
 * transaction that completes the job, the details of a job that is not flagged for them and is no
 * duplicate are remembered; a flagged job's details are remembered only when a person confirms it
 * (rememberConfirmedPaymentDetails).
 */
export function paymentDetailsJobHook(deps: {
  stores: Pick<ReviewStores, 'vendorPayments'>;
}): JobHooks<ExtractionStores & Pick<ReviewStores, 'vendorPayments'>> {
  return {
    async beforeComplete(job, _extracted, outcome) {
      if (job.environment !== 'live') return { kind: 'complete', fields: {} };
      const key = vendorKey(outcome?.vendor, job.metadata);
      const current = accountValues(outcome?.payment_details);
      if (!key || !current) return { kind: 'complete', fields: {} };
      const remembered = await deps.stores.vendorPayments.get(job.org_id, key);
      const change: PaymentDetailsChange | null =
        remembered && paymentDetailsDiffer(remembered.details, current)
          ? { previous: remembered.details, last_seen_at: remembered.last_seen_at, job_id: remembered.job_id }
          : null;
      return {
        kind: 'complete',
        fields: { vendor_key: key, payment_details_changed: change, needs_review: change !== null },
      };
    },
    async onFinished(tx, job, at) {
      if (job.status !== 'completed' || job.payment_details_changed || job.duplicate?.verdict) return;
      await rememberDetails(tx, job, at);
    },
  };
}

/** A person confirmed a job flagged for changed details: its details become the vendor's. */
export async function rememberConfirmedPaymentDetails(
  tx: Pick<ReviewStores, 'vendorPayments'>,
  job: JobRecord,
  at: string,
): Promise<void> {
  if (job.review_outcome !== 'confirmed' || !job.payment_details_changed) return;
  await rememberDetails(tx, job, at);
}

async function rememberDetails(tx: Pick<ReviewStores, 'vendorPayments'>, job: JobRecord, at: string): Promise<void> {
  const details = accountValues(job.payment_details);
  if (!job.vendor_key || !details) return;
  await tx.vendorPayments.remember({
    org_id: job.org_id,
    vendor_key: job.vendor_key,
    details,
    job_id: job.id,
    last_seen_at: at,
  });
}
