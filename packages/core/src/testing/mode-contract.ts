import { describe, expect, it } from 'vitest';
import type { Environment } from '../keys/scopes.js';
import { makeErpConnection, makeErpSync } from './erp-store-contract.js';
import { makeInboundMessage } from './inbound-message-store-contract.js';
import { makeJob } from './job-store-contract.js';
import { makeTriageItem } from './triage-store-contract.js';
import { makeExtractor, useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const uid = (prefix: string) => `${prefix}_mc${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;
const PAGE = { limit: 50, offset: 0 };
const other = (mode: Environment): Environment => (mode === 'test' ? 'live' : 'test');

/**
 * Test and live are two worlds in one organization: every store of a per-mode resource answers a
 * query of one mode with that mode's rows only. A row of the other mode is not found, not listed,
 * not counted, not changed, and is never an earlier duplicate.
 */
export function describeModeContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`mode separation contract: ${name}`, () => {
    let s!: ContractStores;
    const { freshOrg } = useStoreHarness(open, (stores) => (s = stores));

    it('jobs: get, list, stats and duplicates look in one mode only', async () => {
      const org = await freshOrg();
      const ext = makeExtractor(org);
      await s.extractors.insert(ext);
      const at = '2026-04-01T10:00:00.000Z';
      const done = {
        status: 'completed' as const,
        completed_at: at,
        processing_time_ms: 10,
        overall_confidence: 0.9,
        extracted_data: { total: 1 },
        confidence: { total: 0.9 },
        dedupe_key: 'k1',
        blob_key: 'b'.repeat(64),
        created_at: at,
      };
      const live = makeJob(org, ext.id, { ...done, environment: 'live', cost_credits: 3 });
      const test = makeJob(org, ext.id, { ...done, environment: 'test', created_at: '2026-04-01T10:00:01.000Z' });
      for (const job of [live, test]) await s.jobs.insert(job);
      for (const [mine, theirs] of [
        [live, test],
        [test, live],
      ] as const) {
        const mode = mine.environment;
        expect((await s.jobs.get(org, mode, mine.id))?.id).toBe(mine.id);
        expect(await s.jobs.get(org, mode, theirs.id)).toBeNull();
        const page = await s.jobs.list(org, mode, {}, PAGE);
        expect({ ids: page.items.map((j) => j.id), total: page.total }).toEqual({ ids: [mine.id], total: 1 });
        expect((await s.jobs.list(org, mode, { status: 'completed', min_confidence: 0.5 }, PAGE)).total).toBe(1);
        const stats = await s.jobs.stats(org, mode, '2026-03-01T00:00:00.000Z');
        expect({ total: stats.total_jobs, completed: stats.completed_jobs, credits: stats.total_credits_used }).toEqual(
          { total: 1, completed: 1, credits: mine.cost_credits },
        );
        const since = '2026-03-01T00:00:00.000Z';
        // The other mode's identical file and match fields are not an earlier job of this one.
        expect(await s.jobs.findEarlier(org, mode, { blobKey: mine.blob_key, since, excludeId: mine.id })).toBeNull();
        expect(await s.jobs.findEarlier(org, mode, { dedupeKey: 'k1', since, excludeId: mine.id })).toBeNull();
        expect(
          (await s.jobs.findEarlier(org, other(mode), { blobKey: mine.blob_key, since, excludeId: mine.id }))?.id,
        ).toBe(theirs.id);
      }
      // Either mode, for callers holding a checked reference (a signed link).
      expect((await s.jobs.get(org, null, live.id))?.environment).toBe('live');
    });

    it("jobs: an Idempotency-Key of one mode never replays the other mode's job", async () => {
      const org = await freshOrg();
      const ext = makeExtractor(org);
      await s.extractors.insert(ext);
      const claim = { key: 'same-key', requestHash: 'h'.repeat(64), notBefore: '2026-01-01T00:00:00.000Z' };
      const live = makeJob(org, ext.id, { environment: 'live', created_at: '2026-04-01T00:00:00.000Z' });
      const test = makeJob(org, ext.id, { environment: 'test', created_at: '2026-04-01T00:00:00.000Z' });
      expect((await s.jobs.insert(live, claim)).outcome).toBe('created');
      expect(await s.jobs.insert(test, claim)).toMatchObject({ outcome: 'created', job: { id: test.id } });
      expect(await s.jobs.insert(makeJob(org, ext.id, { environment: 'test' }), claim)).toMatchObject({
        outcome: 'replayed',
        job: { id: test.id },
      });
    });

    it('API keys: get, list and revoke within one environment', async () => {
      const org = await freshOrg();
      const key = (environment: Environment) => ({
        id: uid('key'),
        org_id: org,
        name: environment,
        description: null,
        environment,
        scopes: ['documents:read' as const],
        key_prefix: `sk_${environment}_abcd`,
        created_at: '2026-04-01T00:00:00.000Z',
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
        key_hash: uid('hash'),
      });
      const live = key('live');
      const test = key('test');
      for (const k of [live, test]) await s.apiKeys.insert(k);
      expect((await s.apiKeys.list(org, 'test', PAGE)).items.map((k) => k.id)).toEqual([test.id]);
      expect((await s.apiKeys.list(org, 'live', PAGE)).items.map((k) => k.id)).toEqual([live.id]);
      expect(await s.apiKeys.get(org, 'test', live.id)).toBeNull();
      expect(await s.apiKeys.revoke(org, 'test', live.id, '2026-04-02T00:00:00.000Z')).toBeNull();
      expect((await s.apiKeys.get(org, 'live', live.id))?.revoked_at).toBeNull();
      expect((await s.apiKeys.revoke(org, 'test', test.id, '2026-04-02T00:00:00.000Z'))?.revoked_at).toBe(
        '2026-04-02T00:00:00.000Z',
      );
    });

    it('messages, review items and classification examples: one mode at a time', async () => {
      const org = await freshOrg();
      const liveMessage = makeInboundMessage(org, { id: uid('msg'), environment: 'live' });
      const testMessage = makeInboundMessage(org, { id: uid('msg'), environment: 'test', source: 'test' });
      await s.inboundMessages.insert([liveMessage, testMessage]);
      for (const [mine, theirs] of [
        [liveMessage, testMessage],
        [testMessage, liveMessage],
      ] as const) {
        const mode = mine.environment;
        expect((await s.inboundMessages.list(org, mode, {}, PAGE)).items.map((m) => m.id)).toEqual([mine.id]);
        expect((await s.inboundMessages.get(org, mode, mine.id))?.environment).toBe(mode);
        expect(await s.inboundMessages.get(org, mode, theirs.id)).toBeNull();
      }
      const liveItem = makeTriageItem(org, { id: uid('rev'), environment: 'live', message_id: liveMessage.id });
      const testItem = makeTriageItem(org, { id: uid('rev'), environment: 'test', message_id: testMessage.id });
      for (const item of [liveItem, testItem]) await s.triageItems.insert(item);
      expect((await s.triageItems.list(org, 'test', {}, PAGE)).items.map((r) => r.id)).toEqual([testItem.id]);
      expect(await s.triageItems.get(org, 'test', liveItem.id)).toBeNull();
      const resolution = {
        status: 'resolved' as const,
        resolved_type: 'invoice',
        job_id: null,
        resolved_by: 'key_x',
        resolved_at: '2026-04-02T00:00:00.000Z',
      };
      expect(await s.triageItems.resolve(org, 'test', liveItem.id, resolution)).toBeNull();
      expect((await s.triageItems.get(org, 'live', liveItem.id))?.status).toBe('pending');
      expect((await s.triageItems.resolve(org, 'test', testItem.id, resolution))?.status).toBe('resolved');
      const example = (environment: Environment, document_type: string) => ({
        org_id: org,
        environment,
        document_type,
        sender_domain: 'vendor.example',
        tokens: ['invoice'],
        created_at: '2026-04-01T00:00:00.000Z',
      });
      await s.classificationExamples.add(example('test', 'receipt'));
      await s.classificationExamples.add(example('live', 'vendor_bill'));
      expect((await s.classificationExamples.list(org, 'live', 10)).map((e) => e.document_type)).toEqual([
        'vendor_bill',
      ]);
      expect((await s.classificationExamples.list(org, 'test', 10)).map((e) => e.document_type)).toEqual(['receipt']);
    });

    it('ERP syncs: one mode at a time', async () => {
      const org = await freshOrg();
      const connection = makeErpConnection(org);
      await s.erp.insertConnection(connection);
      const sync = makeErpSync(org, connection.id, {
        environment: 'live',
        next_attempt_at: '2999-01-01T00:00:00.000Z',
      });
      expect(await s.erp.enqueue(sync)).toBe(true);
      expect((await s.erp.getSync(org, 'live', sync.id))?.environment).toBe('live');
      expect(await s.erp.getSync(org, 'test', sync.id)).toBeNull();
      expect(await s.erp.listSyncs(org, 'test', {}, PAGE)).toEqual({ items: [], total: 0 });
      expect((await s.erp.listSyncs(org, 'live', {}, PAGE)).total).toBe(1);
    });

    it("webhook deliveries carry their event's mode: listed, read and replayed in it only", async () => {
      const org = await freshOrg();
      const endpoint = uid('whe');
      await s.webhooks.insertEndpoint({
        id: endpoint,
        org_id: org,
        url: `https://hooks.example.com/${endpoint}`,
        events: ['*'],
        description: null,
        is_active: true,
        created_at: '2026-04-01T00:00:00.000Z',
        updated_at: '2026-04-01T00:00:00.000Z',
        secret: 'whsec_mc',
      });
      const event = (environment: Environment) => ({
        id: uid('evt'),
        org_id: org,
        environment,
        event: 'job.completed',
        data: { id: uid('job') },
        created_at: '2026-04-01T00:00:00.000Z',
      });
      const live = event('live');
      const test = event('test');
      for (const e of [live, test]) await s.outbox.add(e);
      while ((await s.webhooks.dispatchOutbox(new Date('2026-04-01T00:00:01.000Z'), 1000, () => uid('whd'))) > 0) {
        /* everything pending */
      }
      const of = async (mode: Environment) => (await s.webhooks.listDeliveries(org, mode, {}, PAGE)).items;
      const [liveDeliveries, testDeliveries] = [await of('live'), await of('test')];
      expect(liveDeliveries.map((d) => [d.event_id, d.environment])).toEqual([[live.id, 'live']]);
      expect(testDeliveries.map((d) => [d.event_id, d.environment])).toEqual([[test.id, 'test']]);
      const liveDelivery = liveDeliveries[0]!.id;
      expect(await s.webhooks.getDelivery(org, 'test', liveDelivery)).toBeNull();
      expect(await s.webhooks.replay(org, 'test', liveDelivery, '2026-04-02T00:00:00.000Z')).toBeNull();
      expect((await s.webhooks.getDelivery(org, 'live', liveDelivery))?.chain).toBe(1);
      expect((await s.webhooks.replay(org, 'live', liveDelivery, '2026-04-02T00:00:00.000Z'))?.chain).toBe(2);
      expect((await s.outbox.list(org)).map((e) => e.environment).sort()).toEqual(['live', 'test']);
    });
  });
}
