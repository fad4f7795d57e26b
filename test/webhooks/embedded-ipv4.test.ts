/**
 * Issue 32, item 3: the outbound URL policy decides on the address that would be dialled, in every
 * spelling: IPv4 literals the URL parser normalises (decimal, octal, hexadecimal, short) and the
 * IPv6 forms that carry an IPv4 address (IPv4-compatible, -mapped, -translated, NAT64, 6to4, Teredo).
 * Each row goes through the registration check with the literal fallback and with the HTTPS
 * transport, and a refused row through the transport's send (which must refuse without connecting).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AddressPolicy, checkCallbackUrl, embeddedIpv4, literalDestinations } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';

const KINDS = /a loopback, private, link-local or metadata address \(allow it with WEBHOOK_ALLOWED_HOSTS\)/;
/** The reason a refused row must give: the carried form and address where there is one. */
const via = (form: string, ipv4: string) => new RegExp(`the ${form} form of ${ipv4.replaceAll('.', '\\.')}: `);

const REFUSED: Array<[url: string, why: string, reason: RegExp]> = [
  ['https://[::127.0.0.1]/', 'IPv4-compatible loopback (the probe)', via('IPv4-compatible', '127.0.0.1')],
  ['https://[::7f00:1]/', 'IPv4-compatible loopback, hex spelling', via('IPv4-compatible', '127.0.0.1')],
  ['https://[::10.0.0.1]/', 'IPv4-compatible 10/8', via('IPv4-compatible', '10.0.0.1')],
  [
    'https://[::8.8.8.8]/',
    'IPv4-compatible is deprecated whatever it carries',
    /IPv4-compatible address \(::\/96, deprecated/,
  ],
  ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback', KINDS],
  ['https://[::ffff:7f00:1]/', 'IPv4-mapped loopback, hex spelling', KINDS],
  ['https://[::ffff:a9fe:a9fe]/', 'IPv4-mapped metadata', KINDS],
  ['https://[::ffff:100.64.0.1]/', 'IPv4-mapped carrier-grade NAT', KINDS],
  ['https://[::ffff:0:127.0.0.1]/', 'IPv4-translated (SIIT) loopback', via('IPv4-translated', '127.0.0.1')],
  ['https://[64:ff9b::127.0.0.1]/', 'NAT64 loopback', via('NAT64', '127.0.0.1')],
  ['https://[64:ff9b::7f00:1]/', 'NAT64 loopback, hex (the probe)', via('NAT64', '127.0.0.1')],
  ['https://[64:ff9b::a00:1]/', 'NAT64 10/8', via('NAT64', '10.0.0.1')],
  ['https://[64:ff9b::169.254.169.254]/', 'NAT64 metadata', via('NAT64', '169.254.169.254')],
  ['https://[64:ff9b::c0a8:101]/', 'NAT64 192.168/16', via('NAT64', '192.168.1.1')],
  ['https://[64:ff9b:1::7f00:1]/', 'local-use NAT64 prefix, refused whole', KINDS],
  ['https://[64:ff9b:1:808:8:800::]/', 'local-use NAT64 prefix even carrying 8.8.8.8', KINDS],
  ['https://[2002:7f00:1::]/', '6to4 loopback (the probe)', via('6to4', '127.0.0.1')],
  ['https://[2002:a00:1::1]/', '6to4 10/8', via('6to4', '10.0.0.1')],
  ['https://[2002:c0a8:101::]/', '6to4 192.168/16', via('6to4', '192.168.1.1')],
  ['https://[2002:ac10:1::]/', '6to4 172.16/12', via('6to4', '172.16.0.1')],
  ['https://[2002:a9fe:a9fe::]/', '6to4 metadata', via('6to4', '169.254.169.254')],
  ['https://[2002:6440:1::]/', '6to4 carrier-grade NAT', via('6to4', '100.64.0.1')],
  ['https://[2002::]/', '6to4 unspecified', via('6to4', '0.0.0.0')],
  ['https://[2002:e000:1::]/', '6to4 multicast', via('6to4', '224.0.0.1')],
  [
    'https://[2001:0:808:808::80ff:fffe]/',
    'Teredo, client loopback (bits inverted)',
    via('Teredo client', '127.0.0.1'),
  ],
  ['https://[2001:0:808:808::f5ff:fffe]/', 'Teredo, client 10/8', via('Teredo client', '10.0.0.1')],
  ['https://[2001:0:a00:1::f7f7:f7f7]/', 'Teredo, server 10/8', via('Teredo server', '10.0.0.1')],
  ['https://2130706433/', 'decimal loopback', KINDS],
  ['https://0177.0.0.1/', 'octal loopback', KINDS],
  ['https://0x7f000001/', 'hexadecimal loopback', KINDS],
  ['https://0x7f.0.0.1/', 'hexadecimal first part', KINDS],
  ['https://127.1/', 'short loopback', KINDS],
  ['https://167772161/', 'decimal 10/8', KINDS],
  ['https://0300.0250.1.1/', 'octal 192.168/16', KINDS],
  ['https://2852039166/', 'decimal metadata', KINDS],
  ['https://0/', 'zero: 0.0.0.0', KINDS],
  ['https://100.64.0.1/', 'carrier-grade NAT', KINDS],
  ['https://224.0.0.1/', 'multicast', KINDS],
  ['https://[::]/', 'IPv6 unspecified', KINDS],
  ['https://[::1]/', 'IPv6 loopback', KINDS],
  ['https://[fe80::1]/', 'IPv6 link-local', KINDS],
  ['https://[fd00::1]/', 'IPv6 unique local', KINDS],
  ['https://[fec0::1]/', 'IPv6 site-local (deprecated)', KINDS],
  ['https://[ff02::1]/', 'IPv6 multicast', KINDS],
  ['https://[100::1]/', 'IPv6 discard-only', KINDS],
  ['https://[2001:db8::1]/', 'IPv6 documentation', KINDS],
];

const ALLOWED: Array<[url: string, why: string]> = [
  ['https://8.8.8.8/', 'public IPv4'],
  ['https://134744072/', 'public IPv4 in decimal'],
  ['https://0x08080808/', 'public IPv4 in hexadecimal'],
  ['https://172.32.0.1/', 'just outside 172.16/12'],
  ['https://[2606:4700:4700::1111]/', 'public IPv6'],
  ['https://[2001:4860:4860::8888]/', 'public IPv6 in 2001::/16 but not Teredo'],
  ['https://[::ffff:8.8.8.8]/', 'IPv4-mapped public'],
  ['https://[64:ff9b::8.8.8.8]/', 'NAT64 public (what DNS64 answers for public names)'],
  ['https://[2002:808:808::1]/', '6to4 public'],
  ['https://[2001:0:808:808::f7f7:f7f7]/', 'Teredo, public server and client'],
  ['https://[1::7f00:1]/', 'ends like 127.0.0.1 but carries nothing'],
];

describe('the outbound URL policy on every spelling of an address', () => {
  const transport = createHttpsTransport();
  afterAll(() => transport.close());

  it('has at least 40 forms', () => expect(REFUSED.length + ALLOWED.length).toBeGreaterThanOrEqual(40));

  it.each(REFUSED)('refuses %s (%s)', async (url, _why, reason) => {
    for (const destinations of [literalDestinations(), transport]) {
      const why = await checkCallbackUrl(url, destinations);
      expect(why, url).toMatch(reason);
      expect(why, url).toContain('WEBHOOK_ALLOWED_HOSTS');
    }
    // Port 9 on a literal: were it dialled, the error would be a connection error, not the policy's.
    const sent = await transport.send({ url: url.replace(/\/$/, ':9/'), body: '{}', headers: {}, timeoutMs: 5000 });
    expect(sent, url).toMatchObject({ statusCode: null, responseBody: null, error: expect.stringMatching(reason) });
  });

  it.each(ALLOWED)('allows %s (%s)', async (url) => {
    expect(await checkCallbackUrl(url, literalDestinations())).toBeNull();
    expect(await checkCallbackUrl(url, transport)).toBeNull();
  });
});

describe('embeddedIpv4', () => {
  it('names the form and the carried address, and nothing for other addresses', () => {
    expect(embeddedIpv4('::127.0.0.1')).toEqual([{ form: 'IPv4-compatible', ipv4: '127.0.0.1' }]);
    expect(embeddedIpv4('0:0:0:0:0:ffff:7f00:1')).toEqual([{ form: 'IPv4-mapped', ipv4: '127.0.0.1' }]);
    expect(embeddedIpv4('2002:7F00:0001::')).toEqual([{ form: '6to4', ipv4: '127.0.0.1' }]);
    expect(embeddedIpv4('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual([
      { form: 'Teredo client', ipv4: '192.0.2.45' },
      { form: 'Teredo server', ipv4: '65.54.227.120' },
    ]);
    // A zone index (link-local addresses from the resolver) does not hide the address.
    expect(embeddedIpv4('64:ff9b::7f00:1%eth0')).toEqual([{ form: 'NAT64', ipv4: '127.0.0.1' }]);
    for (const other of ['127.0.0.1', '2606:4700:4700::1111', '64:ff9b::1:7f00:1', 'hooks.example.com', ':::1', ''])
      expect(embeddedIpv4(other), other).toEqual([]);
  });
});

describe('WEBHOOK_ALLOWED_HOSTS and the carried forms', () => {
  it('an allowed IPv4 address covers its mapped form only; other forms need their own entry', () => {
    const policy = new AddressPolicy(['127.0.0.1', '2002:7f00:1::/48']);
    expect(policy.check('127.0.0.1', '127.0.0.1')).toBeNull();
    expect(policy.check('::ffff:7f00:1', '::ffff:7f00:1')).toBeNull();
    expect(policy.check('64:ff9b::7f00:1', '64:ff9b::7f00:1')).toMatch(via('NAT64', '127.0.0.1'));
    expect(policy.check('2002:7f00:1::', '2002:7f00:1::')).toBeNull();
  });
});
