import { describe, expect, it } from 'vitest';
import type { StoredApiKey } from '../keys/api-key.js';
import type { SessionRecord } from '../sessions/session.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const unique = (prefix: string) => `${prefix}_sc${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

const makeSession = (orgId: string, keyId: string, overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  id_hash: unique('hash'),
  org_id: orgId,
  key_id: keyId,
  environment: 'test',
  csrf_token: unique('csrf'),
  created_at: '2026-05-01T10:00:00.000Z',
  last_seen_at: '2026-05-01T10:00:00.000Z',
  expires_at: '2026-05-01T22:00:00.000Z',
  ...overrides,
});

/** The contract every SessionStore passes (memory and SQL). */
export function describeSessionStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`SessionStore contract: ${name}`, () => {
    let stores!: ContractStores;
    const harness = useStoreHarness(open, (s) => (stores = s));

    /** An organization with one key (sessions belong to a key). */
    async function orgWithKey(): Promise<{ orgId: string; keyId: string }> {
      const orgId = await harness.freshOrg();
      const key: StoredApiKey = {
        id: unique('key'),
        org_id: orgId,
        name: 'dashboard',
        description: null,
        environment: 'test',
        scopes: ['documents:read'],
        key_prefix: 'sk_test_abcd',
        created_at: '2026-05-01T00:00:00.000Z',
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
        key_hash: unique('keyhash'),
      };
      await stores.apiKeys.insert(key);
      return { orgId, keyId: key.id };
    }

    it('finds a session by the hash of its id, with every member as inserted', async () => {
      const { orgId, keyId } = await orgWithKey();
      const session = makeSession(orgId, keyId);
      await stores.sessions.insert(session);
      expect(await stores.sessions.findByHash(session.id_hash)).toEqual(session);
      expect(await stores.sessions.findByHash(unique('other'))).toBeNull();
    });

    it('touch moves last_seen_at only, of that session only', async () => {
      const { orgId, keyId } = await orgWithKey();
      const a = makeSession(orgId, keyId);
      const b = makeSession(orgId, keyId);
      await stores.sessions.insert(a);
      await stores.sessions.insert(b);
      await stores.sessions.touch(a.id_hash, '2026-05-01T10:05:00.000Z');
      await stores.sessions.touch(unique('unknown'), '2026-05-01T10:05:00.000Z');
      expect(await stores.sessions.findByHash(a.id_hash)).toEqual({ ...a, last_seen_at: '2026-05-01T10:05:00.000Z' });
      expect(await stores.sessions.findByHash(b.id_hash)).toEqual(b);
    });

    it('delete ends one session and says whether there was one', async () => {
      const { orgId, keyId } = await orgWithKey();
      const a = makeSession(orgId, keyId);
      const b = makeSession(orgId, keyId);
      await stores.sessions.insert(a);
      await stores.sessions.insert(b);
      expect(await stores.sessions.delete(a.id_hash)).toBe(true);
      expect(await stores.sessions.delete(a.id_hash)).toBe(false);
      expect(await stores.sessions.findByHash(a.id_hash)).toBeNull();
      expect(await stores.sessions.findByHash(b.id_hash)).toEqual(b);
    });

    it('deleteExpired removes sessions past their end or idle since the cutoff, and keeps the rest', async () => {
      const { orgId, keyId } = await orgWithKey();
      const ended = makeSession(orgId, keyId, {
        expires_at: '2026-05-01T11:00:00.000Z',
        last_seen_at: '2026-05-01T10:59:00.000Z',
      });
      const idle = makeSession(orgId, keyId, { last_seen_at: '2026-05-01T10:20:00.000Z' });
      const alive = makeSession(orgId, keyId, { last_seen_at: '2026-05-01T10:45:00.000Z' });
      for (const s of [ended, idle, alive]) await stores.sessions.insert(s);
      const removed = await stores.sessions.deleteExpired('2026-05-01T11:00:00.000Z', '2026-05-01T10:30:00.000Z');
      expect(removed).toBeGreaterThanOrEqual(2);
      expect(await stores.sessions.findByHash(ended.id_hash)).toBeNull();
      expect(await stores.sessions.findByHash(idle.id_hash)).toBeNull();
      expect(await stores.sessions.findByHash(alive.id_hash)).toEqual(alive);
    });
  });
}
