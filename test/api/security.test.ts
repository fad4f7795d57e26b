import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { ManualClock, startApi, type ApiHarness } from '../support/api-harness.js';
import { routeTable } from '../support/route-table.js';
import { makeInvoicePdf, TINY_PNG } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

const authenticated = routeTable().filter((r) => r.scope);

describe.each(DB_KINDS)('security on %s', (kind) => {
  let api: ApiHarness;
  let a: Tenant;
  let b: { org_id: string; live_key: string; test_key: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    api = await startApi(kind);
    a = await setUpTenant(api, { name: 'A' });
    b = await api.createOrg({ name: 'B' });
    ids.extractor_id = a.extractorId;
    ids.key_id = (
      await api.call('POST', '/v1/api-keys', {
        key: a.live_key,
        body: { name: 'a2', environment: 'live', scopes: ['extractors:read'] },
      })
    ).body.id;
    // A job, a webhook endpoint and a delivery of A, so every route with an id has something real to find.
    const pdf = Buffer.from(await makeInvoicePdf()).toString('base64');
    ids.job_id = (await a.submit(pdf, { key: a.test_key })).body.id;
    ids.endpoint_id = (
      await api.call('POST', '/v1/webhooks/endpoints', { key: a.live_key, body: { url: 'https://127.0.0.1:9/hook' } })
    ).body.id;
    ids.prefix = (
      await api.call('POST', '/api/email-ingestion/config', {
        key: a.live_key,
        body: { emailPrefix: 'ap-security', defaultDocumentType: 'vendor_bill' },
      })
    ).body.emailPrefix;
    expect(ids.prefix).toBe('ap-security');
    // A message and a review item of A: an unreadable image cannot be classified, so it waits for review.
    const tested = await api.call('POST', '/api/email-ingestion/test', {
      key: a.live_key,
      body: { emailPrefix: 'ap-security', testDocument: TINY_PNG.toString('base64') },
    });
    expect(tested.body.reviewId).toMatch(/^rev_/);
    ids.message_id = tested.body.messageId;
    ids.review_id = tested.body.reviewId;
    await api.runJobs();
    let n = 0;
    await api.intake.stores.webhooks.dispatchOutbox(new Date(), 100, () => `whd_security${n++}`);
    // The delivery of A's test job: a key sees the deliveries of its own mode.
    ids.delivery_id = (await api.call('GET', '/v1/webhooks/deliveries', { key: a.test_key })).body.deliveries[0].id;
    // An ERP connection of A and a sync in its log.
    ids.connection_id = (
      await api.call('POST', '/v1/erp-connections', {
        key: a.live_key,
        body: { name: 'Books', url: 'https://127.0.0.1:9/erp' },
      })
    ).body.id;
    const at = new Date().toISOString();
    const record = { id: ids.job_id, object: 'vendor_bill' } as never;
    await api.intake.stores.erp.enqueue({
      id: 'erps_security',
      org_id: a.org_id,
      environment: 'live',
      connection_id: ids.connection_id!,
      job_id: ids.job_id!,
      prefix: null,
      status: 'pending',
      record,
      attempts: 0,
      next_attempt_at: '2999-01-01T00:00:00.000Z',
      last_attempt_at: null,
      last_error: null,
      response_status: null,
      external_id: null,
      created_at: at,
      finished_at: null,
    });
    ids.sync_id = 'erps_security';
    for (const name of ['job_id', 'endpoint_id', 'delivery_id', 'connection_id'])
      expect(ids[name], name).toMatch(/^(job|whe|whd|erp)_/);
  });
  afterAll(() => api.close());

  const pathOf = (route: { path: string }) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? 'x');

  it('covers every authenticated route of the app', () => {
    expect(authenticated.length).toBeGreaterThanOrEqual(9);
  });

  it.each(authenticated.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: 401 missing_authorization without a key',
    async (_l, route) => {
      const res = await api.call(route.method.toUpperCase(), pathOf(route), { body: route.body ? {} : undefined });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'missing_authorization', status: 401 });
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    },
  );

  it.each(authenticated.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: 401 invalid_api_key with a made-up key',
    async (_l, route) => {
      for (const key of ['sk_live_' + 'A'.repeat(43), 'not-a-key']) {
        const res = await api.call(route.method.toUpperCase(), pathOf(route), {
          key,
          body: route.body ? {} : undefined,
        });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('invalid_api_key');
      }
    },
  );

  it.each(
    authenticated.filter((r) => r.path.includes('{')).map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const),
  )("%s: another organization's resource is 404 not_found, never 403", async (_l, route) => {
    // A body valid for the route, so only ownership can make it fail.
    const patchBody = route.path.includes('webhooks')
      ? { description: 'stolen' }
      : route.path.includes('email-ingestion')
        ? { isActive: false }
        : route.path.endsWith('/fields')
          ? { confirm: true }
          : { name: 'stolen' };
    const body =
      route.method === 'patch'
        ? patchBody
        : route.path.endsWith('/resolve')
          ? { reject: true }
          : route.body
            ? {}
            : undefined;
    const res = await api.call(route.method.toUpperCase(), pathOf(route), { key: b.live_key, body });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it("another organization's lists do not show A's resources, and A's resources survived the walk", async () => {
    const extractors = await api.call('GET', '/v1/extractors', { key: b.live_key });
    expect(extractors.body.total).toBe(0);
    const keys = await api.call('GET', '/v1/api-keys', { key: b.live_key });
    expect(keys.body.api_keys.every((k: { org_id: string }) => k.org_id === b.org_id)).toBe(true);
    const mine = await api.call('GET', `/v1/extractors/${ids.extractor_id}`, { key: a.live_key });
    expect(mine.status).toBe(200);
    expect(mine.body.name).toBe('Invoices');
    expect(
      (await api.call('GET', `/v1/webhooks/endpoints/${ids.endpoint_id}`, { key: a.live_key })).body.description,
    ).toBeNull();
    expect((await api.call('GET', `/v1/documents/${ids.job_id}`, { key: a.test_key })).status).toBe(200); // a test job: its mode's key reads it
    expect((await api.call('GET', '/v1/webhooks/endpoints', { key: b.live_key })).body.endpoints).toEqual([]);
    expect((await api.call('GET', '/v1/documents', { key: b.live_key })).body.total).toBe(0);
    expect((await api.call('GET', '/api/email-ingestion/config', { key: b.live_key })).body).toEqual({
      configs: [],
      total: 0,
    });
    expect(
      (await api.call('GET', `/api/email-ingestion/config/${ids.prefix}`, { key: a.live_key })).body.isActive,
    ).toBe(true);
    expect(
      (await api.call('GET', '/api/email-ingestion/review', { key: a.live_key })).body.items.map(
        (i: { id: string; status: string }) => [i.id, i.status],
      ),
    ).toEqual([[ids.review_id, 'pending']]);
    expect((await api.call('GET', '/api/email-ingestion/review', { key: b.live_key })).body).toEqual({
      items: [],
      total: 0,
    });
    expect((await api.call('GET', `/v1/erp-connections/${ids.connection_id}`, { key: a.live_key })).body.name).toBe(
      'Books',
    );
    expect((await api.call('GET', `/v1/erp-syncs/${ids.sync_id}`, { key: a.live_key })).status).toBe(200);
    expect((await api.call('GET', '/v1/erp-connections', { key: b.live_key })).body).toEqual({ connections: [] });
    const listed = await api.call('GET', '/v1/api-keys?limit=100', { key: a.live_key });
    expect(listed.body.api_keys.find((k: { id: string }) => k.id === ids.key_id).revoked_at).toBeNull();
  });
});

