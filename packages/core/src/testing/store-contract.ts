import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { RateLimiter } from '../ports/rate-limiter.port.js';
import type { Extractor } from '../extractors/extractor.js';
import type { StoredApiKey } from '../keys/api-key.js';
import type { Organization } from '../organizations/organization.js';

export type ContractStores = IntakeStores & { rateLimiter: RateLimiter };

/** A store set under test and how to let it go. */
export interface StoreHarness {
  stores: ContractStores;
  close(): Promise<void>;
}

/**
 * Opens a contract's store set before its tests and closes it after; `bind` receives the stores.
 * `freshOrg` inserts a new organization (foreign keys need one) and returns its id.
 */
export function useStoreHarness(
  open: () => Promise<StoreHarness>,
  bind: (stores: ContractStores) => void,
): { freshOrg: () => Promise<string> } {
  let harness: StoreHarness | undefined;
  beforeAll(async () => {
    harness = await open();
    bind(harness.stores);
  });
  afterAll(async () => harness?.close());
  return {
    async freshOrg() {
      const org = makeOrg();
      await harness!.stores.organizations.insert(org);
      return org.id;
    },
  };
}

let counter = 0;
const uid = (prefix: string) => `${prefix}_contract${Date.now().toString(36)}${(counter++).toString(36)}`;

