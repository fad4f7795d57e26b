import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError } from '@intake/core';
import { type ClaimedDelivery } from '@intake/core/ports';
import { type AttemptAnswer, type WebhookSender } from '@intake/core/webhooks';
import type { Logger } from '../logger.js';

export interface WebhookWorkersOptions {
  /** Attempts in flight at once in this daemon. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint, so a slow receiver cannot hold every slot. */
  perEndpoint: number;
  pollMs: number;
  /** Told how each attempt went, once the receiver has answered (for the metrics). */
  onAnswer?: (answer: AttemptAnswer) => void;
}

/** A sleep that a `notify` ends early; a `notify` while nobody sleeps ends the next sleep at once. */
class Wakeup {
  private wake: (() => void) | undefined;
  private pending = false;

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}

/**
 * Two loops and the attempts they start. One moves outbox events into deliveries (every pollMs, or
 * at once while there are more). The other claims due deliveries, for every endpoint in one
 * statement, and starts attempts without waiting for them, within a global and a per-endpoint
 * limit: a dead receiver's 5-second timeouts occupy at most `perEndpoint` slots while other
 * endpoints keep flowing.
 *
 * Claims run ahead of the slots: up to three rounds of an endpoint's deliveries (3 x `perEndpoint`)
 * wait here, claimed, besides the one in flight (and at most 4 x `concurrency` claimed in all), so
 * an attempt that ends starts the next one at once instead of after a round trip to the database,
 * and one claim statement serves several attempts. Waiting deliveries start oldest first; every
 * attempt ends within the receiver timeout, so a waiting delivery starts within three timeouts of its
 * claim and is answered within four, inside its lease (six; and the sender does not send one whose
 * lease is about to run out). `stop` gives back the ones never started.
 */
