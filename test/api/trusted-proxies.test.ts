/**
 * TRUSTED_PROXIES: X-Forwarded-For and X-Forwarded-Proto believed only from the listed addresses,
 * on a real loopback socket (the peer is 127.0.0.1, so `loopback` trusts it and 10.0.0.0/8 does not).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '@intake/daemon';
import { requestProtocol, trustedProxies } from '../../daemon/src/http/middleware/trusted-proxies.js';

/** An app that answers with the client address and protocol it believes. */
async function echo(trusted: string[]): Promise<{ url: string; server: Server }> {
  const koa = new Koa({ proxy: false });
  koa.use(trustedProxies(trusted));
  koa.use((ctx) => {
    ctx.body = { ip: ctx.ip, protocol: requestProtocol(ctx) };
  });
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const ask = async (url: string, headers: Record<string, string> = {}) =>
  (await (await fetch(url, { headers })).json()) as { ip: string; protocol: string };

describe('trusted proxies', () => {
  let behindLoopbackProxy: Awaited<ReturnType<typeof echo>>;
  let trustingOthers: Awaited<ReturnType<typeof echo>>;

  beforeAll(async () => {
    [behindLoopbackProxy, trustingOthers] = await Promise.all([echo(['loopback']), echo(['10.0.0.0/8'])]);
  });
  afterAll(() => {
    behindLoopbackProxy?.server.close();
    trustingOthers?.server.close();
  });

  it('takes the client address and protocol from a trusted proxy', async () => {
    expect(
      await ask(behindLoopbackProxy.url, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }),
    ).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    // Without the headers the peer itself is the client.
    expect(await ask(behindLoopbackProxy.url)).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('stops at the nearest untrusted address: a client cannot claim another by sending the header itself', async () => {
    // The client sent "X-Forwarded-For: 10.1.1.1" and the proxy appended the real peer, 203.0.113.9.
    expect((await ask(behindLoopbackProxy.url, { 'x-forwarded-for': '10.1.1.1, 203.0.113.9' })).ip).toBe('203.0.113.9');
    // A chain of trusted proxies is walked through to the first address that is not one.
    expect((await ask(behindLoopbackProxy.url, { 'x-forwarded-for': '198.51.100.4, 127.0.0.1' })).ip).toBe(
      '198.51.100.4',
    );
  });

  it('ignores the headers from a peer that is not listed', async () => {
    expect(await ask(trustingOthers.url, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
    });
  });

  it('ignores a forwarded protocol that is neither http nor https', async () => {
    expect((await ask(behindLoopbackProxy.url, { 'x-forwarded-proto': 'gopher' })).protocol).toBe('http');
  });

  it('reads TRUSTED_PROXIES as a list, empty by default, and refuses an entry that is not an address or range', () => {
    expect(ConfigSchema.parse({}).TRUSTED_PROXIES).toEqual([]);
    expect(ConfigSchema.parse({ TRUSTED_PROXIES: ' loopback, 10.0.0.0/8 ,::1' }).TRUSTED_PROXIES).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    const bad = ConfigSchema.safeParse({ TRUSTED_PROXIES: 'loopback,proxy.internal' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('TRUSTED_PROXIES');
  });
});
