import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIntake,
  type IntakeStores,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookTransport,
} from '@intake/core';
import { ManualClock } from '@intake/core/ports';
import { createSequentialIds } from '@intake/core/shared';
import { MAX_ATTEMPTS, WebhookSender, WebhookService } from '@intake/core/webhooks';
import { createMemoryStores } from '@intake/core/testing';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';

/** The spec's schedule, as seconds after the first attempt: delays 5 s, 30 s, 2 min, 10 min, 1 h. */
const ATTEMPT_AT_S = [0, 5, 35, 155, 755, 4355];
const LEASE_MS = 30_000;

/** Fails every request unless told otherwise; the cause does not matter here, the schedule does. */
class ScriptedTransport implements WebhookTransport {
  succeed = false;
  readonly sent: Array<{ at: number; request: WebhookRequest }> = [];
  constructor(private readonly clock: ManualClock) {}
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    this.sent.push({ at: this.clock.now().getTime(), request });
    return this.succeed
      ? { statusCode: 200, durationMs: 3, responseBody: 'ok', error: null }
      : { statusCode: 503, durationMs: 3, responseBody: 'down', error: null };
  }
  async checkDestination(): Promise<string | null> {
    return null;
  }
}

type Kind = 'memory' | (typeof DB_KINDS)[number];

