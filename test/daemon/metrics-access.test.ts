/** Who may read GET /metrics: the decision alone, for every address form (the HTTP test covers the wiring). */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopback, loadConfig, mayReadMetrics } from '@intake/daemon';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('isLoopback', () => {
  it('knows IPv4 and IPv6 loopback in every written form, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
      expect(isLoopback(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      'fd00::1',
      '::',
      '0.0.0.0',
      '128.0.0.1',
      'localhost',
      '127.0.0.1.example',
    ])
      expect(isLoopback(address), String(address)).toBe(false);
  });
});

describe('mayReadMetrics', () => {
  const ask = (remoteAddress: string | undefined, headers: Record<string, string> = {}, token?: string) =>
    mayReadMetrics({ remoteAddress, headers }, token);

  it('lets loopback clients in without a token, whether one is set or not', () => {
    expect(ask('127.0.0.1')).toBe(true);
    expect(ask('::1', {}, TOKEN)).toBe(true);
  });

  it('refuses other clients without the setting, whatever they send', () => {
    expect(ask('192.0.2.2')).toBe(false);
    expect(ask('192.0.2.2', { authorization: 'Bearer anything-at-all-here' })).toBe(false);
  });

  it('lets other clients in with the bearer token only (exact, any case of "Bearer")', () => {
    expect(ask('192.0.2.2', {}, TOKEN)).toBe(false);
    expect(ask('192.0.2.2', { authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(ask('192.0.2.2', { authorization: `bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(ask('192.0.2.2', { authorization: `Bearer ${TOKEN}x` }, TOKEN)).toBe(false);
    expect(ask('192.0.2.2', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, TOKEN)).toBe(false);
    expect(ask('192.0.2.2', { authorization: `Basic ${TOKEN}` }, TOKEN)).toBe(false);
    expect(ask('192.0.2.2', { authorization: TOKEN }, TOKEN)).toBe(false);
    expect(ask('192.0.2.2', { authorization: 'Bearer ' }, TOKEN)).toBe(false);
  });

  it('treats a proxied request as remote although its socket is loopback; X-Forwarded-For never lets anyone in', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(ask('127.0.0.1', { [header]: '127.0.0.1' }, TOKEN), header).toBe(false);
      expect(ask('127.0.0.1', { [header]: '203.0.113.9', authorization: `Bearer ${TOKEN}` }, TOKEN), header).toBe(true);
    }
    expect(ask('192.0.2.2', { 'x-forwarded-for': '127.0.0.1' })).toBe(false);
  });
});

describe('the metrics settings', () => {
  it('default to no token and no organization labels; a short token or another word stops the start', () => {
    const config = loadConfig({}, os.tmpdir());
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_ORG_LABELS).toBe('off');
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }, os.tmpdir()).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' }, os.tmpdir())).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' }, os.tmpdir())).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_ORG_LABELS: 'yes' }, os.tmpdir())).toThrow(/METRICS_ORG_LABELS/);
  });
});
