import { describe, expect, it } from 'vitest';
import { createIntake } from '@intake/core';
import { ManualClock } from '@intake/core/ports';
import { createMemoryStores } from '@intake/core/testing';

const MINUTE = 60_000;

async function setup() {
  const clock = new ManualClock('2026-05-01T10:00:00.000Z');
  const stores = createMemoryStores();
  const intake = createIntake({
    stores,
    clock,
    sessionIdleMs: 30 * MINUTE,
    sessionMaxMs: 12 * 60 * MINUTE,
    authCacheMs: 0,
  });
  const org = await intake.organizations.create({ name: 'Acme', plan: 'business' });
  return { clock, stores, intake, org };
}

const ended = { code: 'invalid_api_key', message: expect.stringContaining('session has ended') };

describe('dashboard sessions', () => {
  it('stand for their key: same organization, scopes and environment; the id is stored only hashed', async () => {
    const { intake, stores, org } = await setup();
    const { sessionId, view } = await intake.sessions.signIn(org.test_key);
    expect(view.auth).toMatchObject({ orgId: org.org_id, environment: 'test' });
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = [...stores.db.tables.sessions.values()];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(sessionId);
    expect(JSON.stringify(rows)).not.toContain(org.test_key);
    expect((await intake.sessions.authenticate(sessionId)).auth.keyId).toBe(view.auth.keyId);
  });

  it('refuse a wrong key as the API does', async () => {
    const { intake } = await setup();
    await expect(intake.sessions.signIn('sk_test_nope')).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('end after 30 idle minutes, and use moves the idle clock', async () => {
    const { intake, clock, org } = await setup();
    const { sessionId } = await intake.sessions.signIn(org.live_key);
    clock.advance(29 * MINUTE);
    await intake.sessions.authenticate(sessionId);
    clock.advance(29 * MINUTE);
    await intake.sessions.authenticate(sessionId);
    clock.advance(30 * MINUTE);
    await expect(intake.sessions.authenticate(sessionId)).rejects.toMatchObject(ended);
  });

  it('end 12 hours after sign-in however much they are used', async () => {
    const { intake, clock, org } = await setup();
    const { sessionId } = await intake.sessions.signIn(org.live_key);
    for (let i = 0; i < 47; i++) {
      clock.advance(15 * MINUTE);
      await intake.sessions.authenticate(sessionId);
    }
    clock.advance(15 * MINUTE);
    await expect(intake.sessions.authenticate(sessionId)).rejects.toMatchObject(ended);
  });

  it('end at once when their key is revoked, and on sign-out', async () => {
    const { intake, org } = await setup();
    const a = await intake.sessions.signIn(org.live_key);
    const b = await intake.sessions.signIn(org.test_key);
    await intake.apiKeys.revoke(org.org_id, a.view.auth.keyId);
    await expect(intake.sessions.authenticate(a.sessionId)).rejects.toMatchObject(ended);
    await intake.sessions.signOut(b.sessionId);
    await expect(intake.sessions.authenticate(b.sessionId)).rejects.toMatchObject(ended);
  });
});
