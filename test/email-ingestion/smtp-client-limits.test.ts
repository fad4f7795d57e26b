import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@intake/core/ports';
import { SmtpIntake, type SmtpIntakeOptions } from '@intake/daemon';
import { clientKey } from '../../daemon/src/smtp/client-limits.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { openSmtp, type SmtpDialogue, type SmtpReply } from '../support/smtp.js';
import { setUpTenant } from '../support/tenant.js';

/**
 * Issue 32, item 2: one client address must not hold the gateway. Real sockets on loopback: the
 * held client is 127.0.0.1, the other one binds its end to 127.0.0.2. Limits are small here; the
 * deadlines use real time (a second or two), the message and recipient windows a ManualClock.
 */
const DOMAIN = 'example.test';
const HELD = '127.0.0.1';
const OTHER = '127.0.0.2';

let h: ApiHarness;
let key: string;

beforeAll(async () => {
  h = await startApi('pglite', { emailDomains: [DOMAIN] });
  key = (await setUpTenant(h, { credits: 100, extractors: [], prefixes: ['ap'] })).live_key;
});
afterAll(async () => {
  await h?.close();
});

async function startEdge(options: Partial<SmtpIntakeOptions>): Promise<{ smtp: SmtpIntake; port: number }> {
  const smtp = new SmtpIntake(h.inbound, pino({ level: 'silent' }), {
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: 1_000_000,
    maxRecipients: 5,
    maxConnections: 8,
    maxMimeParts: 20,
    maxLineBytes: 4096,
    drainMs: 1000,
    socketTimeoutMs: 30_000,
    ...options,
  });
  return { smtp, port: (await smtp.listen()).port };
}

const messagesStored = async () =>
  (await h.call('GET', '/api/email-ingestion/messages?limit=1', { key })).body.total as number;

const sendFrom = (port: number, localAddress: string, subject: string) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, localAddress })
    .sendMail({ from: 'v@vendor.example', to: `ap@${DOMAIN}`, subject, text: 'hello' });

/** Sends `line` every `everyMs` until a reply other than 250 (or none within `maxMs`): that reply, and how many 250s came. */
async function keepBusy(c: SmtpDialogue, line: string, everyMs: number, maxMs: number) {
  const until = performance.now() + maxMs;
  let answered = 0;
  while (performance.now() < until) {
    // The gateway may close between two commands: its reply is then already waiting.
    const reply = await c.command(line).catch(() => c.reply());
    if (reply.code !== 250) return { reply, answered };
    answered++;
    // The behaviour under test: a client that keeps the connection busy at a slow, steady pace.
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return { reply: null, answered };
}

describe('connections per client address', () => {
  it('one address holding its connections leaves the gateway to others: its extra ones get 421 4.7.0', async () => {
    const { smtp, port } = await startEdge({ maxConnections: 8, clientLimits: { maxConnections: 3 } });
    const held: SmtpDialogue[] = [];
    try {
      // As many slow connections as the whole gateway takes, all from 127.0.0.1, none sending anything.
      for (let i = 0; i < 8; i++) held.push(await openSmtp(port, '127.0.0.1', HELD));
      const greetings = held.map((c) => c.greeting.text);
      expect(greetings.slice(0, 3).every((g) => g.startsWith('220 '))).toBe(true);
      for (const refused of greetings.slice(3)) {
        expect(refused).toBe('421 4.7.0 Too many connections from your address (at most 3), try again later');
      }
      await Promise.all(held.slice(3).map((c) => c.closed));

      // Another address is served while those three stay open, and its message is accepted.
      const before = await messagesStored();
      const info = await sendFrom(port, OTHER, 'from the other client');
      expect(info.response).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
      expect(await messagesStored()).toBe(before + 1);
      for (const c of held.slice(0, 3)) expect((await c.command('NOOP')).code).toBe(250);

      // Refused connections did not count: still three open, still refused; one closes, one more gets in.
      const fourth = await openSmtp(port, '127.0.0.1', HELD);
      expect(fourth.greeting.code).toBe(421);
      held[0]!.close();
      await held[0]!.closed;
      const again = await waitForGreeting(port, HELD);
      expect(again.greeting.code).toBe(220);
      held.push(again);
    } finally {
      for (const c of held) c.close();
      await smtp.stop();
    }
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4, and one IPv6 address however written', () => {
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('::FFFF:7f00:2')).toBe('127.0.0.2');
    expect(clientKey('[::ffff:192.0.2.10]')).toBe('192.0.2.10');
    expect(clientKey('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(clientKey('2001:db8::1')).toBe('2001:db8::1');
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
  });
});

/** A connection from `localAddress` once its address has a free slot (the server counts a close when it sees it). */
async function waitForGreeting(port: number, localAddress: string): Promise<SmtpDialogue> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const c = await openSmtp(port, '127.0.0.1', localAddress);
    if (c.greeting.code === 220) return c;
    await c.closed;
  }
  throw new Error(`no free connection slot for ${localAddress} after 50 attempts`);
}

