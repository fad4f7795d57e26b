/**
 * The gateway behind a real Postfix, as it is meant to be deployed: ../shared/tools/postfix-relay.sh
 * starts a throwaway Postfix (its own config, queue and log under a temp dir) that accepts mail for
 * the gateway's domain and relays it to the gateway's SMTP port, refusing every other destination.
 * Mail sent to Postfix arrives in the gateway and becomes a job; a foreign domain is refused by
 * Postfix itself; an unknown prefix is accepted by Postfix, refused by the gateway (550 5.1.1) and
 * bounced by Postfix; and while the gateway is down Postfix keeps the message and delivers it once
 * the gateway is back.
 *
 * Needs root and Postfix (/usr/sbin/postfix; apt-get install -y postfix), and the shared folder
 * beside the repository: skipped, saying which, otherwise.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  freePort,
  makeTempDir,
  REPO_ROOT,
  runCliOk,
  singleJsonLine,
  startDaemon,
  useFileCleanup,
  type DaemonProcess,
  type Env,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';

const SHARED = path.resolve(REPO_ROOT, '../shared');
const RELAY_SCRIPT = path.join(SHARED, 'tools', 'postfix-relay.sh');
const DOMAIN = 'example.test';
/** Hang guard for one delivery through Postfix (well under a second when idle); not an assertion on speed. */
const DELIVERY_GUARD_MS = 60_000;

const skipReason = !fs.existsSync('/usr/sbin/postfix')
  ? 'Postfix is not installed (/usr/sbin/postfix missing; apt-get install -y postfix)'
  : process.getuid?.() !== 0
    ? 'not running as root (postfix-relay.sh starts a Postfix master)'
    : !fs.existsSync(RELAY_SCRIPT)
      ? `no ${RELAY_SCRIPT} (the shared folder beside the repository)`
      : null;

// The daemon lives across the tests of this file: children are killed at its end, not after each test.
useFileCleanup();

interface MessageView {
  id: string;
  tag: string | null;
  status: string;
  envelope_from: string | null;
  subject: string | null;
  error: unknown;
  attachments: { filename: string; status: string; job_id: string | null }[];
}