describe.each<Kind>(['memory', ...DB_KINDS])('retry schedule with a fake clock, %s stores', (kind) => {
  let db: TestDatabase | undefined;
  let stores: IntakeStores;
  beforeAll(async () => {
    if (kind === 'memory') stores = createMemoryStores();
    else {
      db = await openTestDatabase(kind);
      stores = db.storage;
    }
  });
  afterAll(() => db?.close());

  /** A fresh organization with one endpoint for everything, on its own clock. */
  async function setup() {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    const ids = createSequentialIds();
    const intake = createIntake({ stores, clock });
    const transport = new ScriptedTransport(clock);
    const service = new WebhookService({
      store: stores.webhooks,
      settings: stores.settings,
      transport,
      clock,
      ids: intake.ids,
      timeoutMs: 5000,
    });
    const sender = new WebhookSender({
      store: stores.webhooks,
      transport,
      clock,
      ids: intake.ids,
      options: { timeoutMs: 5000, leaseMs: LEASE_MS },
    });
    const org = await intake.organizations.create({ name: `Schedule ${kind}`, plan: 'business' });
    const { endpoint } = await service.create(org.org_id, { url: 'https://hooks.example.com/intake', events: ['*'] });
    const emit = async () => {
      const event = {
        id: intake.ids('evt'),
        org_id: org.org_id,
        environment: 'live' as const,
        event: 'job.completed',
        data: { id: ids('job') },
        created_at: clock.now().toISOString(),
      };
      await stores.outbox.add(event);
      // Other organizations' events may be dispatched here too; only this one's count.
      await sender.dispatch();
      const list = await stores.webhooks.listDeliveries(
        org.org_id,
        'live',
        { event: 'job.completed' },
        { limit: 100, offset: 0 },
      );
      return list.items.find((d) => d.event_id === event.id)!;
    };
    /** Claims what is due now for this organization's endpoint. */
    const claim = async (worker = 'w1') =>
      (await sender.claim(worker, 100)).filter((c) => c.delivery.endpoint_id === endpoint.id);
    return { clock, transport, service, sender, org, endpoint, emit, claim };
  }

  it('attempts at exactly 0 s, 5 s, 35 s, 155 s, 755 s and 4355 s, then fails for good', async () => {
    const { clock, transport, sender, org, emit, claim } = await setup();
    const t0 = clock.now().getTime();
    const delivery = await emit();
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt_count: 0,
      chain: 1,
      next_attempt_at: new Date(t0).toISOString(),
    });
    expect(MAX_ATTEMPTS).toBe(6);
    for (const [i, at] of ATTEMPT_AT_S.entries()) {
      if (at > 0) {
        clock.set(new Date(t0 + (at - 1) * 1000));
        expect(await claim(), `nothing due one second before attempt ${i + 1}`).toEqual([]);
        clock.set(new Date(t0 + at * 1000));
      }
      const due = await claim();
      expect(
        due.map((c) => c.delivery.id),
        `attempt ${i + 1} due at ${at} s`,
      ).toEqual([delivery.id]);
      expect(due[0]!.delivery.attempt_count).toBe(i);
      expect(await sender.attempt('w1', due[0]!)).toBe(false);
      const after = (await stores.webhooks.getDelivery(org.org_id, 'live', delivery.id))!;
      const next = ATTEMPT_AT_S[i + 1];
      expect(after).toMatchObject({
        attempt_count: i + 1,
        status: next === undefined ? 'failed' : 'pending',
        next_attempt_at: next === undefined ? null : new Date(t0 + next * 1000).toISOString(),
      });
    }
    expect(transport.sent.map((s) => (s.at - t0) / 1000)).toEqual(ATTEMPT_AT_S);
    // Every attempt carries the same body and delivery id.
    expect(new Set(transport.sent.map((s) => s.request.body)).size).toBe(1);
    expect(new Set(transport.sent.map((s) => s.request.headers['x-service-delivery'])).size).toBe(1);

    const failed = (await stores.webhooks.getDelivery(org.org_id, 'live', delivery.id))!;
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null, attempt_count: 6, chain: 1 });
    expect(
      failed.attempts.map((a) => [
        a.chain,
        a.attempt,
        (Date.parse(a.started_at) - t0) / 1000,
        a.status_code,
        a.success,
      ]),
    ).toEqual(ATTEMPT_AT_S.map((at, i) => [1, i + 1, at, 503, false]));
    expect(failed.attempts.every((a) => a.error === 'receiver answered 503' && a.response_body === 'down')).toBe(true);
    for (const later of [1, 3600, 86_400 * 30]) {
      clock.set(new Date(t0 + (4355 + later) * 1000));
      expect(await claim(), `never claimed again (+${later} s)`).toEqual([]);
    }
    expect(transport.sent).toHaveLength(6);
  });

  it('replay starts chain 2 with attempt 1 at once, on the same schedule; a success ends it', async () => {
    const { clock, transport, service, sender, org, emit, claim } = await setup();
    const delivery = await emit();
    for (const at of ATTEMPT_AT_S) {
      clock.set(new Date(Date.parse(delivery.created_at) + at * 1000));
      await sender.attempt('w1', (await claim())[0]!);
    }
    clock.advance(86_400_000);
    const replayed = await service.replay(org.org_id, 'live', delivery.id);
    expect(replayed).toMatchObject({
      status: 'pending',
      chain: 2,
      attempt_count: 0,
      next_attempt_at: clock.now().toISOString(),
    });
    const r0 = clock.now().getTime();
    const first = await claim();
    expect(first.map((c) => c.delivery.chain)).toEqual([2]);
    expect(await sender.attempt('w1', first[0]!)).toBe(false);
    clock.set(new Date(r0 + 4999));
    expect(await claim()).toEqual([]);
    clock.set(new Date(r0 + 5000));
    transport.succeed = true;
    expect(await sender.attempt('w1', (await claim())[0]!)).toBe(true);
    const done = (await stores.webhooks.getDelivery(org.org_id, 'live', delivery.id))!;
    expect(done).toMatchObject({ status: 'succeeded', chain: 2, attempt_count: 2, next_attempt_at: null });
    expect(done.attempts.map((a) => [a.chain, a.attempt, a.success])).toEqual([
      ...ATTEMPT_AT_S.map((_, i) => [1, i + 1, false]),
      [2, 1, false],
      [2, 2, true],
    ]);
    clock.advance(86_400_000);
    expect(await claim()).toEqual([]);
  });

  it('a success stops the chain: nothing is claimable afterwards', async () => {
    const { clock, transport, sender, org, emit, claim } = await setup();
    const delivery = await emit();
    const t0 = clock.now().getTime();
    expect(await sender.attempt('w1', (await claim())[0]!)).toBe(false);
    clock.set(new Date(t0 + 5000));
    transport.succeed = true;
    expect(await sender.attempt('w1', (await claim())[0]!)).toBe(true);
    expect(await stores.webhooks.getDelivery(org.org_id, 'live', delivery.id)).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
      next_attempt_at: null,
    });
    for (const at of ATTEMPT_AT_S) {
      clock.set(new Date(t0 + at * 1000 + 1000));
      expect(await claim()).toEqual([]);
    }
    expect(transport.sent).toHaveLength(2);
  });

  it('fencing: a worker whose lease was taken over cannot record its attempt', async () => {
    const { clock, transport, sender, org, emit, claim } = await setup();
    const delivery = await emit();
    const mine = await claim('worker-a');
    expect(mine).toHaveLength(1);
    // Leased: another worker gets nothing until the lease has lapsed.
    expect(await claim('worker-b')).toEqual([]);
    clock.advance(LEASE_MS);
    expect(await claim('worker-b')).toEqual([]);
    clock.advance(1);
    const theirs = await claim('worker-b');
    expect(theirs.map((c) => c.delivery.id)).toEqual([delivery.id]);
    // A's late attempt is not recorded: the store refuses it, the delivery is untouched.
    const lateRecord = await stores.webhooks.recordAttempts('worker-a', [
      {
        attempt: {
          delivery_id: delivery.id,
          chain: 1,
          attempt: 1,
          started_at: clock.now().toISOString(),
          status_code: 503,
          duration_ms: 1,
          error: 'late',
          response_body: null,
          success: false,
        },
        next: { status: 'pending', nextAttemptAt: clock.now().toISOString() },
      },
    ]);
    expect(lateRecord).toEqual([false]);
    await sender.attempt('worker-a', mine[0]!);
    expect(await stores.webhooks.getDelivery(org.org_id, 'live', delivery.id)).toMatchObject({
      status: 'pending',
      attempt_count: 0,
      attempts: [],
    });
    // B, which holds the lease, records attempt 1; A still cannot record afterwards.
    transport.succeed = true;
    expect(await sender.attempt('worker-b', theirs[0]!)).toBe(true);
    transport.succeed = false;
    await sender.attempt('worker-a', mine[0]!);
    const final = (await stores.webhooks.getDelivery(org.org_id, 'live', delivery.id))!;
    expect(final).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect(final.attempts.map((a) => [a.attempt, a.success])).toEqual([[1, true]]);
  });
});
