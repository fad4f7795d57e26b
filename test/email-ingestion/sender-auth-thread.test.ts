/**
 * The daemon's sender checks in their own thread (daemon/src/mail-auth/auth-threads.ts): the same
 * verdicts as mailauth on the calling thread, against a real dnsmasq on loopback; messages that
 * arrive together share one thread; a thread idle for its `idleMs` ends and the next message starts
 * a fresh one; a budget spent, or a daemon stopping with a check in flight, gives `temperror`
 * verdicts and tells `onError`, never an exception.
 */
import dgram from 'node:dgram';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, createMailauthAuthenticator, ThreadedSenderAuthenticator } from '@intake/daemon';
import { eventually } from '../support/wait.js';
import { ensureDnsmasq, startDnsmasq, type DnsServer } from './dns-dnsmasq.js';

const available = ensureDnsmasq();
if (!available)
  process.stderr.write(
    'sender checks thread tests against dnsmasq skipped: dnsmasq is missing and apt-get could not install it\n',
  );

const message = (from: string, received: string) =>
  new TextEncoder().encode(
    [
      `Received: ${received}`,
      `Return-Path: <${from}>`,
      `From: Billing <${from}>`,
      'To: ap@example.test',
      'Subject: Invoice',
      'Date: Sat, 28 Nov 2026 10:00:00 +0000',
      `Message-ID: <${Math.random().toString(36).slice(2)}@example.test>`,
      '',
      'Invoice attached.',
      '',
    ].join('\r\n'),
  );
const fromHeader = { ip: null, helo: null, mailFrom: null, fromReceivedHeader: true };
const received = (ip: string) =>
  `from mail.pass.test (mail.pass.test [${ip}]) by imap.example.test with ESMTPS id 1; Sat, 28 Nov 2026 10:00:01 +0000`;

/** A UDP socket that reads every DNS query and answers none. */
async function silentDns(): Promise<{ address: string; close(): void }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', () => {});
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${socket.address().port}`, close: () => socket.close() };
}

const opened: ThreadedSenderAuthenticator[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((auth) => auth.close()));
});
function threaded(options: ConstructorParameters<typeof ThreadedSenderAuthenticator>[0]) {
  const auth = new ThreadedSenderAuthenticator(options);
  opened.push(auth);
  return auth;
}

describe.skipIf(!available)('the sender checks thread against a real DNS server', () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsmasq({
      'pass.test': 'v=spf1 ip4:192.0.2.25 -all',
      '_dmarc.pass.test': 'v=DMARC1; p=reject',
    });
  });
  afterAll(async () => dns?.stop());

  it('gives the verdicts mailauth gives on the calling thread, several messages sharing one thread', async () => {
    const inProcess = createMailauthAuthenticator({
      resolve: createDnsResolver({ servers: [dns.address], timeoutMs: 2000 }),
      timeoutMs: 20_000,
    });
    const errors: Error[] = [];
    const thread = threaded({
      servers: [dns.address],
      dnsTimeoutMs: 2000,
      timeoutMs: 20_000,
      onError: (error) => errors.push(error),
    });
    const messages = [
      message('billing@pass.test', received('192.0.2.25')),
      message('billing@pass.test', received('198.51.100.9')),
      message('someone@other.test', received('192.0.2.25')),
    ];
    const [fromThread, onCaller] = await Promise.all([
      Promise.all(messages.map((raw) => thread.authenticate(raw, fromHeader))),
      Promise.all(messages.map((raw) => inProcess.authenticate(raw, fromHeader))),
    ]);
    expect(fromThread).toEqual(onCaller);
    expect(fromThread.map((v) => [v.spf.result, v.dmarc.result, v.authenticated])).toEqual([
      ['pass', 'pass', true],
      ['fail', 'fail', false],
      ['none', 'none', false],
    ]);
    expect(errors).toEqual([]);
    expect(thread.threadsStarted).toBe(1);
  });
});

describe('the sender checks thread', () => {
  it('ends once idle; the next message starts a fresh thread', async () => {
    const silent = await silentDns();
    try {
      const thread = threaded({ servers: [silent.address], dnsTimeoutMs: 50, timeoutMs: 300, idleMs: 200 });
      const context = { ip: '192.0.2.25', helo: 'mail.pass.test', mailFrom: 'billing@pass.test' };
      const first = await thread.authenticate(message('billing@pass.test', received('192.0.2.25')), context);
      expect(first).toMatchObject({
        spf: { result: 'temperror' },
        dmarc: { result: 'temperror' },
        authenticated: false,
      });
      expect(thread.threadsStarted).toBe(1);
      await eventually('the idle thread to end', async () => !thread.live || null, { timeoutMs: 10_000 });
      const second = await thread.authenticate(message('billing@pass.test', received('192.0.2.25')), context);
      expect(second.spf.result).toBe('temperror');
      expect(thread.threadsStarted).toBe(2);
    } finally {
      silent.close();
    }
  });

  it('a budget spent gives temperror verdicts and tells onError', async () => {
    const silent = await silentDns();
    try {
      const errors: string[] = [];
      const thread = threaded({
        servers: [silent.address],
        dnsTimeoutMs: 5000,
        timeoutMs: 200,
        onError: (error) => errors.push(error.message),
      });
      const verdicts = await thread.authenticate(message('billing@pass.test', received('192.0.2.25')), {
        ip: '192.0.2.25',
        helo: null,
        mailFrom: 'billing@pass.test',
      });
      expect(verdicts).toMatchObject({
        spf: { result: 'temperror' },
        dkim: [],
        dmarc: { result: 'temperror' },
        arc: { result: 'temperror' },
        client_address_source: 'smtp',
        authenticated: false,
      });
      expect(errors).toEqual(['sender authentication took longer than 200 ms']);
    } finally {
      silent.close();
    }
  });

  it('a check in flight when the daemon stops gets temperror verdicts at once', async () => {
    const silent = await silentDns();
    try {
      const errors: string[] = [];
      const thread = threaded({
        servers: [silent.address],
        dnsTimeoutMs: 20_000,
        timeoutMs: 60_000,
        onError: (error) => errors.push(error.message),
      });
      const check = thread.authenticate(message('billing@pass.test', received('192.0.2.25')), {
        ip: null,
        helo: null,
        mailFrom: null,
        fromReceivedHeader: true,
      });
      await eventually('the thread to start', async () => thread.live || null, { timeoutMs: 10_000 });
      await thread.close();
      expect(await check).toMatchObject({ spf: { result: 'temperror' }, authenticated: false });
      expect(errors).toEqual(['the daemon is stopping']);
      expect(thread.live).toBe(false);
    } finally {
      silent.close();
    }
  });
});