/** Runs postfix-relay.sh with its settings in the environment; resolves with its output, rejects on failure. */
function relay(command: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      [RELAY_SCRIPT, command],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`postfix-relay.sh ${command} failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve(`${stdout}${stderr}`);
      },
    );
  });
}

if (skipReason) console.warn(`test/email-ingestion/postfix-relay.test.ts skipped: ${skipReason}`);

(skipReason ? describe.skip : describe)(
  skipReason ? `gateway behind Postfix: SKIPPED, ${skipReason}` : 'gateway behind a real Postfix relay',
  { timeout: 180_000 },
  () => {
    let daemon: DaemonProcess;
    let daemonEnv: Env;
    let key: string;
    let relayEnv: Record<string, string>;
    let relayPort: number;
    let relayStarted = false;
    let sendSeq = 0;

    const maillog = () => {
      try {
        return fs.readFileSync(path.join(relayEnv.BASE!, 'maillog'), 'utf8');
      } catch {
        return '';
      }
    };
    /** Waits for a Postfix log line matching `pattern`. */
    const logLine = async (pattern: RegExp, what: string): Promise<string> => {
      const find = () =>
        maillog()
          .split('\n')
          .find((l) => pattern.test(l));
      try {
        return await eventually(`a Postfix log line for ${what}`, find, {
          timeoutMs: DELIVERY_GUARD_MS,
          intervalMs: 200,
        });
      } catch {
        throw new Error(
          `no Postfix log line for ${what} (${pattern}); queue:\n${await relay('queue', relayEnv).catch((e: Error) => e.message)}\nlog:\n${maillog().slice(-4000)}`,
        );
      }
    };
    const toPostfix = () =>
      nodemailer.createTransport({
        host: '127.0.0.1',
        port: relayPort,
        secure: false,
        ignoreTLS: true,
        name: 'client.test',
      });
    /** The gateway's record of the message sent to `tag`, once processing has settled. */
    const settledMessage = async (tag: string): Promise<MessageView> => {
      let found: MessageView[] = [];
      return eventually(
        () => `a settled message for tag ${tag}: ${JSON.stringify(found)}; Postfix log:\n${maillog().slice(-3000)}`,
        async () => {
          const res = await api(daemon.httpUrl, 'GET', '/api/email-ingestion/messages?limit=100', { key });
          expect(res.status).toBe(200);
          found = (res.body.messages as MessageView[]).filter((m) => m.tag === tag);
          expect(found.length, `records for tag ${tag}`).toBeLessThanOrEqual(1);
          return found.find((m) => m.status === 'processed' || m.status === 'failed');
        },
        { timeoutMs: DELIVERY_GUARD_MS, intervalMs: 200 },
      );
    };
    const messageCount = async () =>
      (await api(daemon.httpUrl, 'GET', '/api/email-ingestion/messages?limit=1', { key })).body.total as number;

    beforeAll(async () => {
      const dataDir = makeTempDir('intake-postfix-');
      // A fixed SMTP port, so a restarted daemon is where Postfix's transport map points.
      daemonEnv = {
        DATA_DIR: dataDir,
        EMAIL_DOMAIN: DOMAIN,
        SMTP_PORT: String(await freePort()),
        WORKER_POLL_MS: '100',
      };
      daemon = await startDaemon(daemonEnv);
      key = singleJsonLine<{ live_key: string }>(
        (
          await runCliOk(
            [
              'orgs',
              'create',
              '--name',
              'Relayed',
              '--plan',
              'enterprise',
              '--rate-limit',
              '100000',
              '--credits',
              '1000',
              '--json',
            ],
            { DATA_DIR: dataDir },
          )
        ).stdout,
      ).live_key;
      expect((await api(daemon.httpUrl, 'POST', '/v1/extractors', { key, body: invoiceExtractor() })).status).toBe(201);
      expect(
        (
          await api(daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
            key,
            body: { emailPrefix: 'ap', defaultDocumentType: 'invoice', autoClassify: false },
          })
        ).status,
      ).toBe(201);

      // Postfix's own directory (its daemons, running as `postfix`, must be able to reach into it).
      const base = makeTempDir('intake-pf-relay-');
      fs.chmodSync(base, 0o755);
      // A free port can be taken by another test file's server before Postfix binds it (the suite runs
      // files in parallel): Postfix's master then exits and the start fails. Try again on a new port.
      for (let attempt = 1; ; attempt++) {
        relayPort = await freePort();
        relayEnv = {
          BASE: base,
          LISTEN: `127.0.0.1:${relayPort}`,
          NEXTHOP: `127.0.0.1:${daemon.smtp!.port}`,
          DOMAINS: DOMAIN,
        };
        relayStarted = true;
        try {
          await relay('start', relayEnv);
          break;
        } catch (error) {
          const log = fs.existsSync(path.join(base, 'maillog'))
            ? fs.readFileSync(path.join(base, 'maillog'), 'utf8').slice(-1500)
            : '(no maillog)';
          if (attempt >= 3) throw new Error(`${(error as Error).message}\nPostfix log:\n${log}`);
          console.warn(
            `Postfix did not start on port ${relayPort} (attempt ${attempt}); trying another port. Postfix log:\n${log}`,
          );
          await relay('stop', relayEnv).catch(() => undefined);
        }
      }
    }, 180_000);

    afterAll(async () => {
      if (relayStarted) await relay('stop', relayEnv).catch((error: Error) => console.warn(error.message));
    });

    it('relays a message for the gateway’s domain: the gateway stores it and turns its PDF into a job', async () => {
      const tag = `pf${++sendSeq}`;
      const info = await toPostfix().sendMail({
        from: 'Billing <billing@vendor.example>',
        to: `ap+${tag}@${DOMAIN}`,
        subject: 'Invoice via Postfix',
        text: 'Attached.',
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'postfix' })) }],
      });
      // Postfix's own acknowledgement: queued there, not yet at the gateway.
      const queueId = /^250 2\.0\.0 Ok: queued as (\w+)/.exec(info.response)?.[1];
      expect(queueId, info.response).toBeTruthy();
      // Postfix logs the gateway's answer to its delivery: the gateway's own message id.
      const sent = await logLine(
        new RegExp(`${queueId}: to=<ap\\+${tag}@${DOMAIN}>.*status=`),
        `delivery of ${queueId}`,
      );
      const gatewayId = /status=sent \(250 2\.6\.0 Ok: queued as (msg_\w+)\)/.exec(sent)?.[1];
      expect(gatewayId, sent).toBeTruthy();

      const message = await settledMessage(tag);
      expect(message).toMatchObject({
        id: gatewayId,
        status: 'processed',
        envelope_from: 'billing@vendor.example',
        subject: 'Invoice via Postfix',
        error: null,
      });
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments[0]).toMatchObject({ filename: 'invoice.pdf', status: 'job_created' });
      const job = await api(daemon.httpUrl, 'GET', `/v1/documents/${message.attachments[0]!.job_id}`, { key });
      expect(job.status).toBe(200);
      expect(job.body.metadata).toMatchObject({
        source: 'email',
        email: { message_id: gatewayId, prefix: 'ap', tag, subject: 'Invoice via Postfix' },
      });
    });

    it('refuses a foreign domain at Postfix itself: nothing reaches the gateway', async () => {
      const before = await messageCount();
      const refused = await toPostfix()
        .sendMail({ from: 'someone@vendor.example', to: 'ap@elsewhere.example', subject: 'relay me', text: 'no' })
        .then(
          (info) => ({ responseCode: 250, response: info.response }),
          (error: { responseCode?: number; response?: string }) => error,
        );
      expect(refused.responseCode, refused.response).toBeGreaterThanOrEqual(500);
      expect(refused.response).toMatch(/^5\d\d 5\.\d+\.\d+ <ap@elsewhere\.example>: Recipient address rejected/);
      await logLine(/NOQUEUE: reject: RCPT from .*to=<ap@elsewhere\.example>/, 'the refusal');
      expect(await messageCount()).toBe(before);
    });

    it('bounces an unknown prefix with the gateway’s 550 5.1.1, storing nothing', async () => {
      const before = await messageCount();
      const info = await toPostfix().sendMail({
        from: 'someone@vendor.example',
        to: `nobody@${DOMAIN}`,
        subject: 'who?',
        text: 'anyone there?',
      });
      // Postfix takes it (example.test is a relay domain); the gateway refuses it at RCPT.
      const queueId = /^250 2\.0\.0 Ok: queued as (\w+)/.exec(info.response)?.[1];
      expect(queueId, info.response).toBeTruthy();
      const line = await logLine(new RegExp(`${queueId}: to=<nobody@${DOMAIN}>.*status=`), `delivery of ${queueId}`);
      expect(line).toMatch(
        /status=bounced \(host 127\.0\.0\.1\[127\.0\.0\.1\] said: 550 5\.1\.1 No such mailbox here \(in reply to RCPT TO command\)\)/,
      );
      expect(await messageCount()).toBe(before);
    });

    it('keeps a message queued while the gateway is down and delivers it, once, when it is back', async () => {
      await daemon.stop('SIGKILL');
      const tag = `pf${++sendSeq}`;
      const info = await toPostfix().sendMail({
        from: 'billing@vendor.example',
        to: `ap+${tag}@${DOMAIN}`,
        subject: 'Sent while the gateway was down',
        attachments: [{ filename: 'late.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'postfix-late' })) }],
      });
      const queueId = /^250 2\.0\.0 Ok: queued as (\w+)/.exec(info.response)?.[1];
      expect(queueId, info.response).toBeTruthy();
      const deferred = await logLine(
        new RegExp(`${queueId}: to=<ap\\+${tag}@${DOMAIN}>.*status=`),
        `first attempt for ${queueId}`,
      );
      expect(deferred).toMatch(/status=deferred \(connect to 127\.0\.0\.1\[127\.0\.0\.1\]:\d+: Connection refused\)/);
      expect(await relay('queue', relayEnv)).toContain(queueId!);

      daemon = await startDaemon(daemonEnv);
      await relay('flush', relayEnv);
      const sent = await logLine(
        new RegExp(`${queueId}: to=<ap\\+${tag}@${DOMAIN}>.*status=sent`),
        `redelivery of ${queueId}`,
      );
      const gatewayId = /250 2\.6\.0 Ok: queued as (msg_\w+)/.exec(sent)?.[1];
      const message = await settledMessage(tag);
      expect(message).toMatchObject({
        id: gatewayId,
        status: 'processed',
        subject: 'Sent while the gateway was down',
        attachments: [{ filename: 'late.pdf', status: 'job_created' }],
      });
      expect(await relay('queue', relayEnv)).toMatch(/Mail queue is empty/);
    });
  },
);
