import type { JobProcessor, ProcessOutcome } from '@intake/core/jobs';
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
    logJobOutcome(this.logger, workerId, outcome);
    return true;
  }
}

/** A job's state change, with its id (a mail-born job's id is also on its `message processed` line). */
function logJobOutcome(logger: Logger, workerId: string, outcome: Exclude<ProcessOutcome, { kind: 'idle' }>): void {
  const line = { job_id: outcome.jobId, worker: workerId };
  switch (outcome.kind) {
    case 'completed':
      return logger.info({ event: 'job.completed', ...line }, 'job completed');
    case 'failed':
      return logger.warn({ event: 'job.failed', ...line, error_code: outcome.code }, 'job failed');
    case 'retry':
      return logger.info({ event: 'job.retry', ...line }, 'job attempt failed; it will be tried again');
    case 'lost_lease':
      return logger.warn(
        { event: 'job.lease_lost', ...line },
        'job lease lost: another worker has it or it was cancelled; nothing recorded',
      );
  }
}
