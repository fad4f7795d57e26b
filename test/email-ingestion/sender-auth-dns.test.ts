/**
 * The daemon's authenticator (mailauth over DNS_SERVERS) on its own, against a real dnsmasq on
 * loopback: an IMAP-style message whose SPF client address comes from its topmost Received header
 * (and `none` without one), and a DNS server that never answers, which must end in `temperror`
 * verdicts within the lookup timeouts instead of hanging the check.
 */
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, createMailauthAuthenticator } from '@intake/daemon';
import { ensureDnsmasq, startDnsmasq, type DnsServer } from './dns-dnsmasq.js';

const available = ensureDnsmasq();
if (!available)
  process.stderr.write(
    'sender authentication DNS tests skipped: dnsmasq is missing and apt-get could not install it\n',
  );

/** A message as an IMAP mailbox holds it: the mailbox server's Received header on top. */
const imapMessage = (received: string | null) =>
  new TextEncoder().encode(
    [
      ...(received ? [`Received: ${received}`] : []),
      'Received: from laptop (unknown [10.0.0.7]) by mail.pass.test with ESMTPSA; Sat, 28 Nov 2026 09:59:00 +0000',
      'Return-Path: <billing@pass.test>',
      'From: Billing <billing@pass.test>',
      'To: ap@example.test',
      'Subject: Invoice',
      'Date: Sat, 28 Nov 2026 10:00:00 +0000',
      'Message-ID: <1@pass.test>',
      '',
      'Invoice attached.',
      '',
    ].join('\r\n'),
  );

describe.skipIf(!available)('the mailauth authenticator over a real DNS server', () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsmasq({ 'pass.test': 'v=spf1 ip4:192.0.2.25 -all', '_dmarc.pass.test': 'v=DMARC1; p=reject' });
  });
  afterAll(async () => dns?.stop());

  const authenticator = () =>
    createMailauthAuthenticator({
      resolve: createDnsResolver({ servers: [dns.address], timeoutMs: 2000 }),
      timeoutMs: 20_000,
    });

  it("IMAP: SPF checks the topmost Received header's client address, and is none without one", async () => {
    const context = { ip: null, helo: null, mailFrom: null, fromReceivedHeader: true };
    const top =
      'from mail.pass.test (mail.pass.test [192.0.2.25]) by imap.example.test with ESMTPS id 1; Sat, 28 Nov 2026 10:00:01 +0000';
    const allowed = await authenticator().authenticate(imapMessage(top), context);
    expect(allowed).toMatchObject({
      spf: { result: 'pass', domain: 'pass.test', aligned: true },
      dmarc: { result: 'pass', policy: 'reject' },
      client_address_source: 'received',
      authenticated: true,
    });
    const other = top.replace('192.0.2.25', '198.51.100.9');
    expect(await authenticator().authenticate(imapMessage(other), context)).toMatchObject({
      spf: { result: 'fail' },
      dmarc: { result: 'fail', policy: 'reject' },
      authenticated: false,
    });
    // Only the lower header names an address: the topmost one without an address leaves SPF at none.
    const noAddress = 'from mail.pass.test by imap.example.test with ESMTPS id 2; Sat, 28 Nov 2026 10:00:01 +0000';
    expect(await authenticator().authenticate(imapMessage(noAddress), context)).toMatchObject({
      spf: { result: 'none', domain: null },
      client_address_source: 'none',
      authenticated: false,
    });
  });

  it('a DNS server that never answers gives temperror verdicts once the lookups time out', async () => {
    // A UDP socket that reads every query and answers none.
    const silent = dgram.createSocket('udp4');
    silent.on('message', () => {});
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address();
      const check = createMailauthAuthenticator({
        resolve: createDnsResolver({ servers: [`127.0.0.1:${port}`], timeoutMs: 100 }),
        timeoutMs: 20_000,
      });
      const verdicts = await check.authenticate(imapMessage(null), {
        ip: '192.0.2.25',
        helo: 'mail.pass.test',
        mailFrom: 'billing@pass.test',
      });
      expect(verdicts.spf.result).toBe('temperror');
      expect(verdicts.dmarc.result).toBe('temperror');
      expect(verdicts.authenticated).toBe(false);
      // The whole check's budget, shorter than the lookups: every verdict temperror when it is spent.
      const budgeted = createMailauthAuthenticator({
        resolve: createDnsResolver({ servers: [`127.0.0.1:${port}`], timeoutMs: 5000 }),
        timeoutMs: 200,
      });
      expect(
        await budgeted.authenticate(imapMessage(null), { ip: '192.0.2.25', helo: null, mailFrom: 'billing@pass.test' }),
      ).toMatchObject({ spf: { result: 'temperror' }, dmarc: { result: 'temperror' }, authenticated: false });
    } finally {
      silent.close();
    }
  });
});
