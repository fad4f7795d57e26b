import { describe, expect, it } from 'vitest';
import {
  blankMessageRecord,
  type InboundMessageRecord,
  type InboundMessageResult,
} from '../email/inbound/inbound-message.js';
import type { SenderAuthentication } from '../email/inbound/sender-auth/sender-authentication.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
/** Same length and lowercase alphanumerics after the prefix, so every collation orders them alike. */
const uniqueBase = () => `msg_ic${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

export const makeInboundMessage = (
  orgId: string,
  overrides: Partial<InboundMessageRecord> = {},
): InboundMessageRecord => ({
  ...blankMessageRecord(`${uniqueBase()}m`, orgId, 'invoices', 'd'.repeat(64), 2048, '2026-03-01T00:00:00.000Z'),
  recipient: 'invoices@in.example.com',
  envelope_from: 'sender@example.org',
  remote_address: '192.0.2.10',
  helo: 'mail.example.org',
  ...overrides,
});

const result = (overrides: Partial<InboundMessageResult> = {}): InboundMessageResult => ({
  status: 'processed',
  from_address: 'Alice <alice@example.org>',
  subject: 'Invoice 42',
  message_id_header: '<42@example.org>',
  outcomes: [
    {
      index: 0,
      filename: 'invoice.pdf',
      original_filename: 'invoice.pdf',
      declared_type: 'application/pdf',
      detected_type: 'application/pdf',
      size_bytes: 1500,
      inline: false,
      status: 'job_created',
      job_id: 'job_abc',
      reason: null,
    },
  ],
  error: null,
  processed_at: '2026-03-01T00:05:00.000Z',
  ...overrides,
});

/** Verdicts with every member set (a failed DKIM signature beside a passing one). */
const SENDER_VERDICTS: SenderAuthentication = {
  spf: { result: 'softfail', domain: 'bounce.example.org', aligned: true },
  dkim: [
    { result: 'pass', domain: 'example.org', selector: 's2026', aligned: true },
    { result: 'fail', domain: 'relay.example.net', selector: null, aligned: false },
  ],
  dmarc: { result: 'pass', policy: 'reject', domain: 'example.org' },
  arc: { result: 'none' },
  from_domain: 'example.org',
  client_address_source: 'smtp',
  authenticated: true,
};

/** Far beyond every time the tests use: what `drain` leases is never claimable or abandoned again. */
const DRAIN_NOW = '2998-01-01T00:00:00.000Z';
const DRAIN_LEASE = '2999-01-01T00:00:00.000Z';

const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * The behaviour of every `InboundMessageStore`: atomic batches, claiming oldest first with leases,
 * fencing of results by owner, failing what crashed too often, listing per organization.
 */
export function describeInboundMessageStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`inbound message store contract: ${name}`, () => {
    let s: ContractStores;
    const { freshOrg } = useStoreHarness(open, (stores) => (s = stores));
    // The queue is shared by every test: a claiming test first takes away what earlier ones left.
    const drain = async () => {
      while (
        await s.inboundMessages.claimNext('drain', {
          now: DRAIN_NOW,
          leaseExpiresAt: DRAIN_LEASE,
          maxAttempts: 1_000_000,
        })
      ) {
        /* take everything */
      }
    };

    it('inserts a batch of messages that are all readable afterwards', async () => {
      const orgId = await freshOrg();
      const batch = [0, 1, 2].map((i) => makeInboundMessage(orgId, { recipient: `invoices+${i}@in.example.com` }));
      await s.inboundMessages.insert(batch);
      for (const record of batch) expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(record);
      await s.inboundMessages.insert([]);
    });

    it('inserts all of a batch or none of it', async () => {
      const orgId = await freshOrg();
      const existing = makeInboundMessage(orgId);
      await s.inboundMessages.insert([existing]);
      const fresh = [makeInboundMessage(orgId), makeInboundMessage(orgId)];
      await expect(
        s.inboundMessages.insert([fresh[0]!, { ...existing, subject: 'again' }, fresh[1]!]),
      ).rejects.toThrow();
      for (const record of fresh) expect(await s.inboundMessages.get(orgId, 'live', record.id)).toBeNull();
      expect(await s.inboundMessages.get(orgId, 'live', existing.id)).toEqual(existing);
    });

    it('round-trips every field, with outcomes and error as JSON and nulls kept', async () => {
      const orgId = await freshOrg();
      const full = makeInboundMessage(orgId, {
        prefix: 'receipts',
        tag: 'march',
        recipient: 'Receipts+march@in.example.com',
        envelope_from: 'bounce@example.org',
        remote_address: '2001:db8::1',
        helo: 'mx.example.org',
        size_bytes: 5_000_000_123,
        blob_key: 'e'.repeat(64),
        source: 'test',
        status: 'failed',
        attempts: 3,
        lease_owner: 'daemon-1:worker-2',
        lease_expires_at: '2026-03-01T00:01:00.123Z',
        from_address: 'Bob <bob@example.org>',
        subject: 'Receipts: ünïcödé ✓',
        message_id_header: '<abc@example.org>',
        outcomes: [
          ...result().outcomes,
          {
            index: 1,
            filename: 'logo.png',
            original_filename: null,
            declared_type: 'image/png',
            detected_type: null,
            size_bytes: 0,
            inline: true,
            status: 'skipped',
            job_id: null,
            reason: { code: 'inline_image', message: 'Inline images are not documents.' },
          },
        ],
        error: { code: 'internal_error', message: 'Something "quoted" \\ broke.' },
        sender_authentication: SENDER_VERDICTS,
        received_at: '2026-03-01T00:00:00.007Z',
        processed_at: '2026-03-01T00:02:00.999Z',
      });
      const sparse = makeInboundMessage(orgId, { envelope_from: null, remote_address: null, helo: null });
      await s.inboundMessages.insert([full, sparse]);
      expect(await s.inboundMessages.get(orgId, 'live', full.id)).toEqual(full);
      expect(await s.inboundMessages.get(orgId, 'live', sparse.id)).toEqual(sparse);
    });

    it('keeps sender verdicts through claiming and finishing, and a null as null', async () => {
      await drain();
      const orgId = await freshOrg();
      const checked = makeInboundMessage(orgId, { sender_authentication: SENDER_VERDICTS });
      const unchecked = makeInboundMessage(orgId, { received_at: '2026-03-01T00:00:01.000Z' });
      await s.inboundMessages.insert([checked, unchecked]);
      const claim = { now: '2026-03-01T00:00:02.000Z', leaseExpiresAt: '2026-03-01T00:10:00.000Z', maxAttempts: 5 };
      const first = await s.inboundMessages.claimNext('w', claim);
      expect(first?.id).toBe(checked.id);
      expect(first?.sender_authentication).toEqual(SENDER_VERDICTS);
      expect((await s.inboundMessages.claimNext('w', claim))?.sender_authentication).toBeNull();
      await s.inboundMessages.finish(checked.id, 'w', result());
      expect((await s.inboundMessages.get(orgId, 'live', checked.id))?.sender_authentication).toEqual(SENDER_VERDICTS);
      const listed = await s.inboundMessages.list(orgId, 'live', {}, { limit: 10, offset: 0 });
      expect(listed.items.map((m) => m.sender_authentication)).toEqual([null, SENDER_VERDICTS]);
    });

    it('claims the oldest message first, the id breaking ties', async () => {
      const orgId = await freshOrg();
      await drain();
      const base = uniqueBase();
      const second = makeInboundMessage(orgId, { id: `${base}a`, received_at: '2026-03-01T00:00:02.000Z' });
      const third = makeInboundMessage(orgId, { id: `${base}b`, received_at: '2026-03-01T00:00:02.000Z' });
      const first = makeInboundMessage(orgId, { id: `${base}c`, received_at: '2026-03-01T00:00:01.000Z' });
      const fourth = makeInboundMessage(orgId, { id: `${base}d`, received_at: '2026-03-01T00:00:03.000Z' });
      await s.inboundMessages.insert([fourth, third, second, first]);
      const options = { now: '2026-03-02T00:00:00.000Z', leaseExpiresAt: '2026-03-02T00:01:00.000Z', maxAttempts: 3 };
      const order = [];
      for (let i = 0; i < 4; i++) order.push((await s.inboundMessages.claimNext('w', options))?.id);
      expect(order).toEqual([first.id, second.id, third.id, fourth.id]);
      expect(await s.inboundMessages.claimNext('w', options)).toBeNull();
    });

    it('sets a claimed message processing, with the lease and one more attempt', async () => {
      const orgId = await freshOrg();
      await drain();
      const record = makeInboundMessage(orgId, { attempts: 1 });
      await s.inboundMessages.insert([record]);
      const claimed = await s.inboundMessages.claimNext('daemon-a', {
        now: '2026-03-02T00:00:00.000Z',
        leaseExpiresAt: '2026-03-02T00:01:00.500Z',
        maxAttempts: 3,
      });
      const expected = {
        ...record,
        status: 'processing',
        attempts: 2,
        lease_owner: 'daemon-a',
        lease_expires_at: '2026-03-02T00:01:00.500Z',
      };
      expect(claimed).toEqual(expected);
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(expected);
    });

    it('does not claim a leased message again until its lease expires, then counts another attempt', async () => {
      const orgId = await freshOrg();
      await drain();
      const record = makeInboundMessage(orgId);
      await s.inboundMessages.insert([record]);
      const t0 = '2026-03-02T00:00:00.000Z';
      const lease = at(t0, 60_000);
      expect((await s.inboundMessages.claimNext('a', { now: t0, leaseExpiresAt: lease, maxAttempts: 3 }))?.id).toBe(
        record.id,
      );
      expect(
        await s.inboundMessages.claimNext('b', { now: at(t0, 1), leaseExpiresAt: at(t0, 60_001), maxAttempts: 3 }),
      ).toBeNull();
      expect(
        await s.inboundMessages.claimNext('b', {
          now: at(lease, -1),
          leaseExpiresAt: at(lease, 59_999),
          maxAttempts: 3,
        }),
      ).toBeNull();
      const again = await s.inboundMessages.claimNext('b', {
        now: lease,
        leaseExpiresAt: at(lease, 60_000),
        maxAttempts: 3,
      });
      expect(again).toEqual({
        ...record,
        status: 'processing',
        attempts: 2,
        lease_owner: 'b',
        lease_expires_at: at(lease, 60_000),
      });
    });

    it('does not reclaim a message that used its last attempt, and fails it once its lease expires', async () => {
      const orgId = await freshOrg();
      await drain();
      const record = makeInboundMessage(orgId);
      await s.inboundMessages.insert([record]);
      const t0 = '2026-03-02T00:00:00.000Z';
      const t1 = at(t0, 10_000);
      const t2 = at(t0, 20_000);
      expect(await s.inboundMessages.claimNext('a', { now: t0, leaseExpiresAt: t1, maxAttempts: 2 })).toMatchObject({
        id: record.id,
        attempts: 1,
      });
      expect(await s.inboundMessages.failAbandoned(t1, 2)).toEqual([]);
      expect(await s.inboundMessages.claimNext('b', { now: t1, leaseExpiresAt: t2, maxAttempts: 2 })).toMatchObject({
        id: record.id,
        attempts: 2,
      });
      expect(await s.inboundMessages.failAbandoned(at(t2, -1), 2)).toEqual([]);
      expect(
        await s.inboundMessages.claimNext('c', { now: t2, leaseExpiresAt: at(t2, 10_000), maxAttempts: 2 }),
      ).toBeNull();
      // Beside it: one with an attempt left (its lease expired too) and one never claimed; neither is failed.
      const retry = makeInboundMessage(orgId, { received_at: '2026-03-01T00:00:01.000Z' });
      const waiting = makeInboundMessage(orgId, { received_at: '2026-03-01T00:00:02.000Z' });
      await s.inboundMessages.insert([retry]);
      const retrying = await s.inboundMessages.claimNext('c', { now: t0, leaseExpiresAt: t1, maxAttempts: 2 });
      expect(retrying).toMatchObject({ id: retry.id, attempts: 1 });
      await s.inboundMessages.insert([waiting]);
      const failed = await s.inboundMessages.failAbandoned(t2, 2);
      const expected: InboundMessageRecord = {
        ...record,
        status: 'failed',
        attempts: 2,
        lease_owner: null,
        lease_expires_at: null,
        error: {
          code: 'processing_abandoned',
          message:
            'The message could not be processed in 2 attempts; its daemon stopped each time (crash or kill) before finishing it.',
        },
        processed_at: t2,
      };
      expect(failed).toEqual([expected]);
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(expected);
      expect(await s.inboundMessages.get(orgId, 'live', retry.id)).toEqual(retrying);
      expect(await s.inboundMessages.get(orgId, 'live', waiting.id)).toEqual(waiting);
      expect(await s.inboundMessages.failAbandoned(at(t2, 60_000), 2)).toEqual([]);
      // The failed message is never claimed again; the other two are, oldest first.
      const options = { now: t2, leaseExpiresAt: at(t2, 10_000), maxAttempts: 2 };
      expect(await s.inboundMessages.claimNext('d', options)).toMatchObject({ id: retry.id, attempts: 2 });
      expect(await s.inboundMessages.claimNext('d', options)).toMatchObject({ id: waiting.id, attempts: 1 });
      expect(await s.inboundMessages.claimNext('d', options)).toBeNull();
    });

    it('extends a claim only for its owner, which keeps other claimers away longer', async () => {
      const orgId = await freshOrg();
      await drain();
      const record = makeInboundMessage(orgId);
      await s.inboundMessages.insert([record]);
      const t0 = '2026-03-02T00:00:00.000Z';
      expect(await s.inboundMessages.extendLease(record.id, 'a', at(t0, 5000))).toBe(false); // not claimed yet
      await s.inboundMessages.claimNext('a', { now: t0, leaseExpiresAt: at(t0, 1000), maxAttempts: 3 });
      expect(await s.inboundMessages.extendLease(record.id, 'b', at(t0, 5000))).toBe(false);
      expect(await s.inboundMessages.extendLease(record.id, 'a', at(t0, 5000))).toBe(true);
      expect((await s.inboundMessages.get(orgId, 'live', record.id))?.lease_expires_at).toBe(at(t0, 5000));
      expect(
        await s.inboundMessages.claimNext('b', { now: at(t0, 2000), leaseExpiresAt: at(t0, 3000), maxAttempts: 3 }),
      ).toBeNull();
      expect(
        (await s.inboundMessages.claimNext('b', { now: at(t0, 5000), leaseExpiresAt: at(t0, 6000), maxAttempts: 3 }))
          ?.lease_owner,
      ).toBe('b');
      expect(await s.inboundMessages.extendLease(record.id, 'a', at(t0, 9000))).toBe(false); // a lost it
    });

    it('lets only the owner of the claim finish a message', async () => {
      const orgId = await freshOrg();
      await drain();
      const record = makeInboundMessage(orgId);
      await s.inboundMessages.insert([record]);
      expect(await s.inboundMessages.finish(record.id, 'a', result())).toBe(false);
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(record);
      const t0 = '2026-03-02T00:00:00.000Z';
      const claimed = await s.inboundMessages.claimNext('a', { now: t0, leaseExpiresAt: at(t0, 1000), maxAttempts: 3 });
      expect(await s.inboundMessages.finish(record.id, 'b', result())).toBe(false);
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(claimed);
      // a loses its expired lease to b: its late result is refused.
      const reclaimed = await s.inboundMessages.claimNext('b', {
        now: at(t0, 1000),
        leaseExpiresAt: at(t0, 2000),
        maxAttempts: 3,
      });
      expect(reclaimed).toMatchObject({ id: record.id, lease_owner: 'b' });
      expect(await s.inboundMessages.finish(record.id, 'a', result())).toBe(false);
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(reclaimed);
      expect(await s.inboundMessages.finish('msg_missing', 'b', result())).toBe(false);
    });

    it('writes the result when the owner finishes, once', async () => {
      const orgId = await freshOrg();
      await drain();
      const record = makeInboundMessage(orgId);
      const broken = makeInboundMessage(orgId, { received_at: '2026-03-01T00:00:01.000Z' });
      await s.inboundMessages.insert([record, broken]);
      const t0 = '2026-03-02T00:00:00.000Z';
      const options = { now: t0, leaseExpiresAt: at(t0, 60_000), maxAttempts: 3 };
      await s.inboundMessages.claimNext('a', options);
      await s.inboundMessages.claimNext('a', options);
      const done = result();
      expect(await s.inboundMessages.finish(record.id, 'a', done)).toBe(true);
      const expected = { ...record, ...done, attempts: 1, lease_owner: null, lease_expires_at: null };
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(expected);
      expect(await s.inboundMessages.finish(record.id, 'a', result({ subject: 'twice' }))).toBe(false);
      expect(await s.inboundMessages.get(orgId, 'live', record.id)).toEqual(expected);
      const failure = result({
        status: 'failed',
        from_address: null,
        subject: null,
        message_id_header: null,
        outcomes: [],
        error: { code: 'unparseable_message', message: 'Not MIME.' },
      });
      expect(await s.inboundMessages.finish(broken.id, 'a', failure)).toBe(true);
      expect(await s.inboundMessages.get(orgId, 'live', broken.id)).toEqual({
        ...broken,
        ...failure,
        attempts: 1,
        lease_owner: null,
        lease_expires_at: null,
      });
      // Finished messages are never claimed again.
      expect(
        await s.inboundMessages.claimNext('z', {
          now: '2997-01-01T00:00:00.000Z',
          leaseExpiresAt: DRAIN_LEASE,
          maxAttempts: 99,
        }),
      ).toBeNull();
    });

    it('lists newest first per organization, by prefix, with a total for paging', async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      const empty = await freshOrg();
      const base = uniqueBase();
      const m1 = makeInboundMessage(a, { id: `${base}a`, prefix: 'invoices', received_at: '2026-03-01T00:00:01.000Z' });
      const m2 = makeInboundMessage(a, { id: `${base}b`, prefix: 'receipts', received_at: '2026-03-01T00:00:02.000Z' });
      const m3 = makeInboundMessage(a, { id: `${base}c`, prefix: 'invoices', received_at: '2026-03-01T00:00:02.000Z' });
      const m4 = makeInboundMessage(a, { id: `${base}d`, prefix: 'invoices', received_at: '2026-03-01T00:00:03.000Z' });
      const theirs = makeInboundMessage(b, {
        id: `${base}e`,
        prefix: 'invoices',
        received_at: '2026-03-01T00:00:04.000Z',
      });
      await s.inboundMessages.insert([m2, m4, m1, theirs, m3]);
      const ids = (page: { items: InboundMessageRecord[] }) => page.items.map((m) => m.id);
      const all = await s.inboundMessages.list(a, 'live', {}, { limit: 10, offset: 0 });
      expect(ids(all)).toEqual([m4.id, m3.id, m2.id, m1.id]);
      expect(all.total).toBe(4);
      expect(all.items[0]).toEqual(m4);
      const invoices = await s.inboundMessages.list(a, 'live', { prefix: 'invoices' }, { limit: 10, offset: 0 });
      expect({ ids: ids(invoices), total: invoices.total }).toEqual({ ids: [m4.id, m3.id, m1.id], total: 3 });
      const page = await s.inboundMessages.list(a, 'live', {}, { limit: 2, offset: 1 });
      expect({ ids: ids(page), total: page.total }).toEqual({ ids: [m3.id, m2.id], total: 4 });
      const pagedByPrefix = await s.inboundMessages.list(a, 'live', { prefix: 'invoices' }, { limit: 1, offset: 2 });
      expect({ ids: ids(pagedByPrefix), total: pagedByPrefix.total }).toEqual({ ids: [m1.id], total: 3 });
      const other = await s.inboundMessages.list(b, 'live', {}, { limit: 10, offset: 0 });
      expect({ ids: ids(other), total: other.total }).toEqual({ ids: [theirs.id], total: 1 });
      expect(await s.inboundMessages.list(empty, 'live', {}, { limit: 10, offset: 0 })).toEqual({
        items: [],
        total: 0,
      });
      expect(await s.inboundMessages.list(a, 'live', { prefix: 'nothing' }, { limit: 10, offset: 0 })).toEqual({
        items: [],
        total: 0,
      });
    });

    it('reads a message only within its organization', async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      const record = makeInboundMessage(a);
      await s.inboundMessages.insert([record]);
      expect(await s.inboundMessages.get(a, 'live', record.id)).toEqual(record);
      expect(await s.inboundMessages.get(b, 'live', record.id)).toBeNull();
      expect(await s.inboundMessages.get(a, 'live', 'msg_missing')).toBeNull();
    });

    it('gives each message to one claimer only when many claim at once', async () => {
      const orgId = await freshOrg();
      await drain();
      const batch = Array.from({ length: 10 }, (_, i) =>
        makeInboundMessage(orgId, { received_at: at('2026-03-01T00:00:00.000Z', i) }),
      );
      await s.inboundMessages.insert(batch);
      // Concurrent reads first, so that a pooled database has its connections open and the claims below really overlap.
      await Promise.all(
        Array.from({ length: 20 }, () => s.inboundMessages.list(orgId, 'live', {}, { limit: 1, offset: 0 })),
      );
      const t0 = '2026-03-02T00:00:00.000Z';
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          s.inboundMessages.claimNext(`w${i}`, { now: t0, leaseExpiresAt: at(t0, 60_000), maxAttempts: 3 }),
        ),
      );
      const taken = claims.filter((c): c is InboundMessageRecord => c !== null);
      expect(taken.map((m) => m.id).sort()).toEqual(batch.map((m) => m.id).sort());
      expect(taken.every((m) => m.status === 'processing' && m.attempts === 1)).toBe(true);
      for (const m of taken)
        expect((await s.inboundMessages.get(orgId, 'live', m.id))?.lease_owner).toBe(m.lease_owner);
    });
  });
}
