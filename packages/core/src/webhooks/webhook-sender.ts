import { coerceError } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Clock } from '../ports/clock.port.js';
import type { AttemptOutcome, ClaimedDelivery, WebhookStore } from '../ports/webhook-store.port.js';
import type { WebhookTransport } from '../ports/webhook-transport.port.js';
import { delayAfterFailedAttempt } from './retry-schedule.js';
import { signWebhookBody } from './signature.js';

export interface WebhookSenderOptions {
  /** The receiver must answer within this (the spec: 5 s). */
  timeoutMs: number;
  /** A claimed delivery is another daemon's again after this; longer than any attempt. */
  leaseMs: number;
  /** The waits after failed attempts 1 to 5 (default: the spec's 5 s, 30 s, 2 min, 10 min, 1 h). */
  retryDelaysMs?: readonly number[];
}

/** The headers of a delivery: the signature of the exact body, the event, the delivery id. */
export function deliveryHeaders(
  body: string,
  secret: string,
  event: string,
  deliveryId: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Intake-Webhooks/1',
    'x-service-signature': signWebhookBody(body, secret),
    'x-service-event': event,
    'x-service-delivery': deliveryId,
  };
}

/**
 * How one attempt went, as `attempt` tells its `onAnswered`: delivered; failed with another attempt
 * scheduled (retrying) or none left (failed); or not sent (its lease was about to run out).
 */
export interface AttemptAnswer {
  outcome: 'delivered' | 'retrying' | 'failed' | 'not_sent';
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  /** The exchange with the receiver (0 when not sent). */
  durationMs: number;
  /** Which delivery: to follow one event (and its job) in the logs. */
  deliveryId: string;
  endpointId: string;
  orgId: string;
  event: string;
  /** The receiver's status code (null when none came), and why a failed attempt failed. */
  statusCode?: number | null;
  error?: string | null;
}

/** What a lease must have left, beyond the receiver's time, when an attempt starts (recording it). */
const LEASE_MARGIN_MS = 1000;

/** Outcomes recorded in one statement at most (the rest wait for the next one). */
const MAX_RECORD_BATCH = 64;
/**
 * How long an outcome waits for others to be written with it (unless a batch is full): the
 * delivery stays leased that much longer, and the database gets one statement for several.
 */
const RECORD_LINGER_MS = 20;

interface PendingRecord {
  /** When it was queued (performance.now()). */
  at: number;
  workerId: string;
  outcome: AttemptOutcome;
  resolve: (recorded: boolean) => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL text cannot hold NUL: a receiver's answer or an error with one is kept without it. */
const storable = (text: string | null): string | null =>
  text === null || !text.includes('\0') ? text : text.replaceAll('\0', '\uFFFD');

/**
 * Moves events from the outbox to receivers: `dispatch` makes deliveries, `claim` leases the ones
 * whose time has come, `attempt` sends one and schedules the next attempt if it failed.
 */
export class WebhookSender {
  /** Outcomes waiting for the statement under way to finish (group commit). */
  private readonly toRecord: PendingRecord[] = [];
  private recording = false;

  constructor(
    private readonly deps: {
      store: WebhookStore;
      transport: WebhookTransport;
      clock: Clock;
      ids: IdGenerator;
      options: WebhookSenderOptions;
    },
  ) {}

  dispatch(limit = 200): Promise<number> {
    return this.deps.store.dispatchOutbox(this.deps.clock.now(), limit, () => this.deps.ids('whd'));
  }

  /**
   * Claims up to `limit` due deliveries, in one statement, and returns them unsent. With `caps`, an
   * endpoint gets at most `perEndpoint` minus what `busy` counts for it (none once at its cap).
   */
  claim(
    workerId: string,
    limit: number,
    caps?: { perEndpoint: number; busy: ReadonlyMap<string, number> },
  ): Promise<ClaimedDelivery[]> {
    return this.deps.store.claimDue({
      workerId,
      now: this.deps.clock.now(),
      leaseMs: this.deps.options.leaseMs,
      limit,
      ...(caps ? { perEndpoint: caps.perEndpoint, busy: caps.busy } : {}),
    });
  }

  /** Gives back deliveries claimed and not attempted (a stopping worker's): due again at once. */
  release(workerId: string, claimed: readonly ClaimedDelivery[]): Promise<number> {
    return this.deps.store.releaseClaims(
      workerId,
      claimed.map((c) => c.delivery.id),
    );
  }

