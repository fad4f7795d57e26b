import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { AuthContext } from '../keys/index.js';
import type { JobRecord } from '../jobs/index.js';
import { AppError, coerceError, notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import { parseInput } from '../shared/validation.js';
import { applyCorrections } from './apply-corrections.js';
import { CorrectionRequestSchema, type CorrectionRecord } from './correction.js';
import { emitCorrectedEvent, resendToErp } from './correction-listeners.js';
import { rememberConfirmedPaymentDetails } from '../vendors/index.js';

export type { CorrectionListener } from './correction-listener.js';
import type { CorrectionListener } from './correction-listener.js';

export interface CorrectionServiceDeps {
  stores: IntakeStores;
  clock: Clock;
  ids: IdGenerator;
  /** Called in order after the built-in ones (webhook event, ERP), in the transaction: a failure rolls the correction back. */
  listeners?: CorrectionListener[];
  /**
   * Learns vendor hints from the corrected job once the correction is committed, before the answer
   * (so the vendor's next document uses them). Its failure never undoes the correction: it is
   * reported to `onLearningFailed` and the answer is the same.
   */
  learning?: { learn(job: JobRecord): Promise<unknown> };
  onLearningFailed?: (error: Error, jobId: string) => void;
}

/**
 * People's corrections of completed jobs: the new values replace the extracted ones (confidence 1),
 * every change and confirmation is kept in the job's history, and listeners (webhook event, ERP
 * update, vendor hints) run in the same transaction, so either all of it happens or none.
 */
export class CorrectionService {
  constructor(private readonly deps: CorrectionServiceDeps) {}

  async correct(
    auth: AuthContext,
    jobId: string,
    body: unknown,
  ): Promise<{ job: JobRecord; corrections: CorrectionRecord[] }> {
    const request = parseInput(CorrectionRequestSchema, body ?? {}, 'body');
    const { clock, ids } = this.deps;
    const listeners = [
      emitCorrectedEvent(ids),
      resendToErp,
      (tx: IntakeStores, job: JobRecord, _records: unknown, at: string) => rememberConfirmedPaymentDetails(tx, job, at),
      ...(this.deps.listeners ?? []),
    ];
    const result = await this.deps.stores.transaction(async (tx) => {
      const job = await tx.corrections.lockJob(auth.orgId, auth.environment, jobId);
      if (!job) throw notFound('Job', jobId);
      if (job.status !== 'completed')
        throw new AppError('conflict', `Job ${jobId} is ${job.status}: only a completed job's fields can be corrected`);
      const { fields, changes } = applyCorrections(job, request);
      const at = clock.now().toISOString();
      const records: CorrectionRecord[] = changes.map((change) => ({
        id: ids('cor'),
        org_id: job.org_id,
        job_id: job.id,
        environment: job.environment,
        ...change,
        corrected_by: `user_${auth.keyId}`,
        created_at: at,
      }));
      const reviewed = fields.review_outcome ? { ...fields, reviewed_at: at } : fields;
      await tx.corrections.apply(job.id, reviewed, records);
      const corrected: JobRecord = { ...job, ...reviewed };
      for (const listener of listeners) await listener(tx, corrected, records, at);
      return { job: corrected, corrections: records };
    });
    if (this.deps.learning) {
      try {
        await this.deps.learning.learn(result.job);
      } catch (error) {
        this.deps.onLearningFailed?.(coerceError(error), result.job.id);
      }
    }
    return result;
  }

  async history(auth: AuthContext, jobId: string): Promise<CorrectionRecord[]> {
    const job = await this.deps.stores.jobs.get(auth.orgId, auth.environment, jobId);
    if (!job) throw notFound('Job', jobId);
    return this.deps.stores.corrections.list(auth.orgId, auth.environment, jobId);
  }
}
