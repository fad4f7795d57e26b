import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError, type JobProcessor } from '@intake/core';
import type { Logger } from '../logger.js';

export interface JobWorkersOptions {
  concurrency: number;
  pollMs: number;
  /** How often the reaper fails jobs whose last attempt was lost with its daemon. */
  reapEveryMs?: number;
}

/**
 * WORKER_CONCURRENCY loops that each claim and run one job at a time. Idle loops sleep for
 * `pollMs` (with jitter, so several daemons do not poll in step) unless woken by a local submission.
 */
export class JobWorkers {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private reaper: NodeJS.Timeout | undefined;
  readonly daemonId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly processor: JobProcessor,
    private readonly logger: Logger,
    private readonly options: JobWorkersOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop(`${this.daemonId}#${i}`));
    this.reaper = setInterval(() => {
      this.processor.reapExhausted().catch((error: unknown) => this.logger.error({ err: coerceError(error) }, 'reaper failed'));
    }, this.options.reapEveryMs ?? 5000);
    this.reaper.unref();
  }

  /** Wakes idle loops: a job was just queued. */
  wake(): void {
    for (const wake of this.wakers) wake();
  }

  /** Lets the jobs in hand finish, then returns; no new job is claimed meanwhile. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.reaper);
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(workerId: string): Promise<void> {
    while (this.running) {
      let outcome;
      try {
        outcome = await this.processor.runNext(workerId);
      } catch (error) {
        // The database may be briefly unreachable: log, back off, keep the loop alive.
        this.logger.error({ err: coerceError(error), workerId }, 'worker iteration failed');
        await this.sleep(this.options.pollMs);
        continue;
      }
      if (outcome.kind === 'idle') await this.sleep(this.options.pollMs * (0.75 + Math.random() / 2));
      else this.logger.info({ workerId, ...outcome }, 'job processed');
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
