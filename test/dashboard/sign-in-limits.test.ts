/**
 * Issue 32, item 4: `POST /session` answered 201 while the same organization's API calls got 429,
 * and each sign-in leaves a session row. Sign-in now counts against the organization's limit (the
 * same counter as its API calls), and failed sign-ins against the client address's. Item 5: with an
 * https PUBLIC_BASE_URL, a sign-in from the plain-http form of the daemon's own origin is refused.
 * A fixed clock keeps every request in one rate-limit window.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntake } from '@intake/core';
import { ManualClock } from '@intake/core/ports';
import { createMemoryStores } from '@intake/core/testing';
import type { DashboardBundle } from '@intake/dashboard';
import { sessionCookie } from '../../daemon/src/http/dashboard/session-cookie.js';
import { sessionRoutes } from '../../daemon/src/http/dashboard/session-routes.js';
import { signInLimits } from '../../daemon/src/http/dashboard/sign-in-limits.js';
import { requestContext } from '../../daemon/src/http/middleware/request-context.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { DB_KINDS } from '../support/databases.js';

const page = Buffer.from('<!doctype html><title>Intake</title>');
/** A one-page dashboard: these tests need its sign-in, not the built UI. */
const BUNDLE: DashboardBundle = {
  html: {
    body: page,
    gzip: page,
    contentType: 'text/html',
    etag: `"${createHash('sha1').update(page).digest('hex')}"`,
  },
  assets: new Map(),
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** POST /session over its own connection, from the given local address (any 127/8 one reaches the server). */
function signIn(
  url: string,
  apiKey: string,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = JSON.stringify({ api_key: apiKey });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/session`,
      {
        method: 'POST',
        agent: false,
        localAddress: options.from ?? '127.0.0.1',
        headers: { 'content-type': 'application/json', ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(DB_KINDS)('dashboard sign-in limits, on %s', (kind) => {
  // 5 s into a minute: every window below ends 55 s later.
  const clock = new ManualClock('2026-03-02T10:00:05.000Z');
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind, { clock, dashboard: { bundle: BUNDLE } });
  });
  afterAll(() => api?.close());
  const sessionRows = async (orgId: string) =>
    Number((await api.db.storage.knex('dashboard_sessions').where({ org_id: orgId }).count({ n: '*' }))[0]!.n);

  it("counts a sign-in against its organization's limit, shared with its API calls", async () => {
    const org = await api.createOrg({ name: 'Limited', rate_limit_per_minute: 3 });
    const other = await api.createOrg({ name: 'Other', rate_limit_per_minute: 3 });
    for (let i = 0; i < 2; i++)
      expect((await api.call('GET', '/v1/extractors', { key: org.live_key })).status).toBe(200);
    const first = await signIn(api.baseUrl, org.live_key);
    expect(first.status).toBe(201);
    expect([first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining']]).toEqual(['3', '0']);

    const over = await signIn(api.baseUrl, org.live_key);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(over.body.error.message).toMatch(/Rate limit of 3 requests per minute exceeded; retry after 55 s/);
    expect(over.headers['retry-after']).toBe('55');
    expect(over.headers['set-cookie']).toBeUndefined();
    // The refused sign-in left no session behind, and the API calls are refused alike.
    expect(await sessionRows(org.org_id)).toBe(1);
    expect((await api.call('GET', '/v1/extractors', { key: org.live_key })).status).toBe(429);
    // Another organization's limit is its own.
    expect((await signIn(api.baseUrl, other.live_key)).status).toBe(201);

    clock.advance(60_000);
    expect((await signIn(api.baseUrl, org.live_key)).status).toBe(201);
    expect(await sessionRows(org.org_id)).toBe(2);
  });

  it('limits failed sign-ins per client address, before the key is looked at', async () => {
    clock.advance(60_000);
    const org = await api.createOrg({ name: 'Targeted', plan: 'business' });
    for (let i = 0; i < 10; i++) {
      const failed = await signIn(api.baseUrl, `sk_live_guess${i}`);
      expect([failed.status, failed.body.error.code], `guess ${i}`).toEqual([401, 'invalid_api_key']);
    }
    const eleventh = await signIn(api.baseUrl, 'sk_live_guess10');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(eleventh.body.error.message).toMatch(/Too many failed sign-ins from this address \(10 per minute\)/);
    expect(eleventh.headers['retry-after']).toBe('55');
    // Now even the right key is refused from that address: a guess past the limit learns nothing.
    const right = await signIn(api.baseUrl, org.live_key);
    expect([right.status, right.headers['retry-after']]).toEqual([429, '55']);
    expect(await sessionRows(org.org_id)).toBe(0);
    // Another address is not affected, and its failures are its own.
    expect((await signIn(api.baseUrl, org.live_key, { from: '127.0.0.2' })).status).toBe(201);
    expect((await signIn(api.baseUrl, 'sk_live_typo', { from: '127.0.0.2' })).status).toBe(401);
    // Successful sign-ins do not count as failures, and the block ends with the window.
    clock.advance(55_000);
    expect((await signIn(api.baseUrl, org.live_key)).status).toBe(201);
  });
});

describe('sign-in origin when PUBLIC_BASE_URL is https', () => {
  let server: http.Server;
  let url: string;
  let key: string;
  beforeAll(async () => {
    const stores = createMemoryStores();
    const intake = createIntake({ stores });
    key = (await intake.organizations.create({ name: 'Acme', plan: 'business' })).live_key;
    const koa = new Koa();
    koa.use(requestContext(pino({ level: 'silent' })));
    koa.use(
      sessionRoutes({
        sessions: intake.sessions,
        cookie: sessionCookie(true),
        publicBaseUrl: 'https://intake.example',
        limits: signInLimits({ rateLimiter: stores.rateLimiter, clock: intake.clock }),
      }),
    );
    const handle = koa.callback();
    server = http.createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('refuses the http form of its own origin (403 as other origins), accepts the https one', async () => {
    // As behind a TLS-terminating proxy: the request reaches the daemon over plain http with the public Host.
    for (const origin of ['http://intake.example', 'https://elsewhere.example', 'null']) {
      const refused = await signIn(url, key, { headers: { host: 'intake.example', origin } });
      expect([refused.status, refused.body.error.code], origin).toEqual([403, 'insufficient_permissions']);
      expect(refused.body.error.message).toMatch(/another origin/);
    }
    const http127 = await signIn(url, key, { headers: { origin: url } });
    expect(http127.status, url).toBe(403);
    const own = await signIn(url, key, { headers: { host: 'intake.example', origin: 'https://intake.example' } });
    expect(own.status).toBe(201);
  });
});
