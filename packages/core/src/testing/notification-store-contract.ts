import { describe, expect, it } from 'vitest';
import type { NotificationRecord, NotificationSender } from '../email/notifications/notification.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
/** Same length and lowercase alphanumerics after the prefix, so every collation orders them alike. */
const uniqueId = (prefix: string) => `${prefix}_nc${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

export const makeNotification = (orgId: string, overrides: Partial<NotificationRecord> = {}): NotificationRecord => {
  const id = uniqueId('ntf');
  return {
    id,
    org_id: orgId,
    kind: 'receipt_confirmation',
    recipient: 'alice@example.org',
    from_address: 'no-reply@in.example.com',
    envelope_from: null,
    subject: 'Received: Invoice 42',
    body: 'We received your message.',
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
    status: 'pending',
    attempts: 0,
    next_attempt_at: '2026-03-01T00:00:00.000Z',
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    created_at: '2026-03-01T00:00:00.000Z',
    sent_at: null,
    source_key: `receipt_confirmation:${id}`,
    message_id: 'msg_1',
    job_id: null,
    prefix: 'invoices',
    digest_key: null,
    digest_id: null,
    ...overrides,
  };
};

/** Far beyond every time the tests use: what `drain` leases is never claimable again. */
const DRAIN_NOW = '2998-01-01T00:00:00.000Z';
const DRAIN_LEASE = '2999-01-01T00:00:00.000Z';
const NOW = '2026-03-01T00:10:00.000Z';
const LEASE = '2026-03-01T00:15:00.000Z';

/**
 * The behaviour of every `NotificationStore`: idempotent inserts by source key, the sender record,
 * claiming due rows once with leases, fencing of outcomes by owner, job events handled once, and
 * digest items and once-only digest keys.
 */
export function describeNotificationStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`notification store contract: ${name}`, () => {
    let s: ContractStores;
    const { freshOrg } = useStoreHarness(open, (stores) => (s = stores));
    // Due rows are shared by every test: a claiming test first takes away what earlier ones left.
    const drain = async () => {
      while (
        (
          await s.notifications.claimDue('drain', {
            now: DRAIN_NOW,
            leaseExpiresAt: DRAIN_LEASE,
            limit: 1000,
            maxAttempts: 1_000_000,
          })
        ).length
      ) {
        /* take everything */
      }
    };

    it('round-trips every field and skips a second row with the same source key', async () => {
      const orgId = await freshOrg();
      const row = makeNotification(orgId, {
        kind: 'document_received',
        envelope_from: 'no-reply@in.example.com',
        subject: 'Ünïcödé ✓ subject',
        body: 'line 1\nline 2',
        headers: { 'Auto-Submitted': 'auto-replied', 'In-Reply-To': '<a@b>' },
        status: 'suppressed',
        next_attempt_at: null,
        last_error: 'not sent: loop',
        job_id: 'job_1',
      });
      expect(await s.notifications.insert([row])).toBe(1);
      expect(await s.notifications.get(orgId, row.id)).toEqual(row);
      const again = makeNotification(orgId, { source_key: row.source_key, subject: 'other' });
      expect(await s.notifications.insert([again, makeNotification(orgId)])).toBe(1);
      expect(await s.notifications.get(orgId, again.id)).toBeNull();
      expect(await s.notifications.get('org_other', row.id)).toBeNull();
      expect(await s.notifications.insert([])).toBe(0);
    });

    it("lists an organization's rows newest first, filtered", async () => {
      const orgId = await freshOrg();
      const a = makeNotification(orgId, { created_at: '2026-03-01T00:00:01.000Z', kind: 'error', job_id: 'job_x' });
      const b = makeNotification(orgId, {
        created_at: '2026-03-01T00:00:02.000Z',
        status: 'sent',
        next_attempt_at: null,
      });
      await s.notifications.insert([a, b]);
      const all = await s.notifications.list(orgId, {}, { limit: 10, offset: 0 });
      expect(all.total).toBe(2);
      expect(all.items.map((r) => r.id)).toEqual([b.id, a.id]);
      expect(
        (await s.notifications.list(orgId, { kind: 'error' }, { limit: 10, offset: 0 })).items.map((r) => r.id),
      ).toEqual([a.id]);
      expect(
        (await s.notifications.list(orgId, { status: 'sent' }, { limit: 10, offset: 0 })).items.map((r) => r.id),
      ).toEqual([b.id]);
      expect((await s.notifications.list(orgId, { job_id: 'job_x' }, { limit: 10, offset: 0 })).total).toBe(1);
    });

    it('keeps the first sender record of a message, per organization', async () => {
      const orgId = await freshOrg();
      const sender: NotificationSender = {
        message_id: uniqueId('msg'),
        org_id: orgId,
        prefix: 'invoices',
        reply_to: 'alice@example.org',
        suppressed_reason: null,
        from_address: 'no-reply@in.example.com',
        in_reply_to: 'abc@example.org',
        subject: 'Invoice',
        received_at: '2026-03-01T00:00:00.000Z',
        created_at: '2026-03-01T00:00:01.000Z',
      };
      await s.notifications.saveSender(sender);
      await s.notifications.saveSender({ ...sender, reply_to: null, suppressed_reason: 'later' });
      expect(await s.notifications.getSender(orgId, sender.message_id)).toEqual(sender);
      expect(await s.notifications.getSender('org_other', sender.message_id)).toBeNull();
      expect(await s.notifications.getSender(orgId, 'msg_missing')).toBeNull();
    });

    it('claims due pending rows once, oldest due first, with a lease and one more attempt', async () => {
      await drain();
      const orgId = await freshOrg();
      const early = makeNotification(orgId, { next_attempt_at: '2026-03-01T00:01:00.000Z' });
      const late = makeNotification(orgId, { next_attempt_at: '2026-03-01T00:02:00.000Z' });
      const future = makeNotification(orgId, { next_attempt_at: '2026-03-01T01:00:00.000Z' });
      const sent = makeNotification(orgId, { status: 'sent', next_attempt_at: null });
      const digestItem = makeNotification(orgId, { status: 'digest_pending', next_attempt_at: null });
      await s.notifications.insert([late, early, future, sent, digestItem]);
      const claims = await Promise.all(
        ['w1', 'w2', 'w3'].map((owner) =>
          s.notifications.claimDue(owner, { now: NOW, leaseExpiresAt: LEASE, limit: 1, maxAttempts: 4 }),
        ),
      );
      const ids = claims.flat().map((r) => r.id);
      expect(ids.sort()).toEqual([early.id, late.id].sort());
      for (const claim of claims.flat()) expect(claim).toMatchObject({ attempts: 1, lease_expires_at: LEASE });
      const one = await s.notifications.claimDue('w4', { now: NOW, leaseExpiresAt: LEASE, limit: 10, maxAttempts: 4 });
      expect(one).toEqual([]);
      // Leases run out (the daemon died): claimable again, a second attempt.
      const after = await s.notifications.claimDue('w5', {
        now: LEASE,
        leaseExpiresAt: '2026-03-01T00:20:00.000Z',
        limit: 10,
        maxAttempts: 4,
      });
      expect(after.map((r) => r.id)).toEqual([early.id, late.id]);
      expect(after.every((r) => r.attempts === 2 && r.lease_owner === 'w5')).toBe(true);
      // A row at its attempt limit is not claimed.
      expect(
        await s.notifications.claimDue('w6', {
          now: '2026-03-01T00:30:00.000Z',
          leaseExpiresAt: '2026-03-01T00:35:00.000Z',
          limit: 10,
          maxAttempts: 2,
        }),
      ).toEqual([]);
    });

    it('writes an outcome only for the owner of the claim', async () => {
      await drain();
      const orgId = await freshOrg();
      const rows = [0, 1, 2].map(() => makeNotification(orgId));
      await s.notifications.insert(rows);
      const claimed = await s.notifications.claimDue('owner', {
        now: NOW,
        leaseExpiresAt: LEASE,
        limit: 3,
        maxAttempts: 4,
      });
      expect(claimed).toHaveLength(3);
      const [a, b, c] = rows.map((r) => r.id) as [string, string, string];
      expect(await s.notifications.markSent(a, 'intruder', NOW)).toBe(false);
      expect(await s.notifications.markSent(a, 'owner', NOW)).toBe(true);
      expect(await s.notifications.markSent(a, 'owner', NOW)).toBe(false);
      expect(await s.notifications.get(orgId, a)).toMatchObject({
        status: 'sent',
        sent_at: NOW,
        lease_owner: null,
        next_attempt_at: null,
      });
      expect(await s.notifications.markRetry(b, 'owner', '2026-03-01T00:11:00.000Z', '451 try later')).toBe(true);
      expect(await s.notifications.get(orgId, b)).toMatchObject({
        status: 'pending',
        attempts: 1,
        next_attempt_at: '2026-03-01T00:11:00.000Z',
        last_error: '451 try later',
        lease_owner: null,
        lease_expires_at: null,
      });
      expect(await s.notifications.markFailed(c, 'intruder', 'x')).toBe(false);
      expect(await s.notifications.markFailed(c, 'owner', '550 no such user')).toBe(true);
      expect(await s.notifications.get(orgId, c)).toMatchObject({
        status: 'failed',
        last_error: '550 no such user',
        next_attempt_at: null,
      });
      // The retried row is due again at its time, not before.
      expect(
        await s.notifications.claimDue('w', { now: NOW, leaseExpiresAt: LEASE, limit: 10, maxAttempts: 4 }),
      ).toEqual([]);
      expect(
        (
          await s.notifications.claimDue('w', {
            now: '2026-03-01T00:11:00.000Z',
            leaseExpiresAt: LEASE,
            limit: 10,
            maxAttempts: 4,
          })
        ).map((r) => r.id),
      ).toEqual([b]);
    });

    it('fails rows whose last allowed attempt was abandoned', async () => {
      await drain();
      const orgId = await freshOrg();
      const row = makeNotification(orgId, { attempts: 3, last_error: '451 busy' });
      await s.notifications.insert([row]);
      await s.notifications.claimDue('dying', { now: NOW, leaseExpiresAt: LEASE, limit: 1, maxAttempts: 4 });
      expect(await s.notifications.failExhausted(NOW, 4)).toBe(0); // its lease still runs
      expect(await s.notifications.failExhausted(LEASE, 4)).toBe(1);
      const failed = await s.notifications.get(orgId, row.id);
      expect(failed).toMatchObject({ status: 'failed', lease_owner: null });
      expect(failed!.last_error).toContain('attempt 4');
      expect(failed!.last_error).toContain('451 busy');
    });

    it('hands out job events of email jobs until they are marked handled', async () => {
      const orgId = await freshOrg();
      const email = { source: 'email', email: { message_id: 'msg_x' } };
      const events = [
        { id: uniqueId('evt'), event: 'job.completed', metadata: email },
        { id: uniqueId('evt'), event: 'job.failed', metadata: email },
        { id: uniqueId('evt'), event: 'job.completed', metadata: { source: 'api' } },
        { id: uniqueId('evt'), event: 'job.completed', metadata: {} },
        { id: uniqueId('evt'), event: 'credits.low_balance', metadata: email },
      ];
      for (const e of events)
        await s.outbox.add({
          id: e.id,
          org_id: orgId,
          environment: 'live',
          event: e.event,
          data: { id: 'job_1', metadata: e.metadata },
          created_at: '2026-03-01T00:00:00.000Z',
        });
      const mine = async () => (await s.notifications.takeJobEvents(10_000)).filter((e) => e.org_id === orgId);
      const taken = await mine();
      expect(taken.map((e) => e.id)).toEqual([events[0]!.id, events[1]!.id]);
      expect(taken[0]).toMatchObject({ event: 'job.completed', data: { id: 'job_1', metadata: email } });
      await s.notifications.markJobEventsHandled([events[0]!.id], NOW);
      expect((await mine()).map((e) => e.id)).toEqual([events[1]!.id]);
      await s.notifications.markJobEventsHandled([events[1]!.id], NOW);
      await s.notifications.markJobEventsHandled([], NOW);
      expect(await mine()).toEqual([]);
    });

    it('takes digest items up to a time, inserts one digest per key, and marks items digested', async () => {
      const orgId = await freshOrg();
      const item = (created_at: string) =>
        makeNotification(orgId, {
          kind: 'document_received',
          status: 'digest_pending',
          next_attempt_at: null,
          created_at,
          recipient: 'team@example.org',
        });
      const items = [
        item('2026-03-01T07:00:00.000Z'),
        item('2026-03-01T07:30:00.000Z'),
        item('2026-03-01T09:00:00.000Z'),
      ];
      await s.notifications.insert(items);
      const mine = async (until: string) =>
        (await s.notifications.takeDigestItems(until, 10_000)).filter((r) => r.org_id === orgId);
      const taken = await mine('2026-03-01T08:00:00.000Z');
      expect(taken.map((r) => r.id)).toEqual([items[0]!.id, items[1]!.id]);
      const key = `${orgId}:team@example.org:2026-03-01`;
      const digest = makeNotification(orgId, {
        kind: 'digest',
        recipient: 'team@example.org',
        digest_key: key,
        source_key: `digest:${key}`,
      });
      expect(await s.notifications.insertDigest(digest)).toBe(true);
      expect(
        await s.notifications.insertDigest({ ...makeNotification(orgId, { kind: 'digest' }), digest_key: key }),
      ).toBe(false);
      await s.notifications.markDigested(
        taken.map((r) => r.id),
        digest.id,
      );
      expect(await s.notifications.get(orgId, items[0]!.id)).toMatchObject({
        status: 'digested',
        digest_id: digest.id,
      });
      expect((await mine('2026-03-02T08:00:00.000Z')).map((r) => r.id)).toEqual([items[2]!.id]);
      expect(await s.notifications.get(orgId, digest.id)).toMatchObject({
        kind: 'digest',
        status: 'pending',
        digest_key: key,
      });
    });
  });
}
