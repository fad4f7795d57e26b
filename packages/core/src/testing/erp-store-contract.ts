import { describe, expect, it } from 'vitest';
import type { ErpSyncRecord, StoredErpConnection } from '../erp/erp.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const uniqueId = (prefix: string) => `${prefix}_ec${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

export const makeErpConnection = (
  orgId: string,
  overrides: Partial<StoredErpConnection> = {},
): StoredErpConnection => ({
  id: uniqueId('erp'),
  org_id: orgId,
  name: 'Books',
  type: 'http',
  url: 'https://erp.example/bills',
  description: null,
  is_active: true,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  secret: 'erpsec_contract',
  ...overrides,
});

export const makeErpSync = (
  orgId: string,
  connectionId: string,
  overrides: Partial<ErpSyncRecord> = {},
): ErpSyncRecord => {
  const jobId = uniqueId('job');
  return {
    id: uniqueId('erps'),
    org_id: orgId,
    environment: 'live',
    connection_id: connectionId,
    job_id: jobId,
    prefix: 'ap',
    status: 'pending',
    record: {
      id: jobId,
      object: 'vendor_bill',
      document_type: 'vendor_bill',
      vendor: { name: 'Northwind', address: null },
      invoice_number: 'INV-1',
      po_number: null,
      invoice_date: '2026-03-01',
      due_date: null,
      currency: null,
      amounts: { subtotal: null, tax: null, total: 12 },
      lines: [],
      subsidiary: null,
      approval: { required: false, auto_approve: false, approvers: [], status: 'not_required' },
      assigned_to: null,
      priority: null,
      needs_review: false,
      confidence: 0.9,
      source: {
        channel: 'email',
        prefix: 'ap',
        message_id: 'msg_1',
        from: 'a@vendor.example',
        subject: 'Invoice',
        attachments: ['a.pdf'],
      },
      extracted_data: { invoice_number: 'INV-1', total_amount: 12 },
      created_at: '2026-03-01T00:00:00.000Z',
    },
    attempts: 0,
    next_attempt_at: '2026-03-01T00:00:00.000Z',
    last_attempt_at: null,
    last_error: null,
    response_status: null,
    external_id: null,
    created_at: '2026-03-01T00:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
};

const event = (orgId: string, name: string, prefix: string | null) => ({
  id: uniqueId('evt'),
  org_id: orgId,
  environment: 'live' as const,
  event: name,
  data: { n: 1 },
  created_at: '2026-03-01T00:00:00.000Z',
  ...(prefix ? { email_prefix: prefix } : {}),
});

/** ERP connections and syncs; prefix webhook endpoints and the dispatch of prefix events. */
export function describeErpStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`ERP and prefix webhook store contract: ${name}`, () => {
    let s!: ContractStores;
    const { freshOrg } = useStoreHarness(open, (stores) => (s = stores));

    it('keeps connections per organization, the secret out of lists', async () => {
      const org = await freshOrg();
      const other = await freshOrg();
      const connection = makeErpConnection(org);
      await s.erp.insertConnection(connection);
      expect(await s.erp.getConnection(org, connection.id)).toEqual(connection);
      expect(await s.erp.getConnection(other, connection.id)).toBeNull();
      const listed = await s.erp.listConnections(org);
      expect(listed.map((c) => c.id)).toEqual([connection.id]);
      expect(listed[0]).not.toHaveProperty('secret');
      expect(await s.erp.updateConnection(other, connection.id, { name: 'x' })).toBeNull();
      expect(
        await s.erp.updateConnection(org, connection.id, { is_active: false, updated_at: '2026-03-02T00:00:00.000Z' }),
      ).toMatchObject({ is_active: false, name: 'Books' });
      expect(await s.erp.deleteConnection(other, connection.id)).toBe(false);
      expect(await s.erp.deleteConnection(org, connection.id)).toBe(true);
      expect(await s.erp.getConnection(org, connection.id)).toBeNull();
    });

    it('enqueues once per job and connection, and only for a connection that exists', async () => {
      const org = await freshOrg();
      const connection = makeErpConnection(org);
      await s.erp.insertConnection(connection);
      const sync = makeErpSync(org, connection.id);
      expect(await s.erp.enqueue(sync)).toBe(true);
      expect(await s.erp.enqueue({ ...sync, id: uniqueId('erps') })).toBe(false);
      expect(await s.erp.enqueue(makeErpSync(org, 'erp_missing'))).toBe(false);
      expect(await s.erp.getSync(org, 'live', sync.id)).toEqual(sync);
      const page = await s.erp.listSyncs(org, 'live', { connection_id: connection.id }, { limit: 10, offset: 0 });
      expect(page.total).toBe(1);
      expect(page.items[0]!.record).toEqual(sync.record);
    });

    it('claims due syncs once, fences outcomes by the lease, and frees them after it', async () => {
      const org = await freshOrg();
      const connection = makeErpConnection(org);
      await s.erp.insertConnection(connection);
      const due = makeErpSync(org, connection.id, { next_attempt_at: '2026-03-01T00:00:00.000Z' });
      const later = makeErpSync(org, connection.id, { next_attempt_at: '2999-01-01T00:00:00.000Z' });
      await s.erp.enqueue(due);
      await s.erp.enqueue(later);
      const now = '2026-03-01T00:00:01.000Z';
      const lease = '2026-03-01T00:01:00.000Z';
      const [a, b] = await Promise.all([s.erp.claimDue('w1', now, lease, 10), s.erp.claimDue('w2', now, lease, 10)]);
      const mine = [...a, ...b].filter((c) => c.sync.org_id === org);
      expect(mine.map((c) => c.sync.id)).toEqual([due.id]);
      expect(mine[0]!.connection).toEqual(connection);
      const winner = a.some((c) => c.sync.id === due.id) ? 'w1' : 'w2';
      const loser = winner === 'w1' ? 'w2' : 'w1';
      const retry = {
        status: 'pending' as const,
        attempts: 1,
        at: now,
        next_attempt_at: '2026-03-01T00:00:02.000Z',
        last_error: 'the ERP answered 503',
        response_status: 503,
        external_id: null,
      };
      expect(await s.erp.recordAttempt(due.id, loser, retry)).toBe(false);
      expect(await s.erp.recordAttempt(due.id, winner, retry)).toBe(true);
      // Due again only at its next attempt time.
      expect((await s.erp.claimDue('w3', now, lease, 10)).filter((c) => c.sync.org_id === org)).toEqual([]);
      const again = (await s.erp.claimDue('w3', '2026-03-01T00:00:03.000Z', '2026-03-01T00:02:00.000Z', 10)).filter(
        (c) => c.sync.org_id === org,
      );
      expect(again.map((c) => c.sync.attempts)).toEqual([1]);
      // An expired lease lets another worker take it; the first one's outcome is then refused.
      const stolen = (await s.erp.claimDue('w4', '2026-03-01T00:03:00.000Z', '2026-03-01T00:04:00.000Z', 10)).filter(
        (c) => c.sync.org_id === org,
      );
      expect(stolen.map((c) => c.sync.id)).toEqual([due.id]);
      const done = {
        status: 'synced' as const,
        attempts: 2,
        at: '2026-03-01T00:03:01.000Z',
        next_attempt_at: null,
        last_error: null,
        response_status: 201,
        external_id: 'B-17',
      };
      expect(await s.erp.recordAttempt(due.id, 'w3', done)).toBe(false);
      expect(await s.erp.recordAttempt(due.id, 'w4', done)).toBe(true);
      expect(await s.erp.getSync(org, 'live', due.id)).toMatchObject({
        status: 'synced',
        attempts: 2,
        external_id: 'B-17',
        response_status: 201,
        finished_at: '2026-03-01T00:03:01.000Z',
        last_attempt_at: '2026-03-01T00:03:01.000Z',
      });
      expect(
        (await s.erp.listSyncs(org, 'live', { status: 'pending' }, { limit: 10, offset: 0 })).items.map((x) => x.id),
      ).toEqual([later.id]);
    });

    it("keeps a prefix endpoint apart from the organization's endpoints and routes prefix events only to it", async () => {
      const org = await freshOrg();
      const at = '2026-03-01T00:00:00.000Z';
      let made = 0;
      const makeId = () => `whe_ec${Date.now().toString(36)}${(made++).toString(36)}${org.slice(-6)}`;
      // An organization endpoint that wants everything.
      const own = {
        id: makeId(),
        org_id: org,
        url: 'https://own.example/h',
        events: ['*'],
        description: null,
        is_active: true,
        created_at: at,
        updated_at: at,
        secret: 'whsec_own',
      };
      await s.webhooks.insertEndpoint(own);
      await s.webhooks.setPrefixEndpoint(
        org,
        'ap',
        { url: 'https://ap.example/h', secret: 's3cret', events: ['email.received', 'email.received'] },
        at,
        makeId,
      );
      const prefixEndpoint = await s.webhooks.getPrefixEndpoint(org, 'ap');
      expect(prefixEndpoint).toMatchObject({
        url: 'https://ap.example/h',
        secret: 's3cret',
        events: ['email.received'],
        email_prefix: 'ap',
        is_active: true,
      });
      expect((await s.webhooks.listEndpoints(org)).map((e) => e.id)).toEqual([own.id]);
      expect(await s.webhooks.getEndpoint(org, prefixEndpoint!.id)).toBeNull();
      expect(await s.webhooks.updateEndpoint(org, prefixEndpoint!.id, { url: 'https://evil.example' })).toBeNull();
      expect(await s.webhooks.deleteEndpoint(org, prefixEndpoint!.id)).toBe(false);
      // Changing the setting keeps the endpoint (and its log).
      await s.webhooks.setPrefixEndpoint(
        org,
        'ap',
        { url: 'https://ap2.example/h', secret: 'n3w', events: ['email.received', 'document.classified'] },
        at,
        makeId,
      );
      expect(await s.webhooks.getPrefixEndpoint(org, 'ap')).toMatchObject({
        id: prefixEndpoint!.id,
        url: 'https://ap2.example/h',
        secret: 'n3w',
      });

      const received = event(org, 'email.received', 'ap');
      const unsubscribed = event(org, 'erp.synced', 'ap');
      const jobEvent = event(org, 'job.completed', null);
      for (const e of [received, unsubscribed, jobEvent]) await s.outbox.add(e);
      await s.webhooks.dispatchOutbox(new Date('2026-03-01T00:00:01.000Z'), 1000, () => uniqueId('whd'));
      const deliveries = (await s.webhooks.listDeliveries(org, 'live', {}, { limit: 50, offset: 0 })).items;
      const to = (eventId: string) =>
        deliveries
          .filter((d) => d.event_id === eventId)
          .map((d) => d.endpoint_id)
          .sort();
      expect(to(received.id)).toEqual([prefixEndpoint!.id]);
      expect(to(unsubscribed.id)).toEqual([]);
      expect(to(jobEvent.id)).toEqual([own.id]);
      expect((await s.outbox.list(org, { event: 'email.received' }))[0]).toMatchObject({ email_prefix: 'ap' });

      // Without the setting the endpoint goes, and with it its deliveries; later events go nowhere.
      await s.webhooks.setPrefixEndpoint(org, 'ap', null, at, makeId);
      expect(await s.webhooks.getPrefixEndpoint(org, 'ap')).toBeNull();
      const late = event(org, 'email.received', 'ap');
      await s.outbox.add(late);
      await s.webhooks.dispatchOutbox(new Date('2026-03-01T00:00:02.000Z'), 1000, () => uniqueId('whd'));
      const after = (await s.webhooks.listDeliveries(org, 'live', {}, { limit: 50, offset: 0 })).items;
      expect(after.map((d) => d.event_id).sort()).toEqual([jobEvent.id]);
    });
  });
}
