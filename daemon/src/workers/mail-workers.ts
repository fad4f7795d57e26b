import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError, type InboundMailService } from '@intake/core';
import type { Logger } from '../logger.js';

export interface MailWorkersOptions {
  concurrency: number;
  pollMs: number;
  /** How often messages abandoned by dead daemons are marked failed. */
  reapEveryMs?: number;
}

/**
 * Loops that claim stored messages and turn their attachments into jobs. Idle loops sleep for
 * `pollMs` (jittered) unless the SMTP edge of this daemon just accepted a message.
 */
export class MailWorkers {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private reaper: NodeJS.Timeout | undefined;
  readonly daemonId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}:mail`;

  constructor(
    private readonly inbound: InboundMailService,
    private readonly logger: Logger,
    private readonly options: MailWorkersOptions,
    /** Called when a message produced jobs (wakes the job workers). */
    private readonly onProcessed: () => void = () => {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop(`${this.daemonId}#${i}`));
    this.reaper = setInterval(() => {
      this.inbound.failAbandoned().catch((error: unknown) => this.logger.error({ err: coerceError(error) }, 'mail reaper failed'));
    }, this.options.reapEveryMs ?? 5000);
    this.reaper.unref();
  }

  wake(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /** Finishes the messages in hand, claims no more. */
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
        outcome = await this.inbound.processNext(workerId);
      } catch (error) {
        this.logger.error({ err: coerceError(error), workerId }, 'mail worker iteration failed; the message will be retried');
        await this.sleep(this.options.pollMs);
        continue;
      }
      if (outcome.kind === 'idle') await this.sleep(this.options.pollMs * (0.75 + Math.random() / 2));
      else {
        this.logger.info({ workerId, ...outcome }, 'message processed');
        this.onProcessed();
      }
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