export const makeOrg = (overrides: Partial<Organization> = {}): Organization => ({
  id: uid('org'),
  name: 'Acme',
  plan: 'free',
  rate_limit_per_minute: null,
  low_balance_threshold: 100,
  metadata_search_enabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const makeKey = (orgId: string, overrides: Partial<StoredApiKey> = {}): StoredApiKey => ({
  id: uid('key'),
  org_id: orgId,
  name: 'k',
  description: null,
  environment: 'test',
  scopes: ['documents:read', 'extractors:write'],
  key_prefix: 'sk_test_abcd',
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  key_hash: uid('hash'),
  ...overrides,
});

export const makeExtractor = (orgId: string, overrides: Partial<Extractor> = {}): Extractor => ({
  id: uid('ext'),
  org_id: orgId,
  name: 'Invoices',
  document_type: 'invoice',
  field_definitions: [
    {
      name: 'invoice_number',
      type: 'text',
      required: true,
      description: 'The number',
      validation: { pattern: '^INV' },
    },
    {
      name: 'line_items',
      type: 'array',
      required: false,
      description: 'Rows',
      default_value: [],
      fields: [{ name: 'amount', type: 'currency', required: true, description: 'Row total' }],
    },
  ],
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by: 'user_admin',
  usage_count: 0,
  test_usage_count: 0,
  ...overrides,
});

/**
 * The behaviour every implementation of Intake's stores must have. Adapters call this with a
 * factory; the in-memory stores run it too, so the two can never drift apart.
 */
export function describeStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`store contract: ${name}`, () => {
    let s: ContractStores;
    useStoreHarness(open, (stores) => (s = stores));

    it('keeps organizations', async () => {
      const before = await s.organizations.count();
      const org = makeOrg({ rate_limit_per_minute: 42, plan: 'enterprise' });
      await s.organizations.insert(org);
      expect(await s.organizations.get(org.id)).toEqual(org);
      expect(await s.organizations.get('org_missing')).toBeNull();
      expect(await s.organizations.count()).toBe(before + 1);
      expect((await s.organizations.list()).map((o) => o.id)).toContain(org.id);
      const updated = await s.organizations.update(org.id, { low_balance_threshold: 7, metadata_search_enabled: true });
      expect(updated).toMatchObject({ low_balance_threshold: 7, metadata_search_enabled: true, name: 'Acme' });
      expect(await s.organizations.update('org_missing', { low_balance_threshold: 1 })).toBeNull();
    });

    it('finds keys by hash and scopes every read to the organization', async () => {
      const org = makeOrg();
      const other = makeOrg();
      await s.organizations.insert(org);
      await s.organizations.insert(other);
      const key = makeKey(org.id, { expires_at: '2027-01-01T00:00:00.000Z' });
      await s.apiKeys.insert(key);
      expect(await s.apiKeys.findByHash(key.key_hash)).toEqual(key);
      expect(await s.apiKeys.findByHash('nope')).toBeNull();
      const { key_hash: _h, ...record } = key;
      expect(await s.apiKeys.get(org.id, 'test', key.id)).toEqual(record);
      expect(await s.apiKeys.get(other.id, 'test', key.id)).toBeNull();
      expect(await s.apiKeys.revoke(other.id, 'test', key.id, '2026-02-01T00:00:00.000Z')).toBeNull();
    });

    it('lists keys newest first with a total, and revokes once', async () => {
      const org = makeOrg();
      await s.organizations.insert(org);
      const a = makeKey(org.id, { created_at: '2026-01-01T00:00:00.000Z' });
      const b = makeKey(org.id, { created_at: '2026-01-02T00:00:00.000Z' });
      const c = makeKey(org.id, { created_at: '2026-01-03T00:00:00.000Z' });
      for (const k of [a, c, b]) await s.apiKeys.insert(k);
      const page = await s.apiKeys.list(org.id, 'test', { limit: 2, offset: 0 });
      expect(page.total).toBe(3);
      expect(page.items.map((k) => k.id)).toEqual([c.id, b.id]);
      expect(page.items[0]).not.toHaveProperty('key_hash');
      const first = await s.apiKeys.revoke(org.id, 'test', a.id, '2026-02-01T00:00:00.000Z');
      expect(first?.revoked_at).toBe('2026-02-01T00:00:00.000Z');
      const again = await s.apiKeys.revoke(org.id, 'test', a.id, '2026-03-01T00:00:00.000Z');
      expect(again?.revoked_at).toBe('2026-02-01T00:00:00.000Z');
      await s.apiKeys.touchLastUsed(b.id, '2026-02-02T00:00:00.000Z');
      expect((await s.apiKeys.get(org.id, 'test', b.id))?.last_used_at).toBe('2026-02-02T00:00:00.000Z');
    });

    it('round-trips extractors with nested field definitions', async () => {
      const org = makeOrg();
      await s.organizations.insert(org);
      const ext = makeExtractor(org.id);
      await s.extractors.insert(ext);
      expect(await s.extractors.get(org.id, ext.id)).toEqual(ext);
      expect(await s.extractors.get('org_other', ext.id)).toBeNull();
      await s.extractors.incrementUsage(org.id, ext.id);
      expect((await s.extractors.get(org.id, ext.id))?.usage_count).toBe(1);
      await s.extractors.delete(org.id, ext.id, '2026-01-02T00:00:00.000Z');
      expect(await s.extractors.getIncludingDeleted(org.id, ext.id)).toMatchObject({ id: ext.id, deleted: true });
      expect(await s.extractors.getIncludingDeleted('org_other', ext.id)).toBeNull();
    });

    it('filters and orders extractor lists newest first, id breaking ties', async () => {
      const org = makeOrg();
      await s.organizations.insert(org);
      const t = '2026-01-05T00:00:00.000Z';
      const x = makeExtractor(org.id, { id: 'ext_tie_a', created_at: t });
      const y = makeExtractor(org.id, { id: 'ext_tie_b', created_at: t });
      const z = makeExtractor(org.id, {
        created_at: '2026-01-01T00:00:00.000Z',
        document_type: 'receipt',
        is_active: false,
      });
      for (const e of [x, z, y]) await s.extractors.insert(e);
      const all = await s.extractors.list(org.id, {}, { limit: 10, offset: 0 });
      expect(all.items.map((e) => e.id)).toEqual([y.id, x.id, z.id]);
      expect(all.total).toBe(3);
      const receipts = await s.extractors.list(org.id, { document_type: 'receipt' }, { limit: 10, offset: 0 });
      expect(receipts.items.map((e) => e.id)).toEqual([z.id]);
      const active = await s.extractors.list(org.id, { is_active: true }, { limit: 1, offset: 1 });
      expect(active.total).toBe(2);
      expect(active.items.map((e) => e.id)).toEqual([x.id]);
    });

    it('updates and soft-deletes extractors', async () => {
      const org = makeOrg();
      await s.organizations.insert(org);
      const ext = makeExtractor(org.id);
      await s.extractors.insert(ext);
      const updated = await s.extractors.update(org.id, ext.id, {
        name: 'Renamed',
        is_active: false,
        updated_at: '2026-01-09T00:00:00.000Z',
      });
      expect(updated).toMatchObject({
        name: 'Renamed',
        is_active: false,
        updated_at: '2026-01-09T00:00:00.000Z',
        document_type: 'invoice',
      });
      expect(await s.extractors.update('org_other', ext.id, { name: 'x' })).toBeNull();
      expect(await s.extractors.delete('org_other', ext.id, '2026-01-10T00:00:00.000Z')).toBe(false);
      expect(await s.extractors.delete(org.id, ext.id, '2026-01-10T00:00:00.000Z')).toBe(true);
      expect(await s.extractors.delete(org.id, ext.id, '2026-01-10T00:00:00.000Z')).toBe(false);
      expect(await s.extractors.get(org.id, ext.id)).toBeNull();
      expect(await s.extractors.update(org.id, ext.id, { name: 'x' })).toBeNull();
      expect((await s.extractors.list(org.id, {}, { limit: 10, offset: 0 })).total).toBe(0);
    });

    it('keeps a credit balance as the sum of its entries', async () => {
      const org = makeOrg();
      await s.organizations.insert(org);
      expect(await s.credits.balance(org.id)).toEqual({ balance: 0, reserved: 0 });
      const top = await s.credits.record({
        id: uid('ctx'),
        org_id: org.id,
        type: 'top_up',
        amount: 50,
        job_id: null,
        description: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      });
      expect(top.balance_after).toBe(50);
      const charge = await s.credits.record({
        id: uid('ctx'),
        org_id: org.id,
        type: 'charge',
        amount: -3,
        job_id: 'job_1',
        description: null,
        created_at: '2026-01-01T00:00:01.000Z',
      });
      expect(charge.balance_after).toBe(47);
      expect(await s.credits.balance(org.id)).toEqual({ balance: 47, reserved: 0 });
      const page = await s.credits.transactions(org.id, { limit: 1, offset: 0 });
      expect(page.total).toBe(2);
      expect(page.items[0]).toMatchObject({ type: 'charge', amount: -3, balance_after: 47, job_id: 'job_1' });
    });

    it('counts requests in fixed windows, exactly under concurrency', async () => {
      const key = uid('rl');
      const now = new Date('2026-01-01T00:00:10.000Z');
      const decisions = await Promise.all(
        Array.from({ length: 15 }, () => s.rateLimiter.consume(key, 10, 60_000, now)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect(Math.min(...decisions.map((d) => d.remaining))).toBe(0);
      expect(decisions[0]!.resetAt.toISOString()).toBe('2026-01-01T00:01:00.000Z');
      const next = await s.rateLimiter.consume(key, 10, 60_000, new Date('2026-01-01T00:01:00.000Z'));
      expect(next).toMatchObject({ allowed: true, remaining: 9 });
      const other = await s.rateLimiter.consume(uid('rl'), 10, 60_000, now);
      expect(other.remaining).toBe(9);
    });
  });
}
