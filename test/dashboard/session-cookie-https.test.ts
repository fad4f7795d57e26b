/**
 * The session cookie when the dashboard is reached over HTTPS (PUBLIC_BASE_URL https://): named
 * `__Host-intake_session`, `Secure`, no Domain, Path=/, still HttpOnly and SameSite=Strict; the
 * plain name is then not read. The session routes alone on a loopback server (the browser tests
 * cover plain HTTP end to end).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntake } from '@intake/core';
import { createMemoryStores } from '@intake/core/testing';
import { sessionCookie } from '../../daemon/src/http/dashboard/session-cookie.js';
import { sessionRoutes } from '../../daemon/src/http/dashboard/session-routes.js';
import { signInLimits } from '../../daemon/src/http/dashboard/sign-in-limits.js';

describe('dashboard session cookie over HTTPS', () => {
  let server: http.Server;
  let url: string;
  let key: string;

  beforeAll(async () => {
    const stores = createMemoryStores();
    const intake = createIntake({ stores });
    key = (await intake.organizations.create({ name: 'Acme', plan: 'business' })).live_key;
    const koa = new Koa();
    // No error middleware here: a refusal is Koa's plain 500, not logged.
    koa.silent = true;
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
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/session`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('is __Host- prefixed and Secure, and only that name authenticates', async () => {
    const signIn = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://intake.example' },
      body: JSON.stringify({ api_key: key }),
    });
    expect(signIn.status).toBe(201);
    const cookie = signIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-intake_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    const value = cookie.split(';')[0]!.split('=')[1]!;
    const current = await fetch(url, { headers: { cookie: `__Host-intake_session=${value}` } });
    expect(current.status).toBe(200);
    expect(((await current.json()) as { org_id: string }).org_id).toMatch(/^org_/);
    const plainName = await fetch(url, { headers: { cookie: `intake_session=${value}` } });
    expect(plainName.status).not.toBe(200);
  });
});
