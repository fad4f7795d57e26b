/**
 * `intake backup` while the daemon works, then `intake restore` into a new DATA_DIR and a daemon on
 * it. Mail arrives over real SMTP and documents over the API before and during the backup; a
 * webhook receiver takes job.completed. Everything acknowledged before the backup began (a 250 for mail, a 202 for
 * an upload, a delivery listed by the API) must be in the restored daemon: each job, message and
 * delivery, each document byte for byte. Jobs and messages in progress at the backup return to
 * their queues as after a crash (their leases lapse) and finish there once: a job finished before
 * the backup is not run again, and no message gets two jobs.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createSqlStorage } from '@intake/storage-sql';
import { runInProcess } from '../support/cli.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  runCli,
  runCliOk,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
  type Env,
} from '../support/processes.js';
import { setUpDaemonTenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';
import { startReceiver, stopAllReceivers } from '../webhooks/receiver.js';

useProcessCleanup();

const DOMAIN = 'example.test';
/** Acknowledgements of each kind before the backup starts. */
const BEFORE_BACKUP = 12;
/**
 * At most this many more of each kind while the backup runs. The load waits at BEFORE_BACKUP for
 * the backup to begin, so that the backup starts with a known amount acknowledged and work arriving
 * during it; unbounded, the lanes sent five times as much (41 mails and 53 uploads more) for the
 * restored daemon to process, proving nothing more.
 */
const DURING_BACKUP = 8;
/** Hang guard for the restored daemon's processing (it takes seconds); not an assertion on speed. */
const SETTLE_GUARD_MS = 240_000;
/** Hang guard for a daemon start, a backup, a restore: tens of seconds each on a loaded two-core machine. */
const CLI_GUARD_MS = 300_000;

interface Ack {
  id: string;
  at: number;
  pdf: Buffer;
}

interface MessageView {
  id: string;
  status: string;
  attachments: { status: string; job_id: string | null }[];
}

interface JobView {
  id: string;
  status: string;
  completed_at: string | null;
  document_url: string;
}

async function listAll<T>(d: DaemonProcess, key: string, route: string, field: string): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api(d.httpUrl, 'GET', `${route}${route.includes('?') ? '&' : '?'}limit=100&offset=${offset}`, {
      key,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body[field] as T[];
    all.push(...page);
    if (page.length === 0 || all.length >= res.body.total) return all;
  }
}

