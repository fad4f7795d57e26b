import { describe, expect, it } from 'vitest';
import type { AttemptOutcome, ClaimedDelivery } from '../ports/webhook-store.port.js';
import { makeErpConnection, makeErpSync } from './erp-store-contract.js';
import { makeInboundMessage } from './inbound-message-store-contract.js';
import { makeJob } from './job-store-contract.js';
import { makeExtractor, makeOrg, useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const uid = (prefix: string) => `${prefix}_qg${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

/** An attempt's outcome as the sender records it: delivered, or failed and due again in an hour. */
const attempted = (c: ClaimedDelivery, at: Date, ok: boolean): AttemptOutcome => ({
  attempt: {
    delivery_id: c.delivery.id,
    chain: c.delivery.chain,
    attempt: c.delivery.attempt_count + 1,
    started_at: at.toISOString(),
    status_code: ok ? 200 : 500,
    duration_ms: 3,
    error: null,
    response_body: ok ? 'ok' : 'down',
    success: ok,
  },
  next: ok
    ? { status: 'succeeded', nextAttemptAt: null }
    : { status: 'pending', nextAttemptAt: new Date(at.getTime() + 3_600_000).toISOString() },
});

/**
 * The backlog figures every QueueGaugeStore reports (memory and SQL): only work still to do counts,
 * over every organization. Each test runs on its own store set, so the figures are absolute.
 */
export function describeQueueGaugeStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`QueueGaugeStore contract: ${name}`, () => {
    describe('jobs', () => {
      let s!: ContractStores;
      const harness = useStoreHarness(open, (stores) => (s = stores));

      it('counts queued runnable jobs per mode, with the oldest creation time; nothing else', async () => {
        expect((await s.queueGauges.read()).jobs).toEqual({
          test: { queued: 0, oldest_created_at: null },
          live: { queued: 0, oldest_created_at: null },
        });
        const orgA = await harness.freshOrg();
        const orgB = await harness.freshOrg();
        const [extA, extB] = [makeExtractor(orgA), makeExtractor(orgB)];
        await s.extractors.insert(extA);
        await s.extractors.insert(extB);
        const jobs = [
          makeJob(orgA, extA.id, { environment: 'live', created_at: '2026-01-01T00:00:05.000Z' }),
          makeJob(orgB, extB.id, { environment: 'live', created_at: '2026-01-01T00:00:02.000Z' }),
          makeJob(orgA, extA.id, { environment: 'test', created_at: '2026-01-01T00:00:09.000Z' }),
          // Waiting for credits, processing, finished: not in the queue.
          makeJob(orgA, extA.id, { blocked_on_credits: true, created_at: '2025-01-01T00:00:00.000Z' }),
          makeJob(orgA, extA.id, { status: 'processing', created_at: '2025-01-01T00:00:00.000Z' }),
          makeJob(orgB, extB.id, { status: 'completed', created_at: '2025-01-01T00:00:00.000Z' }),
          makeJob(orgB, extB.id, { status: 'failed', environment: 'test', created_at: '2025-01-01T00:00:00.000Z' }),
        ];
        for (const job of jobs) await s.jobs.insert(job);
        expect((await s.queueGauges.read()).jobs).toEqual({
          test: { queued: 1, oldest_created_at: '2026-01-01T00:00:09.000Z' },
          live: { queued: 2, oldest_created_at: '2026-01-01T00:00:02.000Z' },
        });
      });
    });

    describe('mail', () => {
      let s!: ContractStores;
      const harness = useStoreHarness(open, (stores) => (s = stores));

      it('counts messages received or being processed, with the oldest arrival', async () => {
        expect((await s.queueGauges.read()).mail).toEqual({ backlog: 0, oldest_received_at: null });
        const org = await harness.freshOrg();
        await s.inboundMessages.insert([
          makeInboundMessage(org, { id: uid('msg'), received_at: '2026-03-01T00:00:07.000Z' }),
          makeInboundMessage(org, {
            id: uid('msg'),
            status: 'processing',
            received_at: '2026-03-01T00:00:03.000Z',
          }),
          makeInboundMessage(org, { id: uid('msg'), status: 'processed', received_at: '2026-02-01T00:00:00.000Z' }),
          makeInboundMessage(org, { id: uid('msg'), status: 'failed', received_at: '2026-02-01T00:00:00.000Z' }),
        ]);
        expect((await s.queueGauges.read()).mail).toEqual({
          backlog: 2,
          oldest_received_at: '2026-03-01T00:00:03.000Z',
        });
      });
    });

    describe('webhooks and ERP', () => {
      let s!: ContractStores;
      useStoreHarness(open, (stores) => (s = stores));

      async function endpointWithDeliveries(count: number, at: Date): Promise<string> {
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
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
          secret: `whsec_${id}`,
        });
        for (let i = 0; i < count; i++) {
          await s.outbox.add({
            id: uid('evt'),
            org_id: org.id,
            environment: 'live',
            event: 'job.completed',
            data: { i },
            created_at: at.toISOString(),
          });
        }
        await s.webhooks.dispatchOutbox(at, 100, () => uid('whd'));
        return id;
      }

      it('counts pending deliveries and the endpoints whose last attempt failed', async () => {
        const at = new Date('2031-01-01T00:00:00.000Z');
        expect((await s.queueGauges.read()).webhooks).toEqual({ pending: 0, failing_endpoints: 0 });
        const failing = await endpointWithDeliveries(2, at);
        const fine = await endpointWithDeliveries(2, at);
        const claimed = await s.webhooks.claimDue({ workerId: 'w', now: at, leaseMs: 30_000, limit: 10 });
        expect(claimed).toHaveLength(4);
        const [failOne, ...rest] = claimed.filter((c) => c.delivery.endpoint_id === failing);
        const [okOne] = claimed.filter((c) => c.delivery.endpoint_id === fine);
        // One failure (pending again) and one success; the other two stay claimed, not attempted.
        await s.webhooks.recordAttempts('w', [attempted(failOne!, at, false), attempted(okOne!, at, true)]);
        expect(rest).toHaveLength(1);
        expect((await s.queueGauges.read()).webhooks).toEqual({ pending: 3, failing_endpoints: 1 });
      });

      it('counts pending ERP records only', async () => {
        const org = makeOrg();
        await s.organizations.insert(org);
        const connection = makeErpConnection(org.id);
        await s.erp.insertConnection(connection);
        await s.erp.enqueue(makeErpSync(org.id, connection.id));
        await s.erp.enqueue(makeErpSync(org.id, connection.id));
        await s.erp.enqueue(makeErpSync(org.id, connection.id, { status: 'synced' }));
        expect((await s.queueGauges.read()).erp).toEqual({ pending: 2 });
      });
    });
  });
}