describe('time per connection and per DATA phase', () => {
  it('a client sending NOOP every 20 ms is closed with 421 4.7.0 at the session limit', async () => {
    const { smtp, port } = await startEdge({ sessionTimeoutMs: 1500 });
    try {
      const c = await openSmtp(port, '127.0.0.1', HELD);
      await c.command('EHLO slow.client');
      // Bounded at ten times the limit so that a gateway without it fails here rather than hangs.
      const { reply, answered } = await keepBusy(c, 'NOOP', 20, 15_000);
      expect(answered).toBeGreaterThan(5);
      expect(reply?.text).toBe('421 4.7.0 Connection open longer than 1500 ms, closing; reconnect to go on');
      await c.closed;
    } finally {
      await smtp.stop();
    }
  });

  it('a message trickled in a byte at a time is refused at the DATA limit, not stored, and the next one goes through', async () => {
    const { smtp, port } = await startEdge({ dataTimeoutMs: 1500, sessionTimeoutMs: 60_000 });
    try {
      const before = await messagesStored();
      const c = await openSmtp(port, '127.0.0.1', HELD);
      await c.command('EHLO slow.client');
      expect((await c.command('MAIL FROM:<v@vendor.example>')).code).toBe(250);
      expect((await c.command(`RCPT TO:<ap@${DOMAIN}>`)).code).toBe(250);
      expect((await c.command('DATA')).code).toBe(354);
      // About 4 s at one byte every 20 ms: well past the limit, and complete (so accepted) without one.
      const final = await trickle(c, `Subject: slow\r\n\r\n${'x'.repeat(180)}\r\n`, 20);
      expect(final.text).toBe('421 4.7.0 Message not received within 1500 ms, closing; it was not accepted');
      await c.closed;
      expect(await messagesStored()).toBe(before);

      const info = await sendFrom(port, HELD, 'sent at once');
      expect(info.response).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
      expect(await messagesStored()).toBe(before + 1);
    } finally {
      await smtp.stop();
    }
  });
});

/**
 * Writes `text` a byte every `everyMs`, then (if the connection is still open) the end of the
 * message, and returns the first reply: the gateway's refusal, or its answer to the whole message.
 */
async function trickle(c: SmtpDialogue, text: string, everyMs: number): Promise<SmtpReply> {
  const first = c.reply();
  let answered = false;
  void first.then(
    () => (answered = true),
    () => undefined,
  );
  for (const byte of Buffer.from(text)) {
    if (answered) break;
    await c.write(Buffer.from([byte])).catch(() => undefined);
    // The behaviour under test: a client that trickles its message a byte at a time.
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  if (!answered) await c.write('.\r\n').catch(() => undefined);
  return first;
}

describe('messages and recipients per client address and minute', () => {
  it('answers 451 4.7.1 past the message window and 452 4.7.1 past the recipient window, per address, then recovers', async () => {
    const clock = new ManualClock();
    const { smtp, port } = await startEdge({
      clock,
      clientLimits: { maxMessagesPerMinute: 2, maxRecipientsPerMinute: 3 },
    });
    try {
      const c = await openSmtp(port, '127.0.0.1', HELD);
      await c.command('EHLO busy.client');
      expect((await c.command('MAIL FROM:<v@vendor.example>')).code).toBe(250);
      expect((await c.command(`RCPT TO:<ap@${DOMAIN}>`)).code).toBe(250);
      expect((await c.command(`RCPT TO:<ap+b@${DOMAIN}>`)).code).toBe(250);
      // Refused recipients count as well.
      expect((await c.command(`RCPT TO:<nobody@${DOMAIN}>`)).code).toBe(550);
      expect((await c.command(`RCPT TO:<ap+c@${DOMAIN}>`)).text).toBe(
        '452 4.7.1 Too many recipients from your address (at most 3 a minute), try again in 60 s',
      );
      expect((await c.command('RSET')).code).toBe(250);
      clock.advance(30_000);
      expect((await c.command('MAIL FROM:<v@vendor.example>')).code).toBe(250);
      expect((await c.command('RSET')).code).toBe(250);
      expect((await c.command('MAIL FROM:<v@vendor.example>')).text).toBe(
        '451 4.7.1 Too many messages from your address (at most 2 a minute), try again in 30 s',
      );

      // Another address has its own windows.
      const other = await openSmtp(port, '127.0.0.1', OTHER);
      await other.command('EHLO other.client');
      expect((await other.command('MAIL FROM:<w@vendor.example>')).code).toBe(250);
      expect((await other.command(`RCPT TO:<ap@${DOMAIN}>`)).code).toBe(250);
      other.close();

      // The first MAIL leaves the window after 60 s: one more message, and three more recipients.
      clock.advance(30_001);
      const before = await messagesStored();
      expect((await c.command('MAIL FROM:<v@vendor.example>')).code).toBe(250);
      expect((await c.command(`RCPT TO:<ap@${DOMAIN}>`)).code).toBe(250);
      expect((await c.command('DATA')).code).toBe(354);
      await c.write('Subject: after the window\r\n\r\nhello\r\n.\r\n');
      expect((await c.reply()).text).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
      expect(await messagesStored()).toBe(before + 1);
      expect((await c.command('MAIL FROM:<v@vendor.example>')).code).toBe(451);
      c.close();
    } finally {
      await smtp.stop();
    }
  });
});
