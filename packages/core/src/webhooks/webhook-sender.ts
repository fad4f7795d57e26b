import { coerceError } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Clock } from '../ports/clock.port.js';
import type { ClaimedDelivery, WebhookStore } from '../ports/webhook-store.port.js';
import type { WebhookTransport } from '../ports/webhook-transport.port.js';
import { delayAfterFailedAttempt } from './retry-schedule.js';
import { signWebhookBody } from './signature.js';

export interface WebhookSenderOptions {
  /** The receiver must answer within this (the spec: 5 s). */
  timeoutMs: number;
  /** A claimed delivery is another daemon's again after this; longer than any attempt. */
  leaseMs: number;
}

/** The headers of a delivery: the signature of the exact body, the event, the delivery id. */
export function deliveryHeaders(body: string, secret: string, event: string, deliveryId: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Intake-Webhooks/1',
    'x-service-signature': signWebhookBody(body, secret),
    'x-service-event': event,
    'x-service-delivery': deliveryId,
  };
}

/**
 * Moves events from the outbox to receivers: `dispatch` makes deliveries, `sendDue` sends the ones
 * whose time has come and schedules the next attempt of those that failed.
 */
export class WebhookSender {
  constructor(
    private readonly deps: { store: WebhookStore; transport: WebhookTransport; clock: Clock; ids: IdGenerator; options: WebhookSenderOptions },
  ) {}

  dispatch(limit = 200): Promise<number> {
    return this.deps.store.dispatchOutbox(this.deps.clock.now(), limit, () => this.deps.ids('whd'));
  }

  /** Claims up to `limit` due deliveries (none for `skipEndpoints`) and returns them unsent. */
  claim(workerId: string, limit: number, skipEndpoints: string[]): Promise<ClaimedDelivery[]> {
    return this.deps.store.claimDue({ workerId, now: this.deps.clock.now(), leaseMs: this.deps.options.leaseMs, limit, skipEndpoints });
  }

  /**
   * One attempt of a claimed delivery; records it and schedules what follows. Returns whether it
   * succeeded. `onAnswered` runs as soon as the exchange with the receiver is over, before the
   * outcome is written (the delivery stays leased until then).
   */
  async attempt(workerId: string, claimed: ClaimedDelivery, onAnswered?: () => void): Promise<boolean> {
    const { delivery } = claimed;
    const number = delivery.attempt_count + 1;
    const startedAt = this.deps.clock.now();
    const response = await this.deps.transport
      .send({ url: claimed.url, body: delivery.payload, headers: deliveryHeaders(delivery.payload, claimed.secret, delivery.event, delivery.id), timeoutMs: this.deps.options.timeoutMs })
      .catch((error: unknown) => ({ statusCode: null, durationMs: 0, responseBody: null, error: coerceError(error).message }));
    onAnswered?.();
    const success = response.error === null && response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
    const delay = success ? null : delayAfterFailedAttempt(number);
    const finishedAt = this.deps.clock.now().getTime();
    await this.deps.store.recordAttempt(
      workerId,
      {
        delivery_id: delivery.id,
        chain: delivery.chain,
        attempt: number,
        started_at: startedAt.toISOString(),
        status_code: response.statusCode,
        duration_ms: Math.round(response.durationMs),
        error: success ? null : (response.error ?? `receiver answered ${response.statusCode}`),
        response_body: response.responseBody,
        success,
      },
      success
        ? { status: 'succeeded', nextAttemptAt: null }
        : delay === null
          ? { status: 'failed', nextAttemptAt: null }
          : { status: 'pending', nextAttemptAt: new Date(finishedAt + delay).toISOString() },
    );
    return success;
  }
}
