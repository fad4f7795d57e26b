import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { ManualClock, startApi, type ApiHarness } from '../support/api-harness.js';

describe.each(DB_KINDS)('API keys on %s', (kind) => {
  let api: ApiHarness;
  let org: { org_id: string; live_key: string; test_key: string };
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  beforeAll(async () => {
    api = await startApi(kind, { clock });
    org = await api.createOrg();
  });
  afterAll(() => api.close());

  it('creates a key: 201, the record plus the key once, 32+ random bytes', async () => {
    const res = await api.call('POST', '/v1/api-keys', {
      key: org.live_key,
      body: {
        name: 'ci',
        description: 'for CI',
        environment: 'live',
        scopes: ['documents:read', 'extractors:read'],
        expires_in_days: 30,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^sk_live_[A-Za-z0-9_-]{43,}$/);
    expect(res.body).toMatchObject({
      name: 'ci',
      description: 'for CI',
      environment: 'live',
      scopes: ['documents:read', 'extractors:read'],
      key_prefix: res.body.key.slice(0, 12),
      created_at: '2026-03-01T00:00:00.000Z',
      expires_at: '2026-03-31T00:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    });
    expect(res.body.id).toMatch(/^key_/);
    const list = await api.call('GET', '/v1/api-keys', { key: org.live_key });
    expect(list.status).toBe(200);
    const listed = list.body.api_keys.find((k: { id: string }) => k.id === res.body.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
    expect(JSON.stringify(list.body)).not.toContain('key_hash');
  });

  it('a new key authenticates with exactly its scopes', async () => {
    const created = await api.call('POST', '/v1/api-keys', {
      key: org.live_key,
      body: { name: 'ro', environment: 'live', scopes: ['extractors:read'] },
    });
    const reader = created.body.key;
    expect((await api.call('GET', '/v1/extractors', { key: reader })).status).toBe(200);
    const denied = await api.call('POST', '/v1/extractors', { key: reader, body: {} });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ code: 'insufficient_permissions', status: 403 });
    expect(denied.body.error.message).toContain('extractors:write');
    const keysDenied = await api.call('GET', '/v1/api-keys', { key: reader });
    expect(keysDenied.status).toBe(403);
    expect(keysDenied.body.error.message).toContain('api_keys:write');
  });

  it('refuses escalation: no scope the creator lacks, no other environment', async () => {
    const limited = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'l', environment: 'live', scopes: ['api_keys:write', 'documents:read'] },
      })
    ).body.key;
    const wider = await api.call('POST', '/v1/api-keys', {
      key: limited,
      body: { name: 'w', environment: 'live', scopes: ['documents:read', 'documents:write'] },
    });
    expect(wider.status).toBe(403);
    expect(wider.body.error.message).toContain('documents:write');
    const otherEnv = await api.call('POST', '/v1/api-keys', {
      key: limited,
      body: { name: 'w', environment: 'test', scopes: ['documents:read'] },
    });
    expect(otherEnv.status).toBe(403);
    const same = await api.call('POST', '/v1/api-keys', {
      key: limited,
      body: { name: 'w', environment: 'live', scopes: ['documents:read'] },
    });
    expect(same.status).toBe(201);
  });

  it('revokes: 200 with revoked_at, then 401 invalid_api_key; revoking again keeps the first time', async () => {
    const victim = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'v', environment: 'live', scopes: ['extractors:read'] },
      })
    ).body;
    expect((await api.call('GET', '/v1/extractors', { key: victim.key })).status).toBe(200);
    const revoked = await api.call('POST', `/v1/api-keys/${victim.id}/revoke`, { key: org.live_key });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: victim.id, revoked_at: '2026-03-01T00:00:00.000Z' });
    const after = await api.call('GET', '/v1/extractors', { key: victim.key });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({ code: 'invalid_api_key', status: 401 });
    clock.advance(1000);
    const again = await api.call('POST', `/v1/api-keys/${victim.id}/revoke`, { key: org.live_key });
    expect(again.body.revoked_at).toBe('2026-03-01T00:00:00.000Z');
    expect((await api.call('POST', '/v1/api-keys/key_unknown/revoke', { key: org.live_key })).status).toBe(404);
  });

  it('expires keys after expires_in_days', async () => {
    const shortLived = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 's', environment: 'live', scopes: ['extractors:read'], expires_in_days: 1 },
      })
    ).body.key;
    expect((await api.call('GET', '/v1/extractors', { key: shortLived })).status).toBe(200);
    clock.advance(86_400_000);
    const expired = await api.call('GET', '/v1/extractors', { key: shortLived });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('invalid_api_key');
  });

  it('records last_used_at', async () => {
    const k = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'u', environment: 'live', scopes: ['extractors:read'] },
      })
    ).body;
    await api.call('GET', '/v1/extractors', { key: k.key });
    const list = await api.call('GET', '/v1/api-keys?limit=100', { key: org.live_key });
    expect(list.body.api_keys.find((x: { id: string }) => x.id === k.id).last_used_at).toBe(clock.now().toISOString());
  });

  it.each([
    [{ environment: 'live', scopes: ['extractors:read'] }, 'name'],
    [{ name: 'x', environment: 'prod', scopes: ['extractors:read'] }, 'environment'],
    [{ name: 'x', environment: 'live', scopes: ['extractors:fly'] }, 'scopes.0'],
    [{ name: 'x', environment: 'live', scopes: [] }, 'scopes'],
    [{ name: 'x', environment: 'live', scopes: ['extractors:read'], expires_in_days: 0 }, 'expires_in_days'],
  ])('refuses a bad creation body %j', async (body, path) => {
    const res = await api.call('POST', '/v1/api-keys', { key: org.live_key, body });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });
});
