import type { ErpService } from '@intake/core/erp';
import type { Logger } from '../logger.js';
import { PollingLoops } from './polling-loops.js';

export interface ErpWorkersOptions {
  concurrency: number;
  pollMs: number;
  /** Records one loop sends at once; default 5. */
  batch?: number;
  /** Told what each round sent (for the metrics). */
  onReport?: (report: ErpSyncReport) => void;
}

/** What one round of sending did: records synced, retrying, failed and lost (a lease lost meanwhile). */
export type ErpSyncReport = Awaited<ReturnType<ErpService['syncDue']>>;

/** Loops that send due vendor bills to ERP connections (several daemons share the work: claims are leased). */
export class ErpWorkers extends PollingLoops {
  protected readonly failure = 'ERP worker iteration failed';

  constructor(
    private readonly service: ErpService,
    logger: Logger,
    private readonly options: ErpWorkersOptions,
  ) {
    super('erp', logger, options);
  }

  protected async runOnce(workerId: string): Promise<boolean> {
    const report = await this.service.syncDue(workerId, this.options.batch ?? 5);
    this.options.onReport?.(report);
    const total = report.synced + report.retrying + report.failed + report.lost;
    const { failures, ...counts } = report;
    if (total > 0) this.logger[report.retrying ? 'warn' : 'info']({ workerId, ...counts }, 'ERP records sent');
    for (const failure of failures)
      this.logger.warn(
        {
          event: 'erp.sync_failed',
          sync_id: failure.syncId,
          job_id: failure.jobId,
          org_id: failure.orgId,
          connection_id: failure.connectionId,
          prefix: failure.prefix,
          attempts: failure.attempts,
          error: failure.error,
        },
        'ERP sync failed for good',
      );
    return total > 0;
  }
}
