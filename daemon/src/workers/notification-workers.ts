import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError, type NotificationService } from '@intake/core';
import type { Logger } from '../logger.js';

export interface NotificationWorkersOptions {
  /** Loops per daemon, each sending up to `batch` mails at a time. */
  concurrency: number;
  pollMs: number;
  /** Mails one loop sends at once; default 5. */
  batch?: number;
}

/**
 * Loops that turn job events into processing-complete notifications and send due notifications.
 * Idle loops sleep for `pollMs` (jittered) unless woken (a message of this daemon queued some).
 */
export class NotificationWorkers {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  readonly daemonId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}:notify`;

  constructor(
    private readonly service: NotificationService,
    private readonly logger: Logger,
    private readonly options: NotificationWorkersOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop(`${this.daemonId}#${i}`, i === 0));
  }

  wake(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /** Finishes the mails in hand, claims no more. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(workerId: string, dispatches: boolean): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        if (dispatches) {
          const dispatched = await this.service.dispatchJobEvents();
          if (dispatched.handled > 0) busy = true;
          if (dispatched.queued > 0) this.logger.info({ workerId, ...dispatched }, 'job notifications queued');
        }
        const report = await this.service.sendDue(workerId, this.options.batch ?? 5);
        if (report.sent + report.retrying + report.failed + report.lost > 0) {
          busy = true;
          this.logger[report.failed || report.retrying ? 'warn' : 'info']({ workerId, ...report }, 'notifications sent');
        }
      } catch (error) {
        this.logger.error({ err: coerceError(error), workerId }, 'notification worker iteration failed');
      }
      if (!busy) await this.sleep(this.options.pollMs * (0.75 + Math.random() / 2));
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}
