import type { NotificationService } from '@intake/core/email';
import type { Logger } from '../logger.js';
import { PollingLoops } from './polling-loops.js';

export interface NotificationWorkersOptions {
  /** Loops per daemon, each sending up to `batch` mails at a time. */
  concurrency: number;
  pollMs: number;
  /** Mails one loop sends at once; default 5. */
  batch?: number;
}

/**
 * Loops that turn job events into processing-complete notifications and send due notifications.
 * Only the first loop dispatches job events; every loop sends.
 */
export class NotificationWorkers extends PollingLoops {
  protected readonly failure = 'notification worker iteration failed';

  constructor(
    private readonly service: NotificationService,
    logger: Logger,
    private readonly options: NotificationWorkersOptions,
  ) {
    super('notify', logger, options);
  }

  protected async runOnce(workerId: string, index: number): Promise<boolean> {
    let busy = false;
    if (index === 0) {
      const dispatched = await this.service.dispatchJobEvents();
      if (dispatched.handled > 0) busy = true;
      if (dispatched.queued > 0) this.logger.info({ workerId, ...dispatched }, 'job notifications queued');
    }
    const report = await this.service.sendDue(workerId, this.options.batch ?? 5);
    if (report.sent + report.retrying + report.failed + report.lost > 0) {
      busy = true;
      this.logger[report.failed || report.retrying ? 'warn' : 'info']({ workerId, ...report }, 'notifications sent');
    }
    return busy;
  }
}
