/**
 * The synchronous answers the HTTP layer takes before falling back to the full, asynchronous ones:
 * `ApiKeyService.cachedAuthentication` and `SqlRateLimiter.consumeLocally` must answer exactly as
 * `authenticate` and `consume` would, or not at all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createIntake, type RateLimitDecision, type RateLimiter } from '@intake/core';
import { ManualClock } from '@intake/core/ports';
import { createMemoryStores } from '@intake/core/testing';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';

type LocalLimiter = RateLimiter & {
  consumeLocally(key: string, limit: number, windowMs: number, nowMs: number): RateLimitDecision | undefined;
};

async function keyed(authCacheMs?: number) {
  const stores = createMemoryStores();
  const clock = new ManualClock('2026-05-01T10:00:00.000Z');
  const intake = createIntake({ stores, clock, ...(authCacheMs !== undefined ? { authCacheMs } : {}) });
  const org = await intake.organizations.create({ name: 'Fast', plan: 'starter' });
  const lookups = { count: 0 };
  const findByHash = stores.apiKeys.findByHash.bind(stores.apiKeys);
  stores.apiKeys.findByHash = (hash) => {
    lookups.count++;
    return findByHash(hash);
  };
  return { intake, stores, clock, org, lookups, header: `Bearer ${org.live_key}` };
}

describe('ApiKeyService.cachedAuthentication', () => {
  it('answers only for a header value authenticated within the cache time, as authenticate did', async () => {
    const { intake, clock, org, lookups, header } = await keyed();
    const now = () => clock.now().getTime();
    expect(intake.apiKeys.cachedAuthentication(undefined, now())).toBeUndefined();
    expect(intake.apiKeys.cachedAuthentication(header, now())).toBeUndefined();
    const auth = await intake.apiKeys.authenticate(header);
    expect(auth.orgId).toBe(org.org_id);
    expect(intake.apiKeys.cachedAuthentication(header, now())).toBe(auth);
    // Another spelling of the same key is checked (and then cached) on its own.
    expect(intake.apiKeys.cachedAuthentication(`bearer ${org.live_key}`, now())).toBeUndefined();
    clock.advance(4_999);
    expect(intake.apiKeys.cachedAuthentication(header, now())).toBe(auth);
    clock.advance(1);
    expect(intake.apiKeys.cachedAuthentication(header, now())).toBeUndefined();
    expect(lookups.count).toBe(1);
    await intake.apiKeys.authenticate(header);
    expect(lookups.count, 'checked with the store again').toBe(2);
  });

  it('forgets on revocation (every spelling) and on a change of the organization', async () => {
    const { intake, clock, org, header } = await keyed();
    const other = `bearer  ${org.live_key}`;
    const auth = await intake.apiKeys.authenticate(header);
    await intake.apiKeys.authenticate(other);
    await intake.apiKeys.authenticate(`Bearer ${org.test_key}`);
    intake.apiKeys.forgetOrganization(org.org_id);
    expect(intake.apiKeys.cachedAuthentication(header, clock.now().getTime())).toBeUndefined();
    expect(intake.apiKeys.cachedAuthentication(`Bearer ${org.test_key}`, clock.now().getTime())).toBeUndefined();
    await intake.apiKeys.authenticate(header);
    await intake.apiKeys.authenticate(other);
    await intake.apiKeys.revoke(org.org_id, auth.keyId);
    expect(intake.apiKeys.cachedAuthentication(header, clock.now().getTime())).toBeUndefined();
    expect(intake.apiKeys.cachedAuthentication(other, clock.now().getTime())).toBeUndefined();
    await expect(intake.apiKeys.authenticate(other)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('never answers for a key past its expiry, even within the cache time', async () => {
    const { intake, clock, org } = await keyed();
    const { key, record } = await intake.apiKeys.create(org.org_id, {
      name: 'short',
      environment: 'live',
      scopes: ['extractors:read'],
      expires_in_days: 1,
    });
    const expiresAt = Date.parse(record.expires_at!);
    clock.set(new Date(expiresAt - 1_000));
    await intake.apiKeys.authenticate(`Bearer ${key}`);
    expect(intake.apiKeys.cachedAuthentication(`Bearer ${key}`, expiresAt - 1)).toBeDefined();
    expect(intake.apiKeys.cachedAuthentication(`Bearer ${key}`, expiresAt)).toBeUndefined();
    clock.set(new Date(expiresAt));
    await expect(intake.apiKeys.authenticate(`Bearer ${key}`)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('does not keep stale entries (plaintext keys) once another key is checked with the store', async () => {
    const { intake, clock, org, header } = await keyed();
    const entries = () => (intake.apiKeys as unknown as { authCache: Map<string, unknown> }).authCache.size;
    await intake.apiKeys.authenticate(header);
    await intake.apiKeys.authenticate(`bearer ${org.live_key}`);
    expect(entries()).toBe(2);
    clock.advance(5_000);
    await intake.apiKeys.authenticate(`Bearer ${org.test_key}`);
    expect(entries(), 'only the key just checked').toBe(1);
  });

  it('caches nothing with authCacheMs 0, and nothing that failed', async () => {
    const off = await keyed(0);
    await off.intake.apiKeys.authenticate(off.header);
    expect(off.intake.apiKeys.cachedAuthentication(off.header, off.clock.now().getTime())).toBeUndefined();
    const on = await keyed();
    const made_up = `Bearer sk_live_${'A'.repeat(43)}`;
    await expect(on.intake.apiKeys.authenticate(made_up)).rejects.toMatchObject({ code: 'invalid_api_key' });
    expect(on.intake.apiKeys.cachedAuthentication(made_up, on.clock.now().getTime())).toBeUndefined();
  });
});

describe.each(DB_KINDS)('SqlRateLimiter.consumeLocally on %s', (kind) => {
  const opened: TestDatabase[] = [];
  const others: SqlStorage[] = [];
  afterAll(async () => {
    for (const storage of others) await storage.close();
    for (const db of opened) await db.close();
  });
  const limiterOf = async () => {
    const db = await openTestDatabase(kind);
    opened.push(db);
    return { db, limiter: db.storage.rateLimiter as LocalLimiter };
  };
  const start = Date.parse('2026-05-01T10:00:00.000Z');
  const resetAt = new Date(start + 60_000);

  it('spends the block consume took, then leaves the next block to consume', async () => {
    const { limiter } = await limiterOf();
    // 100 a minute: blocks of 5.
    expect(limiter.consumeLocally('k', 100, 60_000, start + 1)).toBeUndefined();
    expect(await limiter.consume('k', 100, 60_000, new Date(start + 1))).toEqual({
      allowed: true,
      limit: 100,
      remaining: 99,
      resetAt,
    });
    const local = Array.from({ length: 4 }, () => limiter.consumeLocally('k', 100, 60_000, start + 2));
    expect(local).toEqual([98, 97, 96, 95].map((remaining) => ({ allowed: true, limit: 100, remaining, resetAt })));
    expect(limiter.consumeLocally('k', 100, 60_000, start + 3), 'block spent, window not').toBeUndefined();
    expect((await limiter.consume('k', 100, 60_000, new Date(start + 3))).remaining).toBe(94);
    expect(limiter.consumeLocally('k', 100, 60_000, start + 4)?.remaining).toBe(93);
    expect(limiter.consumeLocally('k', 200, 60_000, start + 4), 'another limit').toBeUndefined();
    expect(limiter.consumeLocally('k', 100, 60_000, start + 60_000), 'the next window').toBeUndefined();
    expect(limiter.consumeLocally('other', 100, 60_000, start + 4), 'another key').toBeUndefined();
  });

  it('refuses without the database once the window is spent', async () => {
    const { limiter } = await limiterOf();
    for (let i = 0; i < 3; i++) expect((await limiter.consume('k', 3, 60_000, new Date(start))).allowed).toBe(true);
    expect(limiter.consumeLocally('k', 3, 60_000, start + 10)).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetAt,
    });
    expect(await limiter.consume('k', 3, 60_000, new Date(start + 10))).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetAt,
    });
  });
});

// Only PostgreSQL can be shared by two processes (PGlite is one process's database).
describe('SqlRateLimiter.consumeLocally shared by two processes on PostgreSQL', () => {
  const opened: TestDatabase[] = [];
  const others: SqlStorage[] = [];
  afterAll(async () => {
    for (const storage of others) await storage.close();
    for (const db of opened) await db.close();
  });
  const start = Date.parse('2026-05-01T10:00:00.000Z');

  it('two processes on one database never allow more than the limit together', async () => {
    const db = await openTestDatabase('postgres');
    opened.push(db);
    const a = db.storage.rateLimiter as LocalLimiter;
    const second = await createSqlStorage({ kind: 'postgres', databaseUrl: db.databaseUrl! });
    others.push(second);
    const b = second.rateLimiter as LocalLimiter;
    // 60 a minute: blocks of 3, taken in turn by two processes.
    let allowed = 0;
    for (let i = 0; i < 50; i++) {
      for (const limiter of [a, b]) {
        const decision =
          limiter.consumeLocally('shared', 60, 60_000, start) ??
          (await limiter.consume('shared', 60, 60_000, new Date(start)));
        if (decision.allowed) allowed++;
      }
    }
    expect(allowed).toBe(60);
  });
});
