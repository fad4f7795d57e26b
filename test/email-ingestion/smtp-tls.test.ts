import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigSchema, SmtpIntake, type SmtpIntakeOptions } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { openSmtp } from '../support/smtp.js';
import { setUpTenant } from '../support/tenant.js';
import { TEST_CERT_FILE, TEST_KEY_FILE } from '../support/test-cert.js';

/**
 * Issue 38: STARTTLS with the certificate and key named by SMTP_TLS_CERT and SMTP_TLS_KEY, reloaded
 * when the files change, and optionally required before MAIL (SMTP_REQUIRE_TLS). nodemailer is the
 * client; the certificate it was shown is read in its checkServerIdentity.
 */
const DOMAIN = 'example.test';

let h: ApiHarness;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-smtp-tls-'));
  h = await startApi('pglite', { emailDomains: [DOMAIN] });
  await setUpTenant(h, { credits: 100, extractors: [], prefixes: ['ap'] });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startEdge(options: Partial<SmtpIntakeOptions>): Promise<{ smtp: SmtpIntake; port: number }> {
  const smtp = new SmtpIntake(h.inbound, pino({ level: 'silent' }), {
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: 1_000_000,
    maxRecipients: 5,
    maxConnections: 10,
    maxMimeParts: 20,
    maxLineBytes: 4096,
    drainMs: 1000,
    socketTimeoutMs: 30_000,
    ...options,
  });
  return { smtp, port: (await smtp.listen()).port };
}

/** A new self-signed certificate for localhost and 127.0.0.1 (EC P-256, two days), made with openssl. */
async function makeCertificate(name: string): Promise<{ certFile: string; keyFile: string }> {
  const certFile = path.join(dir, `${name}-cert.pem`);
  const keyFile = path.join(dir, `${name}-key.pem`);
  // prettier-ignore
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-days', '2', '-keyout', keyFile, '-out', certFile,
  ]);
  return { certFile, keyFile };
}

const fingerprint = (file: string) => new X509Certificate(fs.readFileSync(file)).fingerprint256;

/** Connects, upgrades with STARTTLS and says EHLO (nodemailer's verify); the fingerprint the server showed. */
async function servedFingerprint(port: number, trusted: string[]): Promise<string> {
  let seen = '';
  await nodemailer
    .createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      requireTLS: true,
      tls: {
        ca: trusted.map((f) => fs.readFileSync(f)),
        servername: 'localhost',
        checkServerIdentity: (host, cert) => {
          seen = cert.fingerprint256;
          return tls.checkServerIdentity(host, cert);
        },
      },
    })
    .verify();
  return seen;
}

describe('STARTTLS certificate from SMTP_TLS_CERT and SMTP_TLS_KEY', () => {
  it('serves the configured pair, and the new one once the files are replaced', async () => {
    const certFile = path.join(dir, 'live-cert.pem');
    const keyFile = path.join(dir, 'live-key.pem');
    fs.copyFileSync(TEST_CERT_FILE, certFile);
    fs.copyFileSync(TEST_KEY_FILE, keyFile);
    const { smtp, port } = await startEdge({ tlsCertFile: certFile, tlsKeyFile: keyFile });
    try {
      const next = await makeCertificate('next');
      expect(await servedFingerprint(port, [TEST_CERT_FILE, next.certFile])).toBe(fingerprint(TEST_CERT_FILE));

      // As renewal tools do: the new files are renamed over the old ones, key first.
      fs.copyFileSync(next.keyFile, `${keyFile}.new`);
      fs.renameSync(`${keyFile}.new`, keyFile);
      fs.copyFileSync(next.certFile, `${certFile}.new`);
      fs.renameSync(`${certFile}.new`, certFile);
      await vi.waitFor(
        async () =>
          expect(await servedFingerprint(port, [TEST_CERT_FILE, next.certFile])).toBe(fingerprint(next.certFile)),
        { timeout: 15_000, interval: 200 },
      );
      // A client that trusts only the new certificate gets through; one that trusts only the old one no longer does.
      expect(await servedFingerprint(port, [next.certFile])).toBe(fingerprint(next.certFile));
      await expect(servedFingerprint(port, [TEST_CERT_FILE])).rejects.toThrow(/self[- ]signed|unable to verify/i);
    } finally {
      await smtp.stop();
    }
  });

  it('refuses to start with a certificate that does not match its key, naming both files', async () => {
    const other = await makeCertificate('other');
    await expect(startEdge({ tlsCertFile: TEST_CERT_FILE, tlsKeyFile: other.keyFile })).rejects.toThrow(
      `${TEST_CERT_FILE} and ${other.keyFile} are not a usable PEM certificate and key`,
    );
  });

  it('with requireTls, MAIL FROM before STARTTLS gets 530 5.7.0; over TLS the message is accepted', async () => {
    const { smtp, port } = await startEdge({
      tlsCertFile: TEST_CERT_FILE,
      tlsKeyFile: TEST_KEY_FILE,
      requireTls: true,
    });
    try {
      const plain = await openSmtp(port);
      await plain.command('EHLO plain.client');
      expect((await plain.command('MAIL FROM:<v@vendor.example>')).text).toBe(
        '530 5.7.0 Must issue a STARTTLS command first',
      );
      plain.close();
      const info = await nodemailer
        .createTransport({
          host: '127.0.0.1',
          port,
          secure: false,
          requireTLS: true,
          tls: { ca: [fs.readFileSync(TEST_CERT_FILE)], servername: 'localhost' },
        })
        .sendMail({ from: 'v@vendor.example', to: `ap@${DOMAIN}`, subject: 'over TLS', text: 'hello' });
      expect(info.response).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
    } finally {
      await smtp.stop();
    }
  });

  it('settings: the two files go together, and SMTP_REQUIRE_TLS needs them', () => {
    const issues = (env: Record<string, string>) => {
      const parsed = ConfigSchema.safeParse(env);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ SMTP_TLS_CERT: TEST_CERT_FILE })).toEqual([
      'SMTP_TLS_KEY: SMTP_TLS_CERT and SMTP_TLS_KEY go together',
    ]);
    expect(issues({ SMTP_REQUIRE_TLS: 'true' })).toEqual([
      'SMTP_REQUIRE_TLS: needs SMTP_TLS_CERT and SMTP_TLS_KEY (there is no STARTTLS without them)',
    ]);
    expect(issues({ SMTP_REQUIRE_TLS: 'true', SMTP_TLS_CERT: TEST_CERT_FILE, SMTP_TLS_KEY: TEST_KEY_FILE })).toEqual(
      [],
    );
    expect(ConfigSchema.parse({})).toMatchObject({
      SMTP_REQUIRE_TLS: false,
      SMTP_MAX_CONNECTIONS_PER_CLIENT: 20,
      SMTP_MAX_MESSAGES_PER_CLIENT_PER_MINUTE: 600,
      SMTP_MAX_RECIPIENTS_PER_CLIENT_PER_MINUTE: 3000,
      SMTP_SESSION_TIMEOUT_MS: 600_000,
      SMTP_DATA_TIMEOUT_MS: 300_000,
    });
  });
});
