/**
 * Sender authentication end to end: a daemon process whose DNS_SERVERS is a real dnsmasq on
 * loopback holding the test domains' SPF, DKIM key and DMARC records; mail signed with DKIM keys
 * made here (nodemailer signs) sent over its SMTP port from 127.0.0.1. The verdicts pass, fail,
 * softfail and none land on the message (API and email.received webhook), the routing condition
 * `sender_authenticated` decides, a `review` prefix flags the job, and a `reject` prefix answers
 * 550 5.7.1 after DATA and stores nothing.
 */
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  startDaemon,
  useFileCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';
import { startReceiver, stopAllReceivers, type Receiver } from '../webhooks/receiver.js';
import { ensureDnsmasq, startDnsmasq, type DnsServer } from './dns-dnsmasq.js';

// Not useProcessCleanup: it kills the children after every test, and the tests share one daemon.
useFileCleanup();

const DOMAIN = 'example.test';
const HOOK_SECRET = 'sender-auth-hook-secret';
/** A bound for a broken build, not a speed requirement: the daemon's first message and first extraction warm its threads up, which took 30 to 45 s at load average 30. */
const SLOW = { timeoutMs: 120_000 };

/** A 1024-bit RSA pair (mailauth's minimum) and its DKIM key record. */
function dkimKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${p}`,
  };
}

const good = dkimKey();
const other = dkimKey();

/**
 * pass.test: SPF allows 127.0.0.1, a DKIM key, DMARC reject. fail.test: SPF -all, a key that is not
 * the one it signs with, DMARC reject. soft.test: SPF ~all, no DMARC. none.test: no records at all.
 */
const RECORDS: Record<string, string> = {
  'pass.test': 'v=spf1 ip4:127.0.0.1 -all',
  's1._domainkey.pass.test': good.record,
  '_dmarc.pass.test': 'v=DMARC1; p=reject',
  'fail.test': 'v=spf1 -all',
  's1._domainkey.fail.test': other.record,
  '_dmarc.fail.test': 'v=DMARC1; p=reject',
  'soft.test': 'v=spf1 ~all',
};

const available = ensureDnsmasq();
if (!available)
  process.stderr.write('sender authentication tests skipped: dnsmasq is missing and apt-get could not install it\n');

interface Verdicts {
  spf: { result: string; domain: string | null; aligned: boolean };
  dkim: { result: string; domain: string; aligned: boolean }[];
  dmarc: { result: string; policy: string | null };
  from_domain: string | null;
  client_address_source: string;
  authenticated: boolean;
}

describe.skipIf(!available)(
  'sender authentication over SMTP into a daemon',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let dns: DnsServer;
    let hooks: Receiver;
    let daemon: DaemonProcess;
    let key: string;
    let smtpPort: number;
    let pdfCount = 0;
    const call = (method: string, path: string, body?: unknown) => api(daemon.httpUrl, method, path, { key, body });

    /** Sends an invoice from `user@domain` (envelope and From alike), DKIM-signed when `sign` is given. */
    const send = async (to: string, domain: string, sign?: { privateKey: string }) => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
        name: `mail.${domain}`,
        ...(sign ? { dkim: { domainName: domain, keySelector: 's1', privateKey: sign.privateKey } } : {}),
      });
      return transport.sendMail({
        from: `Billing <billing@${domain}>`,
        to: `${to}@${DOMAIN}`,
        subject: `Invoice from ${domain}`,
        text: 'Invoice attached.',
        attachments: [
          { filename: 'invoice.pdf', content: Buffer.from(await makeInvoicePdf({ salt: `sa${pdfCount++}` })) },
        ],
      });
    };

    /** The stored message once processed. */
    const processed = async (response: string) => {
      const id = /queued as (msg_\w+)/.exec(response)![1]!;
      return eventually(`message ${id} processed`, async () => {
        const res = await call('GET', `/api/email-ingestion/messages/${id}`);
        return res.body.status === 'processed' || res.body.status === 'failed' ? res.body : null;
      });
    };

    const completedJob = (jobId: string) =>
      eventually(`job ${jobId} completed`, async () => {
        const res = await call('GET', `/v1/documents/${jobId}`);
        return res.body.status === 'completed' ? res.body : null;
      });

    beforeAll(async () => {
      dns = await startDnsmasq(RECORDS);
      hooks = await startReceiver({ secret: HOOK_SECRET, certDir: makeTempDir('intake-sa-cert-') });
      const dataDir = makeMigratedDataDir('intake-sender-auth-');
      daemon = await startDaemon({
        DATA_DIR: dataDir,
        EMAIL_DOMAIN: DOMAIN,
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: '1000',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_CA_FILE: hooks.certFile,
        WEBHOOK_POLL_MS: '100',
        WORKER_POLL_MS: '100',
      });
      smtpPort = daemon.smtp!.port;
      const out = daemon.stdout();
      key = /^ {2}live key: +(sk_live_\S+)$/m.exec(out)![1]!;
      const orgId = /^ {2}organization: +(org_\S+)$/m.exec(out)![1]!;
      // Set-up through the running daemon's admin socket, in this process (test/support/cli.ts).
      await runInProcessOk(['credits', 'add', '--org', orgId, '--amount', '100'], { DATA_DIR: dataDir });
      expect((await call('POST', '/v1/extractors', invoiceExtractor())).status).toBe(201);
      const prefix = (emailPrefix: string, extra: Record<string, unknown>) =>
        call('POST', '/api/email-ingestion/config', {
          emailPrefix,
          defaultDocumentType: 'vendor_bill',
          autoClassify: false,
          ...extra,
        });
      const open = await prefix('open', {
        routingRules: [{ condition: { type: 'sender_authenticated', value: true }, action: { assignTo: 'trusted' } }],
        webhooks: { url: hooks.url, secret: HOOK_SECRET, events: ['email.received'] },
      });
      expect(open.status, JSON.stringify(open.body)).toBe(201);
      expect(open.body.unauthenticated).toBe('accept');
      expect((await prefix('checked', { unauthenticated: 'review' })).status).toBe(201);
      expect((await prefix('strict', { unauthenticated: 'reject' })).status).toBe(201);
      expect((await prefix('bad', { unauthenticated: 'sometimes' })).status).toBe(400);
    });
    afterAll(async () => {
      await stopAllReceivers();
      await dns?.stop();
    });

    it('pass: SPF, DKIM and DMARC pass and align; the routing condition holds; the webhook carries them', async () => {
      const message = await processed((await send('open', 'pass.test', good)).response);
      const auth = message.sender_authentication as Verdicts;
      expect(auth).toMatchObject({
        spf: { result: 'pass', domain: 'pass.test', aligned: true },
        dkim: [{ result: 'pass', domain: 'pass.test', selector: 's1', aligned: true }],
        dmarc: { result: 'pass', policy: 'reject', domain: 'pass.test' },
        arc: { result: 'none' },
        from_domain: 'pass.test',
        client_address_source: 'smtp',
        authenticated: true,
      });
      const job = await completedJob(message.attachments[0].job_id);
      expect(job.routing).toMatchObject({ rule: 0, assignTo: 'trusted' });
      expect(job.review_reasons ?? []).not.toContainEqual(expect.objectContaining({ code: 'sender_unauthenticated' }));
      const received = await eventually(
        'email.received delivered',
        async () => {
          const log = await hooks.log();
          return log.find((r) => r.json?.event === 'email.received' && r.json.data.message_id === message.id) ?? null;
        },
        SLOW,
      );
      expect(received.json.data.sender_authentication).toEqual(auth);
    });

    it('fail: SPF fail, a DKIM signature that does not verify and DMARC fail under p=reject', async () => {
      const message = await processed((await send('open', 'fail.test', good)).response);
      expect(message.sender_authentication).toMatchObject({
        spf: { result: 'fail', domain: 'fail.test', aligned: true },
        dkim: [{ result: 'fail', domain: 'fail.test', aligned: true }],
        dmarc: { result: 'fail', policy: 'reject' },
        authenticated: false,
      });
      // Not authenticated: the rule does not hold, the prefix accepts such mail as it is.
      const job = await completedJob(message.attachments[0].job_id);
      expect(job.routing).toMatchObject({ rule: null, assignTo: null });
    });

    it('softfail and none: no DMARC record, an unsigned message, SPF ~all or no SPF at all', async () => {
      const soft = await processed((await send('open', 'soft.test')).response);
      expect(soft.sender_authentication).toMatchObject({
        spf: { result: 'softfail', domain: 'soft.test' },
        dkim: [],
        dmarc: { result: 'none', policy: null },
        authenticated: false,
      });
      const none = await processed((await send('open', 'none.test')).response);
      expect(none.sender_authentication).toMatchObject({
        spf: { result: 'none' },
        dkim: [],
        dmarc: { result: 'none', policy: null },
        from_domain: 'none.test',
        authenticated: false,
      });
    });

    it('review: an unauthenticated sender flags the job sender_unauthenticated; an authenticated one does not', async () => {
      const soft = await processed((await send('checked', 'soft.test')).response);
      const flagged = await completedJob(soft.attachments[0].job_id);
      expect(flagged.needs_review).toBe(true);
      expect(flagged.review_reasons).toContainEqual({
        code: 'sender_unauthenticated',
        message: expect.stringContaining('soft.test is not authenticated: DMARC none, SPF softfail'),
      });
      const pass = await processed((await send('checked', 'pass.test', good)).response);
      const clean = await completedJob(pass.attachments[0].job_id);
      expect(clean.review_reasons ?? []).not.toContainEqual(
        expect.objectContaining({ code: 'sender_unauthenticated' }),
      );
    });

    it('reject: 550 5.7.1 after DATA for a failing sender, nothing stored; an authenticated sender gets 250', async () => {
      const before = (await call('GET', '/api/email-ingestion/messages?prefix=strict')).body.total as number;
      const refused = await send('strict', 'fail.test', good).then(
        () => null,
        (error: { responseCode?: number; response?: string }) => error,
      );
      expect(refused?.responseCode).toBe(550);
      expect(refused?.response).toMatch(/^550 5\.7\.1 Message refused: The sender fail\.test is not authenticated/);
      const unsigned = await send('strict', 'none.test').catch((error: { responseCode?: number }) => error);
      expect((unsigned as { responseCode?: number }).responseCode).toBe(550);
      expect((await call('GET', '/api/email-ingestion/messages?prefix=strict')).body.total).toBe(before);
      const pass = await processed((await send('strict', 'pass.test', good)).response);
      expect(pass.sender_authentication.authenticated).toBe(true);
    });
  },
);
