import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError, type ClaimedDelivery, type WebhookSender } from '@intake/core';
import type { Logger } from '../logger.js';

export interface WebhookWorkersOptions {
  /** Attempts in flight at once in this daemon. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint, so a slow receiver cannot hold every slot. */
  perEndpoint: number;
  pollMs: number;
}

/**
 * One loop that moves outbox events into deliveries and starts due attempts without waiting for
 * them, within a global and a per-endpoint limit: a dead receiver's 5-second timeouts occupy at
 * most `perEndpoint` slots while other endpoints keep flowing.
 */
export class WebhookWorkers {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Map<string, number>();
  private readonly attempts = new Set<Promise<unknown>>();
  private wakeUp: (() => void) | undefined;
  readonly workerId = `${os.hostname()}:${process.pid}:wh:${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly sender: WebhookSender,
    private readonly logger: Logger,
    private readonly options: WebhookWorkersOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Stops claiming and waits for the attempts in flight (each bounded by the webhook timeout). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.attempts]);
  }

  private async run(): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        busy = (await this.sender.dispatch()) > 0;
        busy = (await this.startDue()) || busy;
      } catch (error) {
        this.logger.error({ err: coerceError(error) }, 'webhook loop failed');
      }
      if (!busy) await this.sleep(this.options.pollMs);
    }
  }

  /** Claims what fits in the free slots and starts it; true when it started anything. */
  private async startDue(): Promise<boolean> {
    const free = this.options.concurrency - this.attempts.size;
    if (free <= 0) return false;
    const saturated = [...this.inFlight].filter(([, n]) => n >= this.options.perEndpoint).map(([id]) => id);
    const claimed = await this.sender.claim(this.workerId, free, saturated);
    for (const item of claimed) this.startAttempt(item);
    return claimed.length > 0;
  }

  private startAttempt(claimed: ClaimedDelivery): void {
    const endpoint = claimed.delivery.endpoint_id;
    this.inFlight.set(endpoint, (this.inFlight.get(endpoint) ?? 0) + 1);
    const attempt = this.sender
      .attempt(this.workerId, claimed)
      .catch((error: unknown) => this.logger.error({ err: coerceError(error), deliveryId: claimed.delivery.id }, 'webhook attempt failed to record'))
      .finally(() => {
        const left = (this.inFlight.get(endpoint) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(endpoint);
        else this.inFlight.set(endpoint, left);
        this.attempts.delete(attempt);
        this.wake();
      });
    this.attempts.add(attempt);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }
}
