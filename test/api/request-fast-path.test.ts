/**
 * The cheap path of an authenticated request (a key checked within the auth cache's lifetime, a
 * rate-limit block with requests left in this process, routes split by prefix) answers exactly as
 * the full path does: same headers, same limits, same refusals, same routing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { ManualClock, startApi, type ApiHarness } from '../support/api-harness.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

const REQUEST_ID = /^req_[0-9a-f]{32}$/;

describe.each(DB_KINDS)('request fast path on %s', (kind) => {
  let api: ApiHarness;
  const clock = new ManualClock('2026-05-01T10:00:10.000Z');
  let org: Tenant;
  let extractorId: string;
  beforeAll(async () => {
    api = await startApi(kind, { clock });
    // 1000 a minute: blocks of 50, so most requests below are decided without the database.
    org = await setUpTenant(api, { plan: 'enterprise', rateLimitPerMinute: 1000 });
    extractorId = org.extractorId;
  });
  afterAll(() => api.close());

  it('every answer carries the rate-limit headers and a fresh request id; remaining counts down by one', async () => {
    const answers = [];
    for (let i = 0; i < 120; i++)
      answers.push(await api.call('GET', `/v1/extractors/${extractorId}`, { key: org.live_key }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(extractorId);
      // The cached (frozen) extractor goes out as serialized JSON, typed as JSON.
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2026-05-01T10:01:00.000Z') / 1000));
      expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
    }
    const remaining = answers.map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    // Across several blocks (120 > 50): one shared count, no gap or repeat at a block's edge.
    for (let i = 1; i < remaining.length; i++) expect(remaining[i], `answer ${i}`).toBe(remaining[i - 1]! - 1);
    expect(new Set(answers.map((r) => r.headers.get('x-request-id'))).size).toBe(answers.length);
  });

  it('errors of the fast path keep the headers and the error body', async () => {
    const res = await api.call('GET', '/v1/extractors/ext_missing', { key: org.live_key });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('keeps a well-formed incoming X-Request-Id and replaces any other', async () => {
    const kept = await api.call('GET', `/v1/extractors/${extractorId}`, {
      key: org.live_key,
      headers: { 'x-request-id': 'trace-42.a:b' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a:b');
    const replaced = await api.call('GET', `/v1/extractors/${extractorId}`, {
      key: org.live_key,
      headers: { 'x-request-id': 'has space' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(REQUEST_ID);
  });

  it('refuses at once, on the fast path too, once the window is spent', async () => {
    const small = await api.createOrg({ plan: 'enterprise', rate_limit_per_minute: 3 });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.call('GET', '/v1/extractors', { key: small.live_key });
      statuses.push(res.status);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      if (res.status === 429) {
        expect(res.body.error).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
        expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
        expect(res.headers.get('retry-after')).toBe('50');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('a key revoked elsewhere (not through this process) is refused once the 5 s auth cache has lapsed', async () => {
    const other = await api.createOrg({ plan: 'enterprise', rate_limit_per_minute: 1000 });
    expect((await api.call('GET', '/v1/extractors', { key: other.live_key })).status).toBe(200);
    const keyId = (await api.intake.apiKeys.authenticate(`Bearer ${other.live_key}`)).keyId;
    // Straight in the store, as another daemon sharing the database would.
    await api.intake.stores.apiKeys.revoke(other.org_id, 'live', keyId, clock.now().toISOString());
    expect((await api.call('GET', '/v1/extractors', { key: other.live_key })).status, 'within the documented 5 s').toBe(
      200,
    );
    clock.advance(5_001);
    const refused = await api.call('GET', '/v1/extractors', { key: other.live_key });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
  });

  it('a key revoked through this process is refused at once, whatever its spelling of the header', async () => {
    const other = await api.createOrg({ plan: 'enterprise', rate_limit_per_minute: 1000 });
    const spellings = [`Bearer ${other.live_key}`, `bearer ${other.live_key}`, `Bearer   ${other.live_key} `];
    for (const authorization of spellings) {
      expect((await api.call('GET', '/v1/extractors', { headers: { authorization } })).status, authorization).toBe(200);
    }
    const keyId = (await api.intake.apiKeys.authenticate(`Bearer ${other.live_key}`)).keyId;
    await api.intake.apiKeys.revoke(other.org_id, keyId);
    for (const authorization of spellings) {
      expect((await api.call('GET', '/v1/extractors', { headers: { authorization } })).status, authorization).toBe(401);
    }
  });

  it('a cached key is refused from the moment it expires', async () => {
    const created = await api.call('POST', '/v1/api-keys', {
      key: org.live_key,
      body: { name: 'short', environment: 'live', scopes: ['extractors:read'], expires_in_days: 1 },
    });
    expect(created.status).toBe(201);
    const expiresAt = Date.parse(created.body.expires_at);
    clock.set(new Date(expiresAt - 2_000));
    expect((await api.call('GET', '/v1/extractors', { key: created.body.key })).status).toBe(200);
    clock.set(new Date(expiresAt));
    // Still within the auth cache's 5 s, but past the key's own expiry.
    const refused = await api.call('GET', '/v1/extractors', { key: created.body.key });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
  });

  it('routes as before: any case, a trailing slash, unknown paths authenticated first', async () => {
    expect((await api.call('GET', `/V1/EXTRACTORS/${extractorId}`, { key: org.live_key })).body.id).toBe(extractorId);
    expect((await api.call('GET', `/v1/extractors/${extractorId}/`, { key: org.live_key })).body.id).toBe(extractorId);
    expect((await api.call('GET', '/v1/extractors/', { key: org.live_key })).status).toBe(200);
    expect((await api.call('GET', '/healthz/')).status).toBe(200);
    expect((await api.call('GET', '/v1/nothing-here')).status).toBe(401);
    const unknown = await api.call('GET', '/v1/nothing-here/x', { key: org.live_key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect(unknown.headers.get('x-ratelimit-limit')).toBe('1000');
    expect((await api.call('GET', '/nothing-here')).status).toBe(404);
    // A method the path does not have is not found, as with one router for all routes.
    expect((await api.call('PUT', `/v1/extractors/${extractorId}`, { key: org.live_key, body: {} })).status).toBe(404);
  });
});