export class WebhookWorkers {
  private running = false;
  private loops: Promise<unknown> | undefined;
  /** Requests to receivers in flight, per endpoint and in all. */
  private readonly inFlight = new Map<string, number>();
  private sending = 0;
  /** Claimed, not started yet, oldest first. */
  private readonly waiting: ClaimedDelivery[] = [];
  /** In flight plus waiting, per endpoint: what the next claim must count. */
  private readonly held = new Map<string, number>();
  /** Endpoints whose last claim gave them all the room they had: likely more due. */
  private readonly hasMore = new Set<string>();
  /** Every attempt until its outcome is recorded, for `stop`. */
  private readonly attempts = new Set<Promise<unknown>>();
  private lastClaim = 0;
  /** Claim at the next turn, whatever the time: new deliveries, or a claim cut short by the limit. */
  private claimSoon = true;
  private readonly claimWakeup = new Wakeup();
  private readonly dispatchWakeup = new Wakeup();
  private starting = false;
  private startAgain = false;
  readonly workerId = `${os.hostname()}:${process.pid}:wh:${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly sender: WebhookSender,
    private readonly logger: Logger,
    private readonly options: WebhookWorkersOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = Promise.all([this.dispatchLoop(), this.claimLoop()]);
  }

  /** Looks for new events and due deliveries now. */
  wake(): void {
    this.claimSoon = true;
    this.dispatchWakeup.notify();
    this.claimWakeup.notify();
  }

  /**
   * Stops claiming, gives back what was claimed and not started, and waits for the attempts in
   * flight (each bounded by the webhook timeout).
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.dispatchWakeup.notify();
    this.claimWakeup.notify();
    await this.loops;
    const unsent = this.waiting.splice(0);
    for (const claimed of unsent) this.count(this.held, claimed.delivery.endpoint_id, -1);
    if (unsent.length > 0) {
      await this.sender
        .release(this.workerId, unsent)
        .catch((error: unknown) =>
          this.logger.error(
            { err: coerceError(error) },
            'webhook claims not given back; they are due again when their lease ends',
          ),
        );
    }
    await Promise.allSettled([...this.attempts]);
  }

  /** Outbox events into deliveries, apart from claiming so that neither waits for the other. */
  private async dispatchLoop(): Promise<void> {
    while (this.running) {
      let made = 0;
      try {
        made = await this.sender.dispatch();
      } catch (error) {
        this.logger.error({ err: coerceError(error) }, 'webhook dispatch failed');
      }
      if (made > 0) {
        this.claimSoon = true;
        this.claimWakeup.notify();
      } else if (this.running) await this.dispatchWakeup.sleep(this.options.pollMs);
    }
  }

  private async claimLoop(): Promise<void> {
    while (this.running) {
      try {
        if (this.claimWanted()) await this.claimDue();
      } catch (error) {
        this.logger.error({ err: coerceError(error) }, 'webhook claim failed');
      }
      if (!this.running || (this.claimSoon && this.room() >= this.minClaim)) continue;
      // Until the next claim for everyone, unless an answer or new deliveries come first.
      await this.claimWakeup.sleep(Math.max(1, this.lastClaim + this.options.pollMs - Date.now()));
    }
  }

  /** Most claimed deliveries one endpoint may hold here: `perEndpoint` in flight, three times that waiting. */
  private get holdPerEndpoint(): number {
    return 4 * this.options.perEndpoint;
  }

  /** How many more this daemon may claim: `concurrency` in flight and three times that waiting. */
  private room(): number {
    return 4 * this.options.concurrency - this.sending - this.waiting.length;
  }

  /** Claims smaller than this wait for more room (but for the one every pollMs). */
  private get minClaim(): number {
    return Math.min(this.options.perEndpoint, this.options.concurrency);
  }

  /**
   * Whether to claim now: every pollMs whatever happens (retries fall due, other endpoints); and,
   * with room for a claim of at least `perEndpoint`, after new deliveries were made or a claim was
   * cut short by the global limit, or as soon as an endpoint that had more due than it could take
   * has started a round (`perEndpoint`) of its waiting ones, so that what is claimed arrives before
   * the waiting ones run out. Between those, answers only start waiting deliveries, and one claim
   * serves several of them.
   */
  private claimWanted(): boolean {
    const room = this.room();
    if (room <= 0) return false;
    if (Date.now() - this.lastClaim >= this.options.pollMs) return true;
    if (room < this.minClaim) return false;
    if (this.claimSoon) return true;
    const refillAt = this.holdPerEndpoint - this.options.perEndpoint;
    for (const endpoint of this.hasMore) if ((this.held.get(endpoint) ?? 0) <= refillAt) return true;
    return false;
  }

  /**
   * One claim statement for every endpoint at once, told what each already holds here (in flight
   * and waiting). An endpoint holding its share takes nothing, so a dead receiver's backlog is not in
   * the way of the others.
   */
  private async claimDue(): Promise<void> {
    this.claimSoon = false;
    this.lastClaim = Date.now();
    const limit = this.room();
    const asked = new Map(this.held);
    const claimed = await this.sender.claim(this.workerId, limit, { perEndpoint: this.holdPerEndpoint, busy: asked });
    const got = new Map<string, number>();
    for (const item of claimed) {
      this.waiting.push(item);
      this.count(this.held, item.delivery.endpoint_id, 1);
      this.count(got, item.delivery.endpoint_id, 1);
    }
    // An endpoint that got all the room it had probably has more due: it is refilled as it drains.
    for (const endpoint of new Set([...this.hasMore, ...got.keys()])) {
      if ((got.get(endpoint) ?? 0) >= this.holdPerEndpoint - (asked.get(endpoint) ?? 0)) this.hasMore.add(endpoint);
      else this.hasMore.delete(endpoint);
    }
    if (claimed.length >= limit) this.claimSoon = true;
    // Stopped while claiming: these stay waiting, and `stop` gives them back.
    this.startWaiting();
  }

  /** Starts waiting deliveries, oldest first, in the free slots of their endpoints. */
  private startWaiting(): void {
    // An attempt can end before `attempt` returns (a lapsed lease): its release must not start a
    // second pass while this one walks the list; this one goes round again instead.
    if (this.starting) {
      this.startAgain = true;
      return;
    }
    this.starting = true;
    try {
      do {
        this.startAgain = false;
        for (let i = 0; this.running && i < this.waiting.length && this.sending < this.options.concurrency;) {
          const claimed = this.waiting[i]!;
          if ((this.inFlight.get(claimed.delivery.endpoint_id) ?? 0) >= this.options.perEndpoint) i++;
          else {
            this.waiting.splice(i, 1);
            this.startAttempt(claimed);
          }
        }
      } while (this.startAgain);
    } finally {
      this.starting = false;
    }
  }

  private count(map: Map<string, number>, endpoint: string, by: number): void {
    const n = (map.get(endpoint) ?? 0) + by;
    if (n <= 0) map.delete(endpoint);
    else map.set(endpoint, n);
  }

  /**
   * The slots are given back once the receiver has answered (recording the outcome needs no
   * receiver), and a waiting delivery takes the slot at once; the claim loop is woken to see whether
   * to claim more.
   */
  private startAttempt(claimed: ClaimedDelivery): void {
    const endpoint = claimed.delivery.endpoint_id;
    this.count(this.inFlight, endpoint, 1);
    this.sending++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.sending--;
      this.count(this.inFlight, endpoint, -1);
      this.count(this.held, endpoint, -1);
      this.startWaiting();
      this.claimWakeup.notify();
    };
    const answered = (answer: AttemptAnswer) => {
      this.options.onAnswer?.(answer);
      if (answer.outcome === 'failed') logDeliveryFailed(this.logger, answer);
      release();
    };
    const attempt = this.sender
      .attempt(this.workerId, claimed, answered)
      .catch((error: unknown) =>
        this.logger.error(
          { err: coerceError(error), deliveryId: claimed.delivery.id },
          'webhook attempt failed to record',
        ),
      )
      .finally(() => {
        release();
        this.attempts.delete(attempt);
      });
    this.attempts.add(attempt);
  }
}

/** A delivery that has used its last attempt: the operator's cue to look at the endpoint. */
function logDeliveryFailed(logger: Logger, answer: AttemptAnswer): void {
  logger.warn(
    {
      event: 'delivery.failed',
      delivery_id: answer.deliveryId,
      endpoint_id: answer.endpointId,
      org_id: answer.orgId,
      webhook_event: answer.event,
      attempts: answer.attempt,
      status_code: answer.statusCode ?? null,
      error: answer.error ?? null,
    },
    'webhook delivery failed for good: no attempt left',
  );
}
