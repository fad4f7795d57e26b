import type { InboundMailService } from '@intake/core';
import type { Logger } from '../logger.js';
import { PollingLoops } from './polling-loops.js';

export interface MailWorkersOptions {
  concurrency: number;
  pollMs: number;
  /** How often messages abandoned by dead daemons are marked failed. */
  reapEveryMs?: number;
}

/** Loops that claim stored messages and turn their attachments into jobs (or review items). */
export class MailWorkers extends PollingLoops {
  protected readonly failure = 'mail worker iteration failed; the message will be retried';

  constructor(
    private readonly inbound: InboundMailService,
    logger: Logger,
    options: MailWorkersOptions,
    /** Called when a message was processed (wakes the job workers). */
    private readonly onProcessed: () => void = () => {},
  ) {
    super('mail', logger, options, { everyMs: options.reapEveryMs ?? 5000, run: () => inbound.failAbandoned(), failure: 'mail reaper failed' });
  }

  protected async runOnce(workerId: string): Promise<boolean> {
    const outcome = await this.inbound.processNext(workerId);
    if (outcome.kind === 'idle') return false;
    this.logger.info({ workerId, ...outcome }, 'message processed');
    this.onProcessed();
    return true;
  }
}
