import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError } from '@intake/core';
import type { Logger } from '../logger.js';

export interface PollingLoopsOptions {
  concurrency: number;
  /** Idle loops sleep this long (jittered, so several daemons do not poll in step) unless woken. */
  pollMs: number;
}

/** A chore run every `everyMs` beside the loops (e.g. failing work whose daemon died). */
export interface PeriodicChore {
  everyMs: number;
  run: () => Promise<unknown>;
  /** Logged when it throws. */
  failure: string;
}

/**
 * `concurrency` loops that each call `runOnce` again at once while it finds work, and sleep for
 * `pollMs` when it does not (or when it throws: a database briefly gone is logged, not fatal).
 * `wake()` ends the sleeps early: this daemon just queued work. `stop()` lets the work in hand
 * finish and claims no more.
 */
export abstract class PollingLoops {
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  private chore: NodeJS.Timeout | undefined;
  readonly daemonId: string;

  protected constructor(
    kind: string,
    protected readonly logger: Logger,
    private readonly loopOptions: PollingLoopsOptions,
    private readonly periodic?: PeriodicChore,
  ) {
    this.daemonId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}${kind ? `:${kind}` : ''}`;
  }

  /** One iteration of loop number `index`: true when it did something (go on at once). */
  protected abstract runOnce(workerId: string, index: number): Promise<boolean>;
  /** Logged when an iteration throws. */
  protected abstract readonly failure: string;

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < this.loopOptions.concurrency; i++) this.loops.push(this.loop(`${this.daemonId}#${i}`, i));
    if (this.periodic) {
      const { run, everyMs, failure } = this.periodic;
      this.chore = setInterval(() => {
        run().catch((error: unknown) => this.logger.error({ err: coerceError(error) }, failure));
      }, everyMs);
      this.chore.unref();
    }
  }

  wake(): void {
    for (const wake of [...this.wakers]) wake();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.chore);
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(workerId: string, index: number): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        busy = await this.runOnce(workerId, index);
      } catch (error) {
        this.logger.error({ err: coerceError(error), workerId }, this.failure);
      }
      if (!busy) await this.sleep(this.loopOptions.pollMs * (0.75 + Math.random() / 2));
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
