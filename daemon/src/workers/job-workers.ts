import type { JobProcessor } from '@intake/core/internal';
import type { Logger } from '../logger.js';
import { PollingLoops } from './polling-loops.js';

export interface JobWorkersOptions {
  concurrency: number;
  pollMs: number;
  /** How often the reaper fails jobs whose last attempt was lost with its daemon. */
  reapEveryMs?: number;
}

/** WORKER_CONCURRENCY loops that each claim and run one job at a time. */
export class JobWorkers extends PollingLoops {
  protected readonly failure = 'worker iteration failed';

  constructor(
    private readonly processor: JobProcessor,
    logger: Logger,
    options: JobWorkersOptions,
  ) {
    super('', logger, options, {
      everyMs: options.reapEveryMs ?? 5000,
      run: () => processor.reapExhausted(),
      failure: 'reaper failed',
    });
  }

  protected async runOnce(workerId: string): Promise<boolean> {
    const outcome = await this.processor.runNext(workerId);
    if (outcome.kind === 'idle') return false;
    this.logger.info({ workerId, ...outcome }, 'job processed');
    return true;
  }
}
