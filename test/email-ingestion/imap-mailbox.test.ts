/**
 * Prefixes reading a real IMAP mailbox (Debian's Dovecot, one throwaway server for the file) through
 * child daemons: messages appended are stored once and moved, mail without an attachment too; a
 * wrong password shows in `imap_status` and nothing crashes; a daemon killed with SIGKILL while it
 * imports loses nothing and stores nothing twice after its restart; a folder recreated under a new
 * UIDVALIDITY is read from its first UID again; two daemons on one PostgreSQL store each message once.
 */
import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  CLEANUP_TIMEOUT_MS,
  killAll,
  makeMigratedDataDir,
  makeTempDir,
  removeTempDirs,
  singleJsonLine,
  startDaemon,
  type DaemonProcess,
  type Env,
} from '../support/processes.js';
import { eventually, type WaitOptions } from '../support/wait.js';
import { startDovecot, type Dovecot } from './imap-dovecot.js';

// Not useProcessCleanup: it kills the children after every test, and the tests of a describe
// share one daemon (each daemon on a fresh data directory costs seconds of CPU). The daemons end
// before Dovecot does, so that none is still moving mail in the Maildir being removed.
afterAll(async () => {
  await killAll();
  await dovecot?.stop();
  await removeTempDirs();
}, CLEANUP_TIMEOUT_MS);

const DOMAIN = 'example.test';
const SECRET_KEY = randomBytes(32).toString('hex');
/** Short leases so that a killed daemon's mailbox is taken over within seconds. */
const DAEMON_ENV: Env = {
  EMAIL_DOMAIN: DOMAIN,
  SECRET_KEY,
  IMAP_LEASE_MS: '2000',
  MAIL_LEASE_MS: '2000',
  WORKER_POLL_MS: '100',
  // The subject is the mailbox: the messages' jobs only need to exist, so none is run.
  WORKER_CONCURRENCY: '0',
};

interface MessageView {
  id: string;
  source: string;
  subject: string | null;
  message_id_header: string | null;
  status: string;
  attachments: { filename: string }[];
}

/** Waits until `accept` holds for what `produce` gives (a look every 200 ms), and returns it. */
async function until<T>(
  what: string,
  produce: () => Promise<T>,
  accept: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<T> {
  let last: T | undefined;
  const found = await eventually(
    () => `${what} (last seen: ${JSON.stringify(last)?.slice(0, 2000)})`,
    async () => {
      last = await produce();
      return accept(last) ? { value: last } : null;
    },
    { intervalMs: 200, ...options },
  );
  return found.value;
}

let dovecot: Dovecot;
let pdf: Buffer;

/** A message as a mailer writes it; with `pdf` a PDF attachment, otherwise text only. */
function rawMessage(subject: string, withPdf: boolean): string {
  const id = `<${randomBytes(8).toString('hex')}@vendor.example>`;
  const head = [
    'From: Billing <billing@vendor.example>',
    `To: ap@${DOMAIN}`,
    `Subject: ${subject}`,
    `Message-ID: ${id}`,
    'Date: Sat, 28 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
  ];
  if (!withPdf)
    return [...head, 'Content-Type: text/plain; charset=utf-8', '', `${subject}: no attachment.`, ''].join('\r\n');
  const body = pdf.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    ...head,
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${subject}: invoice attached.`,
    '--b1',
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    body,
    '--b1--',
    '',
  ].join('\r\n');
}

/** A connection of the test's own to the mailbox, to append and look. */
async function withMailbox<T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.logout();
  }
}

async function append(folder: string, subjects: string[], withPdf = true): Promise<void> {
  await withMailbox(async (client) => {
    const folders = await client.list();
    if (!folders.some((f) => f.path === folder)) await client.mailboxCreate(folder);
    for (const subject of subjects) await client.append(folder, rawMessage(subject, withPdf));
  });
}

const count = (folder: string) =>
  withMailbox(async (client) => {
    const folders = await client.list();
    if (!folders.some((f) => f.path === folder)) return 0;
    const status = await client.status(folder, { messages: true });
    return status ? (status.messages ?? 0) : 0;
  });

async function messages(daemon: DaemonProcess, key: string): Promise<MessageView[]> {
  const all: MessageView[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api(daemon.httpUrl, 'GET', `/api/email-ingestion/messages?limit=100&offset=${offset}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.messages as MessageView[];
    all.push(...page);
    if (page.length === 0 || all.length >= (res.body.total as number)) return all;
  }
}

