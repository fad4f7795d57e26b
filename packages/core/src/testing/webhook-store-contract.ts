import { describe, expect, it } from 'vitest';
import type { AttemptOutcome, ClaimedDelivery } from '../ports/webhook-store.port.js';
import { useStoreHarness, makeOrg, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const uid = (prefix: string) => `${prefix}_wc${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;
const LEASE_MS = 30_000;
const DAY = 86_400_000;

/** A successful attempt of a claimed delivery, as the sender records it. */
const success = (c: ClaimedDelivery, at: Date): AttemptOutcome => ({
  attempt: {
    delivery_id: c.delivery.id,
    chain: c.delivery.chain,
    attempt: c.delivery.attempt_count + 1,
    started_at: at.toISOString(),
    status_code: 200,
    duration_ms: 3,
    error: null,
    response_body: 'ok',
    success: true,
  },
  next: { status: 'succeeded', nextAttemptAt: null },
});

const perEndpoint = (claimed: ClaimedDelivery[]) => {
  const counts = new Map<string, number>();
  for (const c of claimed) counts.set(c.delivery.endpoint_id, (counts.get(c.delivery.endpoint_id) ?? 0) + 1);
  return counts;
};

/**
 * The webhook store's claim and record contract: each endpoint's oldest due deliveries within its
 * room, no endpoint's backlog in front of another's, leases, no double claims under concurrency,
 * batched recording fenced per delivery, and giving claims back.
 */
export function describeWebhookStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`webhook store contract: ${name}`, () => {
    let s: ContractStores;
    useStoreHarness(open, (stores) => (s = stores));
    // Each test runs a day after the previous one, and first settles whatever is left due.
    let day = 0;

    async function freshDay(): Promise<Date> {
      const base = new Date(Date.parse('2031-01-01T00:00:00.000Z') + ++day * DAY);
      for (;;) {
        const left = await s.webhooks.claimDue({ workerId: 'settle', now: base, leaseMs: LEASE_MS, limit: 500 });
        if (left.length === 0) return base;
        await s.webhooks.recordAttempts(
          'settle',
          left.map((c) => success(c, base)),
        );
      }
    }

    /** An endpoint of its own organization. */
    async function endpoint(): Promise<{ id: string; orgId: string }> {
      const org = makeOrg();
      await s.organizations.insert(org);
      const id = uid('whe');
      await s.webhooks.insertEndpoint({
        id,
        org_id: org.id,
        url: `https://hooks.example.com/${id}`,
        events: ['*'],
        description: null,
        is_active: true,
        created_at: '2031-01-01T00:00:00.000Z',
        updated_at: '2031-01-01T00:00:00.000Z',
        secret: `whsec_${id}`,
      });
      return { id, orgId: org.id };
    }

    /** `count` deliveries to `target`, due at `at`, `at` + 1 ms, ...; their ids, oldest first. */
    async function due(target: { id: string; orgId: string }, at: Date, count: number): Promise<string[]> {
      const events: string[] = [];
      for (let i = 0; i < count; i++) {
        const event = uid('evt');
        events.push(event);
        await s.outbox.add({
          id: event,
          org_id: target.orgId,
          environment: 'live',
          event: 'job.completed',
          data: { i },
          created_at: at.toISOString(),
        });
        await s.webhooks.dispatchOutbox(new Date(at.getTime() + i), 100, () => uid('whd'));
      }
      const listed = await s.webhooks.listDeliveries(
        target.orgId,
        'live',
        { endpoint_id: target.id },
        { limit: 1000, offset: 0 },
      );
      return events.map((e) => listed.items.find((d) => d.event_id === e)!.id);
    }

    it('lists the deliveries of one job: data.id of job.* events, data.job_id of email events', async () => {
      const base = await freshDay();
      const target = await endpoint();
      const jobId = uid('job');
      const events = [
        { event: 'job.completed', data: { id: jobId } },
        { event: 'extraction.completed', data: { job_id: jobId, id: uid('x') } },
        { event: 'job.completed', data: { id: uid('job') } },
        { event: 'credits.low_balance', data: { balance: 1 } },
      ].map((e) => ({
        id: uid('evt'),
        org_id: target.orgId,
        environment: 'live' as const,
        ...e,
        created_at: base.toISOString(),
      }));
      for (const e of events) await s.outbox.add(e);
      await s.webhooks.dispatchOutbox(base, 100, () => uid('whd'));
      const listed = await s.webhooks.listDeliveries(target.orgId, 'live', { job_id: jobId }, { limit: 50, offset: 0 });
      expect(listed.total).toBe(2);
      expect(listed.items.map((d) => d.event_id).sort()).toEqual([events[0]!.id, events[1]!.id].sort());
      expect(
        (await s.webhooks.listDeliveries(target.orgId, 'test', { job_id: jobId }, { limit: 50, offset: 0 })).total,
      ).toBe(0);
    });

    it('claims each endpoint up to its cap minus what it has busy, oldest due first, with url, secret and lease end', async () => {
      const base = await freshDay();
      const [a, b, c] = [await endpoint(), await endpoint(), await endpoint()];
      const aIds = await due(a, base, 10);
      await due(b, new Date(base.getTime() + 1000), 3);
      const cIds = await due(c, new Date(base.getTime() + 2000), 2);
      const now = new Date(base.getTime() + 10_000);
      const claimed = await s.webhooks.claimDue({
        workerId: 'w1',
        now,
        leaseMs: LEASE_MS,
        limit: 100,
        perEndpoint: 4,
        busy: new Map([
          [a.id, 1],
          [b.id, 4],
        ]),
      });
      expect(perEndpoint(claimed)).toEqual(
        new Map([
          [a.id, 3],
          [c.id, 2],
        ]),
      );
      expect(claimed.filter((x) => x.delivery.endpoint_id === a.id).map((x) => x.delivery.id)).toEqual(
        aIds.slice(0, 3),
      );
      expect(claimed.filter((x) => x.delivery.endpoint_id === c.id).map((x) => x.delivery.id)).toEqual(cIds);
      const first = claimed.find((x) => x.delivery.endpoint_id === a.id)!;
      expect(first).toMatchObject({
        url: `https://hooks.example.com/${a.id}`,
        secret: `whsec_${a.id}`,
        leaseExpiresAt: new Date(now.getTime() + LEASE_MS).toISOString(),
      });
      expect(first.delivery).toMatchObject({
        status: 'pending',
        attempt_count: 0,
        chain: 1,
        next_attempt_at: base.toISOString(),
      });
      // Oldest due first across endpoints, and nothing not yet due.
      const times = claimed.map((x) => x.delivery.next_attempt_at!);
      expect(times).toEqual([...times].sort());
      expect(
        await s.webhooks.claimDue({ workerId: 'w1', now: new Date(base.getTime() - 1), leaseMs: LEASE_MS, limit: 100 }),
      ).toEqual([]);
    });

    it('within `limit`, takes the oldest due across endpoints; without a cap, an endpoint may take them all', async () => {
      const base = await freshDay();
      const [a, b] = [await endpoint(), await endpoint()];
      const aIds = await due(a, base, 3);
      const bIds = await due(b, new Date(base.getTime() + 1), 3);
      const now = new Date(base.getTime() + 1000);
      // Due at +0, +1, +2 (a) and +1, +2, +3 (b): the four oldest are a0, a1, b0 and one of a2/b1.
      const four = await s.webhooks.claimDue({ workerId: 'w1', now, leaseMs: LEASE_MS, limit: 4 });
      expect(four).toHaveLength(4);
      expect(four.map((x) => x.delivery.id)).toEqual(expect.arrayContaining([aIds[0], aIds[1], bIds[0]]));
      const rest = await s.webhooks.claimDue({ workerId: 'w1', now, leaseMs: LEASE_MS, limit: 100 });
      expect(new Set([...four, ...rest].map((x) => x.delivery.id))).toEqual(new Set([...aIds, ...bIds]));
      expect([...four, ...rest]).toHaveLength(6);
    });

    it("one endpoint's backlog never stands between another endpoint and its due deliveries", async () => {
      const base = await freshDay();
      const [busy, quiet] = [await endpoint(), await endpoint()];
      await due(busy, base, 60);
      const [late] = await due(quiet, new Date(base.getTime() + 5000), 1);
      const now = new Date(base.getTime() + 10_000);
      // The backlog is older and the endpoint below its cap: it gets its room, the other one still gets its delivery.
      const claimed = await s.webhooks.claimDue({ workerId: 'w1', now, leaseMs: LEASE_MS, limit: 8, perEndpoint: 4 });
      expect(perEndpoint(claimed)).toEqual(
        new Map([
          [busy.id, 4],
          [quiet.id, 1],
        ]),
      );
      expect(claimed.map((x) => x.delivery.id)).toContain(late);
      // At its cap, the backlog yields nothing, and costs the others nothing.
      const [later] = await due(quiet, new Date(base.getTime() + 6000), 1);
      const next = await s.webhooks.claimDue({
        workerId: 'w1',
        now,
        leaseMs: LEASE_MS,
        limit: 8,
        perEndpoint: 4,
        busy: new Map([[busy.id, 4]]),
      });
      expect(next.map((x) => x.delivery.id)).toEqual([later]);
    });

    it('a leased delivery is not claimed again until the lease has lapsed; releasing gives it back at once', async () => {
      const base = await freshDay();
      const a = await endpoint();
      const [id] = await due(a, base, 1);
      const claimed = await s.webhooks.claimDue({ workerId: 'w1', now: base, leaseMs: LEASE_MS, limit: 10 });
      expect(claimed.map((x) => x.delivery.id)).toEqual([id]);
      expect(
        await s.webhooks.claimDue({
          workerId: 'w2',
          now: new Date(base.getTime() + LEASE_MS),
          leaseMs: LEASE_MS,
          limit: 10,
        }),
      ).toEqual([]);
      const after = new Date(base.getTime() + LEASE_MS + 1);
      const retaken = await s.webhooks.claimDue({ workerId: 'w2', now: after, leaseMs: LEASE_MS, limit: 10 });
      expect(retaken.map((x) => x.delivery.id)).toEqual([id]);
      // Only the holder can give a claim back.
      expect(await s.webhooks.releaseClaims('w1', [id!])).toBe(0);
      expect(await s.webhooks.claimDue({ workerId: 'w3', now: after, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
      expect(await s.webhooks.releaseClaims('w2', [id!])).toBe(1);
      const third = await s.webhooks.claimDue({ workerId: 'w3', now: after, leaseMs: LEASE_MS, limit: 10 });
      expect(third.map((x) => x.delivery.id)).toEqual([id]);
      expect(await s.webhooks.getDelivery(a.orgId, 'live', id!)).toMatchObject({
        status: 'pending',
        attempt_count: 0,
        attempts: [],
      });
      expect(await s.webhooks.releaseClaims('w3', [])).toBe(0);
    });

    it('concurrent claims never return the same delivery, and each keeps within its caps', async () => {
      const base = await freshDay();
      const targets = [await endpoint(), await endpoint(), await endpoint()];
      const all: string[] = [];
      for (const t of targets) all.push(...(await due(t, base, 20)));
      const now = new Date(base.getTime() + 1000);
      const seen: string[] = [];
      for (let round = 0; round < 20 && seen.length < all.length; round++) {
        // Eight workers at once (on PostgreSQL, eight connections): every claim within its limit and cap.
        const claims = await Promise.all(
          Array.from({ length: 8 }, (_, w) =>
            s.webhooks.claimDue({ workerId: `w${w}`, now, leaseMs: LEASE_MS, limit: 5, perEndpoint: 2 }),
          ),
        );
        for (const claimed of claims) {
          expect(claimed.length).toBeLessThanOrEqual(5);
          for (const count of perEndpoint(claimed).values()) expect(count).toBeLessThanOrEqual(2);
          seen.push(...claimed.map((x) => x.delivery.id));
        }
      }
      expect(seen).toHaveLength(all.length);
      expect(new Set(seen)).toEqual(new Set(all));
    });

    it('records a batch of outcomes in one call, each fenced by its lease, chain and attempt number', async () => {
      const base = await freshDay();
      const a = await endpoint();
      const ids = await due(a, base, 4);
      const now = new Date(base.getTime() + 10);
      const mine = await s.webhooks.claimDue({ workerId: 'w1', now, leaseMs: LEASE_MS, limit: 3 });
      expect(mine.map((x) => x.delivery.id)).toEqual(ids.slice(0, 3));
      const theirs = await s.webhooks.claimDue({ workerId: 'w2', now, leaseMs: LEASE_MS, limit: 3 });
      expect(theirs.map((x) => x.delivery.id)).toEqual([ids[3]]);
      const at = new Date(base.getTime() + 100);
      const failed: AttemptOutcome = {
        attempt: {
          ...success(mine[1]!, at).attempt,
          status_code: 503,
          error: 'receiver answered 503',
          response_body: 'down',
          success: false,
        },
        next: { status: 'pending', nextAttemptAt: new Date(at.getTime() + 5000).toISOString() },
      };
      const skipped: AttemptOutcome = {
        ...success(mine[2]!, at),
        attempt: { ...success(mine[2]!, at).attempt, attempt: 2 },
      };
      const results = await s.webhooks.recordAttempts('w1', [
        success(mine[0]!, at),
        failed,
        skipped,
        success(theirs[0]!, at),
      ]);
      // Not the next attempt (2 before 1), and not this worker's lease: refused, nothing recorded.
      expect(results).toEqual([true, true, false, false]);
      expect(await s.webhooks.getDelivery(a.orgId, 'live', ids[0]!)).toMatchObject({
        status: 'succeeded',
        attempt_count: 1,
        next_attempt_at: null,
        attempts: [{ attempt: 1, success: true, status_code: 200 }],
      });
      expect(await s.webhooks.getDelivery(a.orgId, 'live', ids[1]!)).toMatchObject({
        status: 'pending',
        attempt_count: 1,
        next_attempt_at: new Date(at.getTime() + 5000).toISOString(),
        last_attempt_at: at.toISOString(),
        attempts: [
          { attempt: 1, success: false, status_code: 503, error: 'receiver answered 503', response_body: 'down' },
        ],
      });
      expect(await s.webhooks.getDelivery(a.orgId, 'live', ids[2]!)).toMatchObject({
        status: 'pending',
        attempt_count: 0,
        attempts: [],
      });
      expect(await s.webhooks.getDelivery(a.orgId, 'live', ids[3]!)).toMatchObject({
        status: 'pending',
        attempt_count: 0,
        attempts: [],
      });
      // Recorded means released: the failed one is due again at its time, to anyone; a second record of the same attempt is refused.
      expect(await s.webhooks.recordAttempts('w1', [success(mine[0]!, at)])).toEqual([false]);
      expect(
        await s.webhooks.claimDue({ workerId: 'w3', now: new Date(at.getTime() + 4999), leaseMs: LEASE_MS, limit: 10 }),
      ).toEqual([]);
      const retry = await s.webhooks.claimDue({
        workerId: 'w3',
        now: new Date(at.getTime() + 5000),
        leaseMs: LEASE_MS,
        limit: 10,
      });
      expect(retry.map((x) => [x.delivery.id, x.delivery.attempt_count])).toEqual([[ids[1], 1]]);
      expect(await s.webhooks.recordAttempts('w1', [])).toEqual([]);
    });
  });
}