/** The document behind a job, fetched through its signed link on daemon `d`. */
async function documentBytes(d: DaemonProcess, key: string, jobId: string): Promise<Buffer> {
  const job = await api(d.httpUrl, 'GET', `/v1/documents/${jobId}`, { key });
  expect(job.status, JSON.stringify(job.body)).toBe(200);
  const link = new URL((job.body as JobView).document_url);
  const res = await fetch(`${d.httpUrl}${link.pathname}${link.search}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('intake backup under load, intake restore', { timeout: 900_000 }, () => {
  it('restores every acknowledged job, message, delivery and document; work in progress finishes once', async () => {
    const certDir = makeTempDir('intake-backup-cert-');
    const probe = await startReceiver({ secret: 'unused', certDir });
    await probe.stop();
    const dataDir = makeMigratedDataDir('intake-backup-src-');
    const common: Env = {
      EMAIL_DOMAIN: DOMAIN,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_CA_FILE: probe.certFile,
      WEBHOOK_POLL_MS: '200',
      WORKER_POLL_MS: '200',
      // One worker of each: uploads outpace it, so jobs are queued and running when the backup is taken.
      WORKER_CONCURRENCY: '1',
      MAIL_WORKER_CONCURRENCY: '1',
    };
    const first = await startDaemon({ ...common, DATA_DIR: dataDir }, { timeoutMs: CLI_GUARD_MS });
    // Set-up and the refused restore run in this process (test/support/cli.ts); backup and restore
    // themselves are the spawned bin.
    const org = await setUpDaemonTenant(
      first,
      { DATA_DIR: dataDir },
      {
        name: 'Mailroom',
        plan: 'enterprise',
        rateLimitPerMinute: 100_000,
        credits: 100_000,
        prefixes: ['ap'],
        webhooks: [{ url: 'https://127.0.0.1:1/hook', events: ['job.completed'] }],
      },
    );
    const key = org.live_key;
    const [endpoint] = org.webhooks as [{ id: string; secret: string }];
    const receiver = await startReceiver({ secret: endpoint.secret, certDir });
    const patched = await api(first.httpUrl, 'PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, {
      key,
      body: { url: receiver.url },
    });
    expect(patched.status).toBe(200);

    // --- load: mail over SMTP and uploads over the API, until told to stop
    const mails: Ack[] = [];
    const uploads: Ack[] = [];
    let backupBegins!: () => void;
    const load = { stop: false, backupBegun: new Promise<void>((resolve) => (backupBegins = resolve)) };
    /** Whether a lane may send one more of its kind, once the backup has begun if BEFORE_BACKUP are in. */
    const more = async (acked: Ack[]): Promise<boolean> => {
      if (acked.length >= BEFORE_BACKUP) await load.backupBegun;
      return !load.stop && acked.length < BEFORE_BACKUP + DURING_BACKUP;
    };
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      maxMessages: Infinity,
      host: first.smtp!.host,
      port: first.smtp!.port,
      secure: false,
      ignoreTLS: true,
    });
    const mailLoop = async () => {
      for (let i = 0; await more(mails); i++) {
        const pdf = Buffer.from(await makeInvoicePdf({ salt: `mail-${i}` }));
        const info = await transport.sendMail({
          from: 'Billing <billing@vendor.example>',
          to: `ap@${DOMAIN}`,
          subject: `backup mail #${i}`,
          text: 'Invoice attached.',
          attachments: [{ filename: `invoice-${i}.pdf`, content: pdf, contentType: 'application/pdf' }],
        });
        const id = /queued as (msg_\w+)$/.exec(info.response)?.[1];
        if (!id) throw new Error(`mail #${i} refused: ${info.response}`);
        mails.push({ id, at: Date.now(), pdf });
      }
    };
    const uploadLoop = async (lane: number) => {
      for (let i = 0; await more(uploads); i++) {
        const pdf = Buffer.from(await makeInvoicePdf({ salt: `upload-${lane}-${i}` }));
        const res = await org.submit(pdf);
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        uploads.push({ id: res.body.id, at: Date.now(), pdf });
      }
    };
    const loops = Promise.all([mailLoop(), uploadLoop(0), uploadLoop(1), uploadLoop(2)]);

    // --- the backup, taken once enough of each kind has been acknowledged
    await eventually(
      () => `${BEFORE_BACKUP} mails and uploads acknowledged (${mails.length} and ${uploads.length})`,
      () => load.stop || (mails.length >= BEFORE_BACKUP && uploads.length >= BEFORE_BACKUP),
      { timeoutMs: SETTLE_GUARD_MS, intervalMs: 100 },
    );
    // And a job completed with its delivery listed: without one, the checks of finished jobs and
    // listed deliveries below would hold of nothing (the load is paused at BEFORE_BACKUP meanwhile,
    // and one worker leaves most of it queued).
    const deliveriesBefore = await eventually(
      'a webhook delivery listed before the backup',
      async () => {
        const listed = await listAll<{ id: string; event: string }>(
          first,
          key,
          '/v1/webhooks/deliveries',
          'deliveries',
        );
        return listed.length > 0 ? listed : undefined;
      },
      { timeoutMs: SETTLE_GUARD_MS, intervalMs: 100 },
    );
    const jobsBefore = await listAll<JobView>(first, key, '/v1/documents', 'jobs');
    expect(jobsBefore.some((j) => j.status === 'completed')).toBe(true);
    const backupStart = Date.now();
    const backupFile = path.join(makeTempDir('intake-backup-file-'), 'intake.tar.gz');
    const backupRun = runCli(
      ['backup', '--out', backupFile, '--json'],
      { DATA_DIR: dataDir },
      { timeoutMs: CLI_GUARD_MS },
    );
    backupBegins();
    const backup = await backupRun;
    load.stop = true;
    await loops;
    transport.close();
    expect(backup.code, backup.stderr).toBe(0);
    const written = singleJsonLine<{ database: string; files: number; bytes: number }>(backup.stdout);
    expect(written.database).toBe('pglite');
    const mailsBefore = mails.filter((m) => m.at < backupStart);
    const uploadsBefore = uploads.filter((u) => u.at < backupStart);
    console.log(
      `backup: ${written.bytes} bytes, ${written.files} files; acknowledged before it ${mailsBefore.length} mails, ` +
        `${uploadsBefore.length} uploads, ${deliveriesBefore.length} deliveries; during it ` +
        `${mails.length - mailsBefore.length} mails, ${uploads.length - uploadsBefore.length} uploads`,
    );
    expect((await first.stop('SIGTERM')).code).toBe(0);

    // --- restore: refused into a non-empty directory, done into a new one
    expect((await runInProcess(['restore', backupFile, '--data-dir', dataDir], {})).stderr).toMatch(/is not empty/);
    const restoredDir = path.join(makeTempDir('intake-backup-dst-'), 'data');
    const restored = singleJsonLine<{ jobs: number; messages: number; files: number }>(
      (await runCliOk(['restore', backupFile, '--data-dir', restoredDir, '--json'], {}, { timeoutMs: CLI_GUARD_MS }))
        .stdout,
    );
    expect(restored.files).toBe(written.files);
    // Work that was in progress at the backup, in the copy: what the lease logic must take back.
    const copy = await createSqlStorage({ kind: 'pglite', dataDir: path.join(restoredDir, 'pglite') });
    const unfinished = Number(
      (await copy.knex('jobs').whereIn('status', ['queued', 'processing']).count({ n: '*' }))[0]!.n,
    );
    const attemptsAtBackup = new Map(
      (await copy.knex('jobs').select('id', 'attempts')).map((r: { id: string; attempts: number }) => [
        r.id,
        Number(r.attempts),
      ]),
    );
    await copy.close();
    expect(
      unfinished,
      'no job was queued or running at the backup: the test proves nothing about them',
    ).toBeGreaterThan(0);

    const second = await startDaemon(
      {
        ...common,
        DATA_DIR: restoredDir,
        // Leases of the backed-up daemon's work lapse soon (they would after 30 s and 60 s by default).
        JOB_LEASE_MS: '5000',
        MAIL_LEASE_MS: '5000',
      },
      { timeoutMs: CLI_GUARD_MS },
    );

    // Every acknowledged message and upload is there at once.
    const messagesNow = new Set(
      (await listAll<MessageView>(second, key, '/api/email-ingestion/messages', 'messages')).map((m) => m.id),
    );
    expect(mailsBefore.filter((m) => !messagesNow.has(m.id)).map((m) => m.id)).toEqual([]);
    const jobsNow = new Map((await listAll<JobView>(second, key, '/v1/documents', 'jobs')).map((j) => [j.id, j]));
    expect(uploadsBefore.filter((u) => !jobsNow.has(u.id)).map((u) => u.id)).toEqual([]);
    const deliveriesNow = new Set(
      (await listAll<{ id: string }>(second, key, '/v1/webhooks/deliveries', 'deliveries')).map((d) => d.id),
    );
    expect(deliveriesBefore.filter((d) => !deliveriesNow.has(d.id)).map((d) => d.id)).toEqual([]);

    // Processing settles: every message processed, every job completed.
    let messages: MessageView[] = [];
    let jobs: JobView[] = [];
    await eventually(
      'the restored daemon to finish the restored work',
      async () => {
        messages = await listAll<MessageView>(second, key, '/api/email-ingestion/messages', 'messages');
        jobs = await listAll<JobView>(second, key, '/v1/documents', 'jobs');
        return messages.every((m) => m.status === 'processed') && jobs.every((j) => j.status === 'completed');
      },
      { timeoutMs: SETTLE_GUARD_MS, intervalMs: 500 },
    );
    const jobById = new Map(jobs.map((j) => [j.id, j]));
    // A job finished before the backup was not run again.
    for (const before of jobsBefore.filter((j) => j.status === 'completed'))
      expect(jobById.get(before.id)?.completed_at, before.id).toBe(before.completed_at);
    // Each message became exactly one job; each document is the one sent, byte for byte.
    const messageById = new Map(messages.map((m) => [m.id, m]));
    for (const mail of mailsBefore) {
      const m = messageById.get(mail.id)!;
      expect(
        m.attachments.map((a) => a.status),
        mail.id,
      ).toEqual(['job_created']);
      expect((await documentBytes(second, key, m.attachments[0]!.job_id!)).equals(mail.pdf), mail.id).toBe(true);
    }
    for (const upload of uploadsBefore)
      expect((await documentBytes(second, key, upload.id)).equals(upload.pdf), upload.id).toBe(true);
    const jobsOfMessages = messages.flatMap((m) => m.attachments.map((a) => a.job_id));
    expect(new Set(jobsOfMessages).size).toBe(jobsOfMessages.length);
    expect((await second.stop('SIGTERM')).code).toBe(0);
    await stopAllReceivers();

    // No job was claimed twice: at most one claim more than the copy held (the one that finished it).
    const after = await createSqlStorage({ kind: 'pglite', dataDir: path.join(restoredDir, 'pglite') });
    try {
      const rows = await after
        .knex<{ id: string; attempts: number; status: string }>('jobs')
        .select('id', 'attempts', 'status');
      const overclaimed = rows.filter((r) => Number(r.attempts) > (attemptsAtBackup.get(r.id) ?? 0) + 1);
      expect(overclaimed).toEqual([]);
    } finally {
      await after.close();
    }
    expect(fs.existsSync(path.join(restoredDir, 'blobs'))).toBe(true);
  });
});