const imapSettings = (folder: string, after: Record<string, unknown>, pass = dovecot.password) => ({
  host: dovecot.host,
  port: dovecot.port,
  tls: 'none',
  auth: { user: dovecot.user, pass },
  folder,
  afterImport: after,
  pollIntervalSeconds: 1,
});

async function configure(daemon: DaemonProcess, key: string, prefix: string, imap: Record<string, unknown>) {
  const res = await api(daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
    key,
    body: { emailPrefix: prefix, defaultDocumentType: 'invoice', autoClassify: false, imap },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const statusOf = async (daemon: DaemonProcess, key: string, prefix: string) => {
  const res = await api(daemon.httpUrl, 'GET', `/api/email-ingestion/config/${prefix}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.imap_status as { state: string; last_error?: string; uidvalidity?: number; last_uid?: number };
};

/** Subjects seen more than once: a message stored twice. */
/** Subjects stored more than once (a message not yet processed has no subject yet, and is not counted). */
const repeated = (list: MessageView[]) =>
  [...new Set(list.map((m) => m.subject))].filter((s) => s !== null && list.filter((m) => m.subject === s).length > 1);

async function createOrg(env: Env): Promise<string> {
  const out = await runInProcessOk(
    ['orgs', 'create', '--name', 'Mailroom', '--plan', 'enterprise', '--rate-limit', '100000', '--json'],
    env,
  );
  return singleJsonLine<{ live_key: string }>(out.stdout).live_key;
}

beforeAll(async () => {
  [dovecot, pdf] = await Promise.all([startDovecot(), makeInvoicePdf({ salt: 'imap' }).then((b) => Buffer.from(b))]);
});

describe('IMAP mailboxes of prefixes on PGlite', { timeout: 240_000 }, () => {
  let dataDir: string;
  let daemon: DaemonProcess;
  let key: string;
  beforeAll(async () => {
    dataDir = makeMigratedDataDir('intake-imap-');
    daemon = await startDaemon({ ...DAEMON_ENV, DATA_DIR: dataDir });
    key = await createOrg({ DATA_DIR: dataDir });
  });

  it('stores appended messages once, with and without an attachment, and moves them after', async () => {
    const created = await configure(daemon, key, 'ap', imapSettings('INBOX', { action: 'move', folder: 'Imported' }));
    expect((created.imap as { auth: unknown }).auth).toEqual({ user: dovecot.user, pass: '********' });
    await append('INBOX', ['first invoice'], true);
    await append('INBOX', ['just a note'], false);
    const list = await until(
      'both messages stored and processed',
      () => messages(daemon, key),
      (l) => l.length === 2 && l.every((m) => m.status === 'processed'),
    );
    expect(list.map((m) => m.source)).toEqual(['imap', 'imap']);
    const bySubject = new Map(list.map((m) => [m.subject, m]));
    expect(bySubject.get('first invoice')?.attachments.map((a) => a.filename)).toEqual(['invoice.pdf']);
    expect(bySubject.get('just a note')?.attachments).toEqual([]);
    await until(
      'INBOX emptied into Imported',
      async () => [await count('INBOX'), await count('Imported')],
      (c) => c[0] === 0 && c[1] === 2,
    );
    const status = await until(
      'status idle after the round',
      () => statusOf(daemon, key, 'ap'),
      (s) => s.state === 'idle',
    );
    expect(status).toMatchObject({ last_uid: 2, uidvalidity: expect.any(Number) });
    expect(status.last_error).toBeUndefined();
    // A second look finds nothing more to take.
    await append('INBOX', ['third'], false);
    await until(
      'third stored and processed',
      () => messages(daemon, key),
      (l) => l.length === 3 && l.every((m) => m.subject !== null),
    );
    expect(repeated(await messages(daemon, key))).toEqual([]);
  });

  it('shows a wrong password in imap_status and keeps serving', async () => {
    await append('Other', [], false);
    await configure(daemon, key, 'wrong', imapSettings('Other', { action: 'flag' }, 'not-the-password'));
    const status = await until(
      'error in imap_status',
      () => statusOf(daemon, key, 'wrong'),
      (s) => s.state === 'error',
    );
    expect(status.last_error).toMatch(/auth/i);
    expect((await api(daemon.httpUrl, 'GET', '/readyz')).status).toBe(200);
    expect(daemon.hasExited()).toBe(false);
    // Fixed with the right password, the mailbox is read.
    const fixed = await api(daemon.httpUrl, 'PATCH', '/api/email-ingestion/config/wrong', {
      key,
      body: { imap: { auth: { pass: dovecot.password } } },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    await until(
      'status idle once the password is right',
      () => statusOf(daemon, key, 'wrong'),
      (s) => s.state === 'idle' && s.last_error === undefined,
    );
  });

  it('reads a folder recreated under a new UIDVALIDITY from its first UID again', async () => {
    await configure(daemon, key, 'scans', imapSettings('Scans', { action: 'delete' }));
    await append('Scans', ['scan 1', 'scan 2', 'scan 3'], false);
    const before = await until(
      'three scans taken',
      () => statusOf(daemon, key, 'scans'),
      (s) => s.last_uid === 3,
    );
    await until(
      'Scans emptied (deleted after import)',
      () => count('Scans'),
      (c) => c === 0,
    );
    await withMailbox(async (client) => {
      await client.mailboxDelete('Scans');
      await client.mailboxCreate('Scans');
    });
    // UID 1 of the new folder is below the last UID taken: only the new UIDVALIDITY lets it in.
    await append('Scans', ['scan after recreate'], false);
    const after = await until(
      'the new folder read',
      () => statusOf(daemon, key, 'scans'),
      (s) => s.uidvalidity !== before.uidvalidity && s.last_uid === 1,
    );
    expect(after.uidvalidity).not.toBe(before.uidvalidity);
    const subjects = (
      await until(
        'message stored',
        () => messages(daemon, key),
        (l) => l.some((m) => m.subject === 'scan after recreate'),
      )
    ).map((m) => m.subject);
    expect(subjects.filter((s) => s?.startsWith('scan'))).toHaveLength(4);
  });

  it('killed with SIGKILL while importing, a restarted daemon stores the rest, none twice', async () => {
    const total = 40;
    const subjects = Array.from({ length: total }, (_, i) => `batch ${i}`);
    const stored = async () => (await messages(daemon, key)).filter((m) => m.subject?.startsWith('batch ')).length;
    await append('INBOX', subjects, true);
    const atKill = await until('some of the batch stored', stored, (c) => c > 0);
    await daemon.stop('SIGKILL');
    daemon = await startDaemon({ ...DAEMON_ENV, DATA_DIR: dataDir });
    const list = await until(
      'the whole batch stored',
      () => messages(daemon, key),
      (l) => l.filter((m) => m.subject?.startsWith('batch ')).length >= total,
      { timeoutMs: 120_000 },
    );
    process.stderr.write(`imap kill test: ${atKill} of ${total} stored when killed\n`);
    expect(repeated(list)).toEqual([]);
    expect(
      list
        .filter((m) => m.subject?.startsWith('batch '))
        .map((m) => m.subject)
        .sort(),
    ).toEqual([...subjects].sort());
    await until(
      'INBOX emptied',
      () => count('INBOX'),
      (c) => c === 0,
    );
    expect(await count('Imported')).toBe(3 + total);
  });
});

describe('IMAP mailbox read by two daemons on one PostgreSQL', { timeout: 240_000 }, () => {
  it('stores each message once, and the other daemon takes over when the reader dies', async () => {
    const databaseUrl = await createPostgresDatabase();
    const env: Env = { ...DAEMON_ENV, DATABASE_URL: databaseUrl };
    const [a, b] = await Promise.all([
      startDaemon({ ...env, DATA_DIR: makeTempDir('intake-imap-a-') }),
      startDaemon({ ...env, DATA_DIR: makeTempDir('intake-imap-b-') }),
    ]);
    const key = await createOrg({ DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir() });
    await configure(a, key, 'shared', imapSettings('Shared', { action: 'move', folder: 'Shared-done' }));
    const subjects = Array.from({ length: 20 }, (_, i) => `shared ${i}`);
    await append('Shared', subjects, false);
    // Processed too: a message's subject is read when it is processed (null until then).
    const list = await until(
      'all stored and processed',
      () => messages(b, key),
      (l) => l.length >= 20 && l.every((m) => m.subject !== null),
    );
    expect(repeated(list)).toEqual([]);
    await until(
      'Shared emptied',
      () => count('Shared'),
      (c) => c === 0,
    );
    // Kill both in turn: whichever held the lease, the survivor takes over after it expires.
    await a.stop('SIGKILL');
    await append('Shared', ['after a died'], false);
    const more = await until(
      'stored by b',
      () => messages(b, key),
      (l) => l.length >= 21 && l.every((m) => m.subject !== null),
      { timeoutMs: 60_000 },
    );
    expect(repeated(more)).toEqual([]);
    expect(more).toHaveLength(21);
    await b.stop('SIGTERM');
  });
});