describe('rate limits per organization and plan', () => {
  let api: ApiHarness;
  const clock = new ManualClock('2026-05-01T10:00:30.000Z');
  beforeAll(async () => {
    api = await startApi('pglite', { clock });
  });
  afterAll(() => api.close());

  it('gives a free organization 10 requests a minute, then 429 with Retry-After, then a fresh window', async () => {
    const org = await api.createOrg({ plan: 'free' });
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(await api.call('GET', '/v1/extractors', { key: i % 2 ? org.live_key : org.test_key }));
    expect(answers.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(answers.slice(0, 10).map((r) => Number(r.headers.get('x-ratelimit-remaining')))).toEqual([
      9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    ]);
    const refused = answers[10]!;
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('10');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2026-05-01T10:01:00.000Z') / 1000));
    clock.advance(30_000);
    const fresh = await api.call('GET', '/v1/extractors', { key: org.live_key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('counts each organization separately and follows the plan', async () => {
    const starter = await api.createOrg({ plan: 'starter' });
    const pro = await api.createOrg({ plan: 'professional' });
    const custom = await api.createOrg({ plan: 'enterprise', rate_limit_per_minute: 7 });
    expect((await api.call('GET', '/v1/extractors', { key: starter.live_key })).headers.get('x-ratelimit-limit')).toBe(
      '60',
    );
    expect((await api.call('GET', '/v1/extractors', { key: pro.live_key })).headers.get('x-ratelimit-limit')).toBe(
      '100',
    );
    expect((await api.call('GET', '/v1/extractors', { key: custom.live_key })).headers.get('x-ratelimit-limit')).toBe(
      '7',
    );
  });
});

describe('internal errors', () => {
  it('answer 500 internal_error without internals when the database is gone', async () => {
    const api = await startApi('pglite');
    const { live_key } = await api.createOrg();
    await api.db.storage.close();
    const res = await api.call('GET', '/v1/extractors', { key: live_key });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.body.error.request_id).toMatch(/^req_/);
    expect(JSON.stringify(res.body)).not.toMatch(/knex|pglite|select|stack|at \//i);
    const ready = await api.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error.code).toBe('service_unavailable');
    await api.close();
  });
});
