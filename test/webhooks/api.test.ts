import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type WebhookRequest, type WebhookResponse, type WebhookTransport } from '@intake/core';
import { WebhookSender } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';

type Org = { org_id: string; live_key: string; test_key: string };

/** Answers from a script per URL; the HTTP side of delivery is tested for real in delivery.test.ts. */
class ScriptedTransport implements WebhookTransport {
  constructor(private readonly answers: Record<string, WebhookResponse>) {}
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    return this.answers[request.url] ?? { statusCode: null, durationMs: 0, responseBody: null, error: 'unscripted' };
  }
  async checkDestination(): Promise<string | null> {
    return null;
  }
}

describe.each(DB_KINDS)('webhook API on %s', (kind) => {
  let api: ApiHarness;
  let org: Org;
  let other: Org;
  beforeAll(async () => {
    api = await startApi(kind);
    [org, other] = [await api.createOrg({ name: 'Mine' }), await api.createOrg({ name: 'Theirs' })];
  });
  afterAll(() => api.close());

  const create = (key: string, body: unknown) => api.call('POST', '/v1/webhooks/endpoints', { key, body });

  it('endpoint CRUD: the whsec_ secret is shown once, never listed; PATCH, rotate, DELETE', async () => {
    const created = await create(org.live_key, {
      url: 'https://127.0.0.1:9443/hooks',
      events: ['job.completed', 'job.failed'],
      description: 'ERP',
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({
      url: 'https://127.0.0.1:9443/hooks',
      events: ['job.completed', 'job.failed'],
      description: 'ERP',
      is_active: true,
      org_id: org.org_id,
    });
    const id: string = created.body.id;
    expect(id).toMatch(/^whe_/);

    const got = await api.call('GET', `/v1/webhooks/endpoints/${id}`, { key: org.live_key });
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    const list = await api.call('GET', '/v1/webhooks/endpoints', { key: org.live_key });
    expect(list.body.endpoints.map((e: { id: string }) => e.id)).toContain(id);
    for (const body of [got.body, list.body]) expect(JSON.stringify(body)).not.toMatch(/whsec_|"secret"/);
    // Defaults: every event, active.
    const minimal = await create(org.live_key, { url: 'https://localhost/in' });
    expect(minimal.body).toMatchObject({ events: ['*'], is_active: true, description: null });

    const patched = await api.call('PATCH', `/v1/webhooks/endpoints/${id}`, {
      key: org.live_key,
      body: { events: ['*'], is_active: false, description: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      url: 'https://127.0.0.1:9443/hooks',
      events: ['*'],
      is_active: false,
      description: null,
    });
    expect(patched.body).not.toHaveProperty('secret');
    expect(
      (
        await api.call('PATCH', `/v1/webhooks/endpoints/${id}`, {
          key: org.live_key,
          body: { url: 'https://localhost:9443/v2' },
        })
      ).body.url,
    ).toBe('https://localhost:9443/v2');
    expect(
      (await api.call('PATCH', `/v1/webhooks/endpoints/${id}`, { key: org.live_key, body: { secret: 'whsec_mine' } }))
        .status,
    ).toBe(400);

    const rotated = await api.call('POST', `/v1/webhooks/endpoints/${id}/rotate-secret`, { key: org.live_key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await api.intake.stores.webhooks.getEndpoint(org.org_id, id))!.secret).toBe(rotated.body.secret);

    const deleted = await api.call('DELETE', `/v1/webhooks/endpoints/${id}`, { key: org.live_key });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await api.call('GET', `/v1/webhooks/endpoints/${id}`, { key: org.live_key })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/webhooks/endpoints/${id}`, { key: org.live_key })).status).toBe(404);
  });

  it.each([
    ['plain http', 'http://127.0.0.1/hook'],
    ['credentials in the URL', 'https://user:pass@127.0.0.1/hook'],
    ['a user name alone', 'https://user@localhost/hook'],
    ['not a URL', 'hooks.example.com/in'],
    ['another scheme', 'ftp://127.0.0.1/hook'],
  ])('400 invalid_webhook_url for %s', async (_name, url) => {
    const res = await create(org.live_key, { url });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_webhook_url', status: 400 });
    const ok = await create(org.live_key, { url: 'https://127.0.0.1/ok' });
    expect(
      (await api.call('PATCH', `/v1/webhooks/endpoints/${ok.body.id}`, { key: org.live_key, body: { url } })).body.error
        .code,
    ).toBe('invalid_webhook_url');
    expect(
      (await api.call('POST', '/v1/webhooks/test', { key: org.live_key, body: { webhook_url: url } })).body.error.code,
    ).toBe('invalid_webhook_url');
  });

  it('400 invalid_webhook_url for loopback, private and metadata addresses when not allowed', async () => {
    const strict = await startApi(kind, { webhookTransport: createHttpsTransport() });
    try {
      const o = await strict.createOrg();
      for (const url of [
        'https://127.0.0.1/hook',
        'https://localhost:8443/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest',
        'https://10.1.2.3/',
        'https://192.168.0.10/',
      ]) {
        const res = await strict.call('POST', '/v1/webhooks/endpoints', { key: o.live_key, body: { url } });
        expect(res.status, url).toBe(400);
        expect(res.body.error.code).toBe('invalid_webhook_url');
        expect(res.body.error.message).toMatch(/WEBHOOK_ALLOWED_HOSTS/);
        expect(
          (await strict.call('POST', '/v1/webhooks/test', { key: o.live_key, body: { webhook_url: url } })).status,
        ).toBe(400);
      }
      expect((await strict.call('GET', '/v1/webhooks/endpoints', { key: o.live_key })).body.endpoints).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('requires scope webhooks:write: 403 insufficient_permissions otherwise', async () => {
    const mint = async (scopes: string[]) =>
      (await api.call('POST', '/v1/api-keys', { key: org.live_key, body: { name: 's', environment: 'live', scopes } }))
        .body.key as string;
    const [without, withScope] = [
      await mint(['documents:read', 'documents:write', 'extractors:write']),
      await mint(['webhooks:write']),
    ];
    const id = (await create(org.live_key, { url: 'https://127.0.0.1/scoped' })).body.id;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/v1/webhooks/endpoints', { url: 'https://127.0.0.1/x' }],
      ['GET', '/v1/webhooks/endpoints'],
      ['GET', `/v1/webhooks/endpoints/${id}`],
      ['PATCH', `/v1/webhooks/endpoints/${id}`, { description: 'x' }],
      ['POST', `/v1/webhooks/endpoints/${id}/rotate-secret`],
      ['GET', '/v1/webhooks/deliveries'],
      ['GET', '/v1/webhooks/deliveries/whd_nope'],
      ['POST', '/v1/webhooks/deliveries/whd_nope/replay'],
      ['POST', '/v1/webhooks/test', { webhook_url: 'https://127.0.0.1:1/' }],
      ['DELETE', `/v1/webhooks/endpoints/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const denied = await api.call(method, path, { key: without, body });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(denied.body.error.code).toBe('insufficient_permissions');
      expect(denied.body.error.message).toContain('webhooks:write');
    }
    expect((await api.call('GET', '/v1/webhooks/endpoints', {})).status).toBe(401);
    expect((await api.call('GET', `/v1/webhooks/endpoints/${id}`, { key: withScope })).status).toBe(200);
    expect((await api.call('DELETE', `/v1/webhooks/endpoints/${id}`, { key: withScope })).status).toBe(204);
  });

  it('the delivery log: filters, every attempt with time, status, duration, error, 1 KB of body; other orgs get 404', async () => {
    // An organization of its own: the endpoints made above would receive these events too.
    const org = await api.createOrg({ name: 'Log' });
    const a = (await create(org.live_key, { url: 'https://127.0.0.1/a', events: ['*'] })).body;
    const b = (await create(org.live_key, { url: 'https://127.0.0.1/b', events: ['job.failed'] })).body;
    const kilobyte = 'é'.repeat(512);
    const transport = new ScriptedTransport({
      [a.url]: { statusCode: 200, durationMs: 12.4, responseBody: '{"ok":true}', error: null },
      [b.url]: { statusCode: 500, durationMs: 48.6, responseBody: kilobyte, error: null },
    });
    const sender = new WebhookSender({
      store: api.intake.stores.webhooks,
      transport,
      clock: systemClock,
      ids: api.intake.ids,
      options: { timeoutMs: 5000, leaseMs: 30_000 },
    });
    const now = new Date().toISOString();
    await api.intake.stores.outbox.add({
      id: api.intake.ids('evt'),
      org_id: org.org_id,
      environment: 'live',
      event: 'job.completed',
      data: { id: 'job_c' },
      created_at: now,
    });
    await api.intake.stores.outbox.add({
      id: api.intake.ids('evt'),
      org_id: org.org_id,
      environment: 'live',
      event: 'job.failed',
      data: { id: 'job_f' },
      created_at: now,
    });
    expect(await sender.dispatch()).toBe(3);
    for (const claimed of await sender.claim('w', 10)) await sender.attempt('w', claimed);

    const list = (query: string, key = org.live_key) =>
      api.call('GET', `/v1/webhooks/deliveries${query}`, { key }).then((r) => r.body);
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.deliveries[0]).not.toHaveProperty('payload');
    expect(all.deliveries[0]).not.toHaveProperty('org_id');
    const pick = (body: { deliveries: Array<{ endpoint_id: string; event: string; status: string }> }) =>
      body.deliveries.map((d) => `${d.endpoint_id === a.id ? 'a' : 'b'}:${d.event}:${d.status}`).sort();
    expect(pick(await list(`?endpoint_id=${a.id}`))).toEqual(['a:job.completed:succeeded', 'a:job.failed:succeeded']);
    expect(pick(await list('?event=job.failed'))).toEqual(['a:job.failed:succeeded', 'b:job.failed:pending']);
    expect(pick(await list('?status=pending'))).toEqual(['b:job.failed:pending']);
    expect(pick(await list(`?endpoint_id=${b.id}&status=succeeded`))).toEqual([]);
    expect((await list('?limit=1')).deliveries).toHaveLength(1);
    expect((await api.call('GET', '/v1/webhooks/deliveries?status=lost', { key: org.live_key })).status).toBe(400);

    const failing = (await list('?status=pending')).deliveries[0];
    const detail = await api.call('GET', `/v1/webhooks/deliveries/${failing.id}`, { key: org.live_key });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: failing.id,
      endpoint_id: b.id,
      event: 'job.failed',
      status: 'pending',
      attempt_count: 1,
      chain: 1,
    });
    expect(detail.body.payload).toMatchObject({ event: 'job.failed', data: { id: 'job_f' } });
    expect(Object.keys(detail.body.payload).sort()).toEqual(['created_at', 'data', 'event', 'id']);
    expect(detail.body.attempts).toEqual([
      {
        delivery_id: failing.id,
        chain: 1,
        attempt: 1,
        started_at: expect.any(String),
        status_code: 500,
        duration_ms: 49,
        error: 'receiver answered 500',
        response_body: kilobyte,
        success: false,
      },
    ]);
    expect(Buffer.byteLength(detail.body.attempts[0].response_body)).toBe(1024);
    expect(Math.abs(Date.parse(detail.body.attempts[0].started_at) - Date.now())).toBeLessThan(60_000);
    const ok = (await list('?status=succeeded')).deliveries[0];
    expect(
      (await api.call('GET', `/v1/webhooks/deliveries/${ok.id}`, { key: org.live_key })).body.attempts,
    ).toMatchObject([{ status_code: 200, duration_ms: 12, error: null, response_body: '{"ok":true}', success: true }]);

    // Replay: a new chain, pending now.
    const replayed = await api.call('POST', `/v1/webhooks/deliveries/${ok.id}/replay`, { key: org.live_key });
    expect(replayed.status).toBe(202);
    expect(replayed.body).toMatchObject({ id: ok.id, status: 'pending', chain: 2, attempt_count: 0 });

    // Another organization sees none of it.
    for (const [method, path] of [
      ['GET', `/v1/webhooks/endpoints/${a.id}`],
      ['PATCH', `/v1/webhooks/endpoints/${a.id}`],
      ['POST', `/v1/webhooks/endpoints/${a.id}/rotate-secret`],
      ['DELETE', `/v1/webhooks/endpoints/${a.id}`],
      ['GET', `/v1/webhooks/deliveries/${failing.id}`],
      ['POST', `/v1/webhooks/deliveries/${failing.id}/replay`],
    ] as const) {
      const res = await api.call(method, path, {
        key: other.live_key,
        body: method === 'PATCH' ? { description: 'x' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await list('', other.live_key)).total).toBe(0);
    expect((await list(`?endpoint_id=${a.id}`, other.live_key)).deliveries).toEqual([]);
    expect((await api.call('GET', '/v1/webhooks/endpoints', { key: other.live_key })).body.endpoints).toEqual([]);
    expect((await api.intake.stores.webhooks.getEndpoint(org.org_id, a.id))!.description).toBeNull();
  });
});
