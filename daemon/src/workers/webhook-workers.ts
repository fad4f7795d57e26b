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
  /** Requests to receivers in flight, per endpoint and in all. */
  private readonly inFlight = new Map<string, number>();
  private sending = 0;
  /** Every attempt until its outcome is recorded, for `stop`. */
  private readonly attempts = new Set<Promise<unknown>>();
  private lastDispatch = 0;
  private wakeUp: (() => void) | undefined;
  private wokenEarly = false;
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
    // A wake-up while the loop is busy must not be lost: the next sleep returns at once.
    if (this.wakeUp) this.wakeUp();
    else this.wokenEarly = true;
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
        // New events every pollMs, or at once while there are more; in between, turns of the loop
        // (woken by answers) only start due attempts.
        if (Date.now() - this.lastDispatch >= this.options.pollMs) {
          const made = await this.sender.dispatch();
          this.lastDispatch = made > 0 ? 0 : Date.now();
          busy = made > 0;
        }
        busy = (await this.startDue()) || busy;
      } catch (error) {
        this.logger.error({ err: coerceError(error) }, 'webhook loop failed');
      }
      if (!busy) await this.sleep(this.options.pollMs);
    }
  }

  /**
   * Claims what fits in the free slots and starts it; true when it started anything. One claim can
   * return many deliveries of one endpoint, so it asks for no more than the busiest endpoint not yet
   * at its limit can still take: no endpoint ever has more than `perEndpoint` attempts in flight.
   */
  private async startDue(): Promise<boolean> {
    const free = this.options.concurrency - this.sending;
    if (free <= 0) return false;
    const saturated: string[] = [];
    let busiest = 0;
    for (const [endpoint, n] of this.inFlight) {
      if (n >= this.options.perEndpoint) saturated.push(endpoint);
      else busiest = Math.max(busiest, n);
    }
    const claimed = await this.sender.claim(this.workerId, Math.min(free, this.options.perEndpoint - busiest), saturated);
    for (const item of claimed) this.startAttempt(item);
    return claimed.length > 0;
  }

  /** The slots are given back once the receiver has answered: recording the outcome needs no receiver. */
  private startAttempt(claimed: ClaimedDelivery): void {
    const endpoint = claimed.delivery.endpoint_id;
    this.inFlight.set(endpoint, (this.inFlight.get(endpoint) ?? 0) + 1);
    this.sending++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.sending--;
      const left = (this.inFlight.get(endpoint) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(endpoint);
      else this.inFlight.set(endpoint, left);
      this.wake();
    };
    const attempt = this.sender
      .attempt(this.workerId, claimed, release)
      .catch((error: unknown) => this.logger.error({ err: coerceError(error), deliveryId: claimed.delivery.id }, 'webhook attempt failed to record'))
      .finally(() => {
        release();
        this.attempts.delete(attempt);
      });
    this.attempts.add(attempt);
  }

  private sleep(ms: number): Promise<void> {
    if (this.wokenEarly) {
      this.wokenEarly = false;
      return Promise.resolve();
    }
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
