import { describe, expect, it } from 'vitest';
import { AddressPolicy } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';

const REFUSED: Array<[string, string]> = [
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.255.0.9'],
  ['10/8', '10.0.0.1'],
  ['10/8, last', '10.255.255.255'],
  ['172.16/12, first', '172.16.0.1'],
  ['172.16/12, last', '172.31.255.254'],
  ['192.168/16', '192.168.1.10'],
  ['cloud metadata', '169.254.169.254'],
  ['link-local', '169.254.1.1'],
  ['100.64/10 (carrier-grade NAT)', '100.64.0.1'],
  ['100.64/10, last', '100.127.255.254'],
  ['unspecified', '0.0.0.0'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['fc00::/7 (unique local)', 'fc00::1'],
  ['fc00::/7, fd half', 'fd12:3456:789a::1'],
  ['fe80::/10 (link-local)', 'fe80::1'],
  ['fe80::/10, last', 'febf::ffff'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
];

const PUBLIC: Array<[string, string]> = [
  ['public IPv4', '93.184.216.34'],
  ['public IPv4 next to 10/8', '11.0.0.1'],
  ['just outside 172.16/12', '172.32.0.1'],
  ['just below 172.16/12', '172.15.255.255'],
  ['just outside 100.64/10', '100.128.0.1'],
  ['just outside 192.168/16', '192.169.0.1'],
  ['public DNS', '8.8.8.8'],
  ['public IPv6', '2606:4700:4700::1111'],
  ['just outside fc00::/7', 'fe00::1'],
  ['IPv4-mapped public', '::ffff:8.8.8.8'],
];

describe('AddressPolicy, default (nothing allowed)', () => {
  const policy = new AddressPolicy();

  it.each(REFUSED)('refuses %s (%s)', (_name, address) => {
    const why = policy.check('hooks.example.com', address);
    expect(why).toMatch(/loopback, private, link-local or metadata/);
    expect(why).toContain(address);
    expect(why).toContain('WEBHOOK_ALLOWED_HOSTS');
  });

  it.each(PUBLIC)('allows %s (%s)', (_name, address) => {
    expect(policy.check('hooks.example.com', address)).toBeNull();
  });

  it('refuses what is not an IP address', () => {
    expect(policy.check('hooks.example.com', 'hooks.example.com')).toMatch(/not an IP address/);
  });
});

describe('AddressPolicy with WEBHOOK_ALLOWED_HOSTS', () => {
  const policy = new AddressPolicy(['Intranet.Example', ' 10.1.2.3 ', '192.168.0.0/16', 'fd00::/8', '']);

  it('allows an allowed host name whatever it resolves to, case-insensitively', () => {
    expect(policy.check('intranet.example', '10.9.9.9')).toBeNull();
    expect(policy.check('INTRANET.example', '127.0.0.1')).toBeNull();
    // The name is what is allowed, not the address: another name for it stays refused.
    expect(policy.check('other.example', '10.9.9.9')).not.toBeNull();
  });

  it('allows an allowed IP address, and only that one', () => {
    expect(policy.check('10.1.2.3', '10.1.2.3')).toBeNull();
    expect(policy.check('a.example', '10.1.2.3')).toBeNull();
    expect(policy.check('a.example', '10.1.2.4')).not.toBeNull();
  });

  it('allows every address of an allowed CIDR, and nothing around it', () => {
    expect(policy.check('a.example', '192.168.0.1')).toBeNull();
    expect(policy.check('a.example', '192.168.255.254')).toBeNull();
    expect(policy.check('a.example', '172.16.0.1')).not.toBeNull();
    expect(policy.check('a.example', 'fd12::1')).toBeNull();
    expect(policy.check('a.example', 'fc12::1')).not.toBeNull();
  });

  it('still allows public addresses', () => {
    expect(policy.check('a.example', '8.8.8.8')).toBeNull();
  });
});

describe('the HTTPS transport applies the policy at registration and at connection', () => {
  it('checkDestination refuses loopback and metadata literals and localhost unless allowed', async () => {
    const strict = createHttpsTransport();
    try {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest',
        'https://localhost:8443/',
        'https://10.0.0.5/',
      ]) {
        expect(await strict.checkDestination(url), url).toMatch(/loopback, private, link-local or metadata/);
      }
    } finally {
      strict.close();
    }
    const allowing = createHttpsTransport({ allowedHosts: ['localhost', '127.0.0.1', '10.0.0.0/8'] });
    try {
      for (const url of ['https://127.0.0.1/hook', 'https://localhost:8443/', 'https://10.0.0.5/'])
        expect(await allowing.checkDestination(url), url).toBeNull();
      expect(await allowing.checkDestination('https://169.254.169.254/')).not.toBeNull();
    } finally {
      allowing.close();
    }
  });

  it('send refuses a forbidden address without connecting', async () => {
    const strict = createHttpsTransport();
    try {
      const started = Date.now();
      for (const url of [
        'https://169.254.169.254/latest/meta-data',
        'https://127.0.0.1:1/',
        'https://localhost:1/',
        'https://[::1]:1/',
      ]) {
        const res = await strict.send({ url, body: '{}', headers: {}, timeoutMs: 5000 });
        expect(res, url).toMatchObject({
          statusCode: null,
          responseBody: null,
          error: expect.stringMatching(/loopback, private, link-local or metadata/),
        });
      }
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      strict.close();
    }
  });
});