  /**
   * One attempt of a claimed delivery; records it and schedules what follows. Returns whether it
   * succeeded. `onAnswered` runs as soon as the exchange with the receiver is over, before the
   * outcome is written (the delivery stays leased until then). Outcomes of attempts that finish
   * while a record statement is under way are written together by the next one.
   *
   * A claim whose lease would run out before the receiver's time is up is not sent (false, nothing
   * recorded): another worker may take the delivery then, and an attempt must have one sender.
   */
  async attempt(
    workerId: string,
    claimed: ClaimedDelivery,
    onAnswered?: (answer: AttemptAnswer) => void,
  ): Promise<boolean> {
    const { delivery } = claimed;
    const number = delivery.attempt_count + 1;
    const which = {
      deliveryId: delivery.id,
      endpointId: delivery.endpoint_id,
      orgId: delivery.org_id,
      event: delivery.event,
    };
    const startedAt = this.deps.clock.now();
    if (Date.parse(claimed.leaseExpiresAt) - startedAt.getTime() <= this.deps.options.timeoutMs + LEASE_MARGIN_MS) {
      onAnswered?.({ outcome: 'not_sent', attempt: number, durationMs: 0, ...which });
      return false;
    }
    const response = await this.deps.transport
      .send({
        url: claimed.url,
        body: delivery.payload,
        headers: deliveryHeaders(delivery.payload, claimed.secret, delivery.event, delivery.id),
        timeoutMs: this.deps.options.timeoutMs,
      })
      .catch((error: unknown) => ({
        statusCode: null,
        durationMs: 0,
        responseBody: null,
        error: coerceError(error).message,
      }));
    const success =
      response.error === null &&
      response.statusCode !== null &&
      response.statusCode >= 200 &&
      response.statusCode < 300;
    const delay = success ? null : delayAfterFailedAttempt(number, this.deps.options.retryDelaysMs);
    onAnswered?.({
      outcome: success ? 'delivered' : delay === null ? 'failed' : 'retrying',
      attempt: number,
      durationMs: response.durationMs,
      ...which,
      statusCode: response.statusCode,
      error: success ? null : (response.error ?? `receiver answered ${response.statusCode}`),
    });
    const finishedAt = this.deps.clock.now().getTime();
    await this.record(workerId, {
      attempt: {
        delivery_id: delivery.id,
        chain: delivery.chain,
        attempt: number,
        started_at: startedAt.toISOString(),
        status_code: response.statusCode,
        duration_ms: Math.round(response.durationMs),
        error: success ? null : storable(response.error ?? `receiver answered ${response.statusCode}`),
        response_body: storable(response.responseBody),
        success,
      },
      next: success
        ? { status: 'succeeded', nextAttemptAt: null }
        : delay === null
          ? { status: 'failed', nextAttemptAt: null }
          : { status: 'pending', nextAttemptAt: new Date(finishedAt + delay).toISOString() },
    });
    return success;
  }

  /** Resolves with whether the outcome was recorded (false: the lease was lost). */
  private record(workerId: string, outcome: AttemptOutcome): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.toRecord.push({ at: performance.now(), workerId, outcome, resolve, reject });
      if (!this.recording) void this.flush();
    });
  }

  /**
   * Writes what waits, one statement at a time, each once its oldest outcome has waited
   * RECORD_LINGER_MS or a batch is full. A batch holds one worker's outcomes of distinct
   * deliveries. A batch that fails is retried one outcome at a time, so one bad row fails alone.
   */
  private async flush(): Promise<void> {
    this.recording = true;
    try {
      while (this.toRecord.length > 0) {
        const wait = this.toRecord[0]!.at + RECORD_LINGER_MS - performance.now();
        if (wait > 0 && this.toRecord.length < MAX_RECORD_BATCH) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        const workerId = this.toRecord[0]!.workerId;
        const batch: PendingRecord[] = [];
        const ids = new Set<string>();
        for (let i = 0; i < this.toRecord.length && batch.length < MAX_RECORD_BATCH;) {
          const item = this.toRecord[i]!;
          if (item.workerId === workerId && !ids.has(item.outcome.attempt.delivery_id)) {
            ids.add(item.outcome.attempt.delivery_id);
            batch.push(item);
            this.toRecord.splice(i, 1);
          } else i++;
        }
        try {
          const recorded = await this.deps.store.recordAttempts(
            workerId,
            batch.map((b) => b.outcome),
          );
          batch.forEach((b, i) => b.resolve(recorded[i] ?? false));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else {
            for (const b of batch) {
              await this.deps.store
                .recordAttempts(workerId, [b.outcome])
                .then(([recorded]) => b.resolve(recorded ?? false), b.reject);
            }
          }
        }
      }
    } finally {
      this.recording = false;
    }
  }
}
