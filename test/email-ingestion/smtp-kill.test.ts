/**
 * The SMTP edge's durability promise, against a real daemon killed with SIGKILL: a `250 2.6.0 Ok:
 * queued as msg_...` means the message is stored (blob and row committed). A client sends 120
 * messages, each with its own small PDF and a unique subject, over 8 pooled connections; once 40
 * have been acknowledged the daemon is killed, with up to 8 more in flight and the rest unsent. A new daemon on the same data (nothing resent) must
 * list every acknowledged message, and once processing settles each is `processed` with exactly one
 * job, and no message anywhere has two jobs (the killed daemon's half-done work is redone under
 * idempotency keys). Messages never acknowledged may or may not have been stored: counted, not judged.
 */
import nodemailer from 'nodemailer';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/databases.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
  type Env,
  type Exit,
} from '../support/processes.js';
import { setUpDaemonTenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const DOMAIN = 'example.test';
// The property needs a kill with messages in flight on every connection and more still to send
// (asserted below: fewer acknowledged than sent); 40 acknowledgements with 80 unsent give that with a
// wide margin. 500 messages with the kill at 150 proved no more, and the restarted daemon then had
// about four times the messages to process.
const MESSAGES = 120;
const KILL_AFTER_ACKS = 40;
const CONNECTIONS = 8;
/** Hang guard for the processing after the restart (it takes seconds); not an assertion on speed. */
const SETTLE_GUARD_MS = 180_000;

interface MessageView {
  id: string;
  subject: string | null;
  status: 'received' | 'processing' | 'processed' | 'failed';
  attempts: number;
  error: { code: string; message: string } | null;
  attachments: {
    status: string;
    job_id: string | null;
    filename: string;
    reason: { code: string; message: string } | null;
  }[];
}

interface JobView {
  id: string;
  status: string;
  metadata: { source?: string; email?: { message_id?: string; subject?: string } } | null;
}

/** Every page of a listing endpoint (`limit` 100). */
async function listAll<T>(daemon: DaemonProcess, key: string, path: string, field: 'messages' | 'jobs'): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api(daemon.httpUrl, 'GET', `${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`, {
      key,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body[field] as T[];
    all.push(...page);
    if (page.length === 0 || all.length >= res.body.total) return all;
  }
}

const statusCounts = (messages: MessageView[]) =>
  messages.reduce<Record<string, number>>((acc, m) => ({ ...acc, [m.status]: (acc[m.status] ?? 0) + 1 }), {});

// Under a minute each on an idle machine; the timeout is a hang guard for a loaded one.
describe('SMTP edge: a 250 survives SIGKILL', { timeout: 300_000 }, () => {
  let pdfs: Buffer[] = [];
  beforeAll(async () => {
    pdfs = [];
    for (let i = 0; i < MESSAGES; i++) pdfs.push(Buffer.from(await makeInvoicePdf({ salt: String(i) })));
  });

  const scenarios: {
    kind: 'pglite' | 'postgres';
    env: () => Promise<{ daemonEnv: Env; cliEnv: Env; databaseUrl?: string }>;
  }[] = [
    {
      kind: 'pglite',
      env: async () => {
        const dataDir = makeMigratedDataDir('intake-smtp-kill-');
        return { daemonEnv: { DATA_DIR: dataDir }, cliEnv: { DATA_DIR: dataDir } };
      },
    },
    {
      kind: 'postgres',
      env: async () => {
        const databaseUrl = await createPostgresDatabase();
        return {
          daemonEnv: { DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('intake-smtp-kill-pg-') },
          cliEnv: { DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir() },
          databaseUrl,
        };
      },
    },
  ];

  for (const scenario of scenarios) {
    it(`on ${scenario.kind}: every acknowledged message is listed after the restart and becomes exactly one job; none gets two`, async () => {
      const started = Date.now();
      const { daemonEnv, cliEnv, databaseUrl } = await scenario.env();
      const env: Env = {
        ...daemonEnv,
        EMAIL_DOMAIN: DOMAIN,
        // A killed daemon's claims on messages lapse within seconds. One mail worker: a claim is not
        // extended while its message is processed, and on a loaded machine the first messages of a
        // cold daemon take longer than a short lease; a second worker would then claim the same
        // message again, and after three claims it is marked failed although it was processed (see
        // the report). With one worker a lapsed claim is only taken back once its holder is done.
        MAIL_LEASE_MS: '2000',
        MAIL_WORKER_CONCURRENCY: '1',
        WORKER_POLL_MS: '100',
        // The jobs only need to exist here (the subject is mail intake): the daemons queue them and
        // run none, which leaves the two cores to the mail path (docs/configuration.md#job-workers).
        WORKER_CONCURRENCY: '0',
      };
      const first = await startDaemon(env);
      expect(first.smtp).not.toBeNull();
      const org = await setUpDaemonTenant(first, cliEnv, {
        name: 'Mailroom',
        plan: 'enterprise',
        rateLimitPerMinute: 100_000,
        credits: 100_000,
        prefixes: ['ap'],
      });
      const key = org.live_key;

      // --- send, and kill the daemon part-way
      const transport = nodemailer.createTransport({
        pool: true,
        maxConnections: CONNECTIONS,
        maxMessages: Infinity,
        host: first.smtp!.host,
        port: first.smtp!.port,
        secure: false,
        ignoreTLS: true,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      const subjectOf = (i: number) => `durability ${scenario.kind} #${i}`;
      const acked = new Map<string, string>(); // subject -> msg id
      const refusals: string[] = [];
      const errors = new Map<string, number>(); // client-side error code -> count
      // Set inside the senders' callbacks: an object, so TypeScript does not narrow it to null below.
      const kill: { exited: Promise<Exit> | null; atAcks: number } = { exited: null, atAcks: 0 };
      const sendStarted = Date.now();
      await Promise.all(
        Array.from({ length: MESSAGES }, async (_, i) => {
          try {
            const info = await transport.sendMail({
              from: 'Billing <billing@vendor.example>',
              to: `ap@${DOMAIN}`,
              subject: subjectOf(i),
              text: `Invoice ${i} attached.`,
              attachments: [{ filename: `invoice-${i}.pdf`, content: pdfs[i]!, contentType: 'application/pdf' }],
            });
            const match = /^250 2\.6\.0 Ok: queued as (msg_\w+)$/.exec(info.response);
            if (!match) {
              refusals.push(`${subjectOf(i)}: ${info.response}`);
              return;
            }
            acked.set(subjectOf(i), match[1]!);
            if (acked.size >= KILL_AFTER_ACKS && !kill.exited) {
              kill.atAcks = acked.size;
              kill.exited = first.stop('SIGKILL');
            }
          } catch (error) {
            const e = error as { code?: string; responseCode?: number; response?: string; message: string };
            // A reply from the server (4xx/5xx) before the kill would be a refusal, not a crash.
            if (e.responseCode && !kill.exited) refusals.push(`${subjectOf(i)}: ${e.response ?? e.message}`);
            const label = e.responseCode ? `${e.responseCode}` : (e.code ?? e.message);
            errors.set(label, (errors.get(label) ?? 0) + 1);
          }
        }),
      );
      transport.close();
      const sendMs = Date.now() - sendStarted;
      expect(kill.exited, `the daemon was never killed: only ${acked.size} acknowledgements`).not.toBeNull();
      expect((await kill.exited!).signal).toBe('SIGKILL');
      expect(refusals, 'no message was refused while the daemon was up').toEqual([]);
      // The kill must have hit mid-stream, or the test proves nothing about it.
      expect(acked.size).toBeLessThan(MESSAGES);
      expect(new Set(acked.values()).size).toBe(acked.size);

      // --- restart on the same data; nothing is resent
      const restartAt = Date.now();
      const second = await startDaemon(env);
      const restartMs = Date.now() - restartAt;

      // Durable: every acknowledged id is there at once, before any further processing matters.
      const afterRestart = await listAll<MessageView>(second, key, '/api/email-ingestion/messages', 'messages');
      const listedIds = new Set(afterRestart.map((m) => m.id));
      const missing = [...acked].filter(([, id]) => !listedIds.has(id));
      expect(missing, 'acknowledged messages missing after the restart').toEqual([]);

      // Processing settles: nothing left received or processing.
      let messages = afterRestart;
      const settled = () => !messages.some((m) => m.status === 'received' || m.status === 'processing');
      await eventually(
        () => `processing settled: ${JSON.stringify(statusCounts(messages))}`,
        async () => {
          if (!settled())
            messages = await listAll<MessageView>(second, key, '/api/email-ingestion/messages', 'messages');
          return settled();
        },
        { timeoutMs: SETTLE_GUARD_MS, intervalMs: 500 },
      );
      const settleMs = Date.now() - restartAt;
      const byId = new Map(messages.map((m) => [m.id, m]));

      // Each acknowledged message: processed, its own subject, one attachment turned into one job.
      const wrong: string[] = [];
      for (const [subject, id] of acked) {
        const m = byId.get(id);
        if (!m) wrong.push(`${id} (${subject}): not listed`);
        else if (m.status !== 'processed') wrong.push(`${id} (${subject}): ${m.status} ${JSON.stringify(m.error)}`);
        else if (m.subject !== subject)
          wrong.push(`${id}: subject ${JSON.stringify(m.subject)}, sent ${JSON.stringify(subject)}`);
        else if (
          m.attachments.length !== 1 ||
          m.attachments[0]!.status !== 'job_created' ||
          !m.attachments[0]!.job_id
        ) {
          wrong.push(`${id} (${subject}): attachments ${JSON.stringify(m.attachments)}`);
        }
      }
      // On failure, what the daemons logged about those messages.
      const idsWrong = wrong.map((w) => w.split(' ')[0]!.replace(/:$/, ''));
      const logged = [first, second].flatMap((d, n) =>
        d
          .stdout()
          .split('\n')
          .filter((l) => idsWrong.some((id) => l.includes(id)))
          .map((l) => `daemon ${n + 1}: ${l}`),
      );
      expect(wrong, logged.join('\n')).toEqual([]);

      // Unacknowledged messages that made it in anyway: whatever they are, they are whole.
      const ackedIds = new Set(acked.values());
      const extra = messages.filter((m) => !ackedIds.has(m.id));
      const sentSubjects = new Set(Array.from({ length: MESSAGES }, (_, i) => subjectOf(i)));
      for (const m of extra) {
        expect(m.status, `unacknowledged ${m.id}: ${JSON.stringify(m.error)}`).toBe('processed');
        expect(sentSubjects.has(m.subject ?? ''), `unacknowledged ${m.id} has subject ${m.subject}`).toBe(true);
        expect(acked.has(m.subject!), `${m.id} repeats the acknowledged subject ${m.subject}`).toBe(false);
      }
      // No subject stored twice (a message is stored once per DATA).
      const subjects = messages.map((m) => m.subject);
      expect(subjects.length - new Set(subjects).size, 'messages stored twice').toBe(0);

      // No job created twice: every job of the organization names its message; one job per message.
      const jobs = await listAll<JobView>(second, key, '/v1/documents', 'jobs');
      const jobsPerMessage = new Map<string, string[]>();
      for (const job of jobs) {
        const messageId = job.metadata?.email?.message_id;
        expect(job.metadata?.source, `job ${job.id} does not come from mail`).toBe('email');
        jobsPerMessage.set(messageId!, [...(jobsPerMessage.get(messageId!) ?? []), job.id]);
      }
      const doubled = [...jobsPerMessage].filter(([, ids]) => ids.length > 1);
      expect(doubled, 'messages with more than one job').toEqual([]);
      for (const m of messages) {
        const jobIds = m.attachments.flatMap((a) => (a.job_id ? [a.job_id] : []));
        expect(jobsPerMessage.get(m.id) ?? [], `jobs of ${m.id}`).toEqual(jobIds);
      }
      expect(jobs.length).toBe(messages.length);
      // WORKER_CONCURRENCY=0: both daemons queued the jobs and claimed none, in all the time since.
      expect(
        jobs.filter((job) => job.status !== 'queued').map((job) => `${job.id}: ${job.status}`),
        'jobs claimed by a daemon that runs none',
      ).toEqual([]);

      if (databaseUrl) {
        // The same from the database itself, beyond what the API shows.
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          const perMessage = await db.query(
            `select metadata->'email'->>'message_id' as id, count(*)::int as n from jobs group by 1 having count(*) > 1`,
          );
          expect(perMessage.rows).toEqual([]);
          const stored = await db.query(`select count(*)::int as n from inbound_messages`);
          expect(stored.rows[0].n).toBe(messages.length);
        } finally {
          await db.end();
        }
      }

      const attempts = messages.reduce<Record<number, number>>(
        (acc, m) => ({ ...acc, [m.attempts]: (acc[m.attempts] ?? 0) + 1 }),
        {},
      );
      const reprocessed = messages.filter((m) => m.attempts > 1).length;
      console.log(
        `[smtp-kill ${scenario.kind}] ${MESSAGES} sent over ${CONNECTIONS} connections in ${sendMs} ms: ` +
          `${acked.size} acknowledged (kill issued at ${kill.atAcks}), ${MESSAGES - acked.size} not; ` +
          `${extra.length} unacknowledged were stored anyway; client errors ${JSON.stringify(Object.fromEntries(errors))}; ` +
          `after restart (${restartMs} ms to ready) ${messages.length} messages, ${jobs.length} jobs, ${reprocessed} claimed more than once (messages by attempts ${JSON.stringify(attempts)}), ` +
          `settled ${settleMs} ms after the restart; ${Math.round((Date.now() - started) / 1000)} s in all`,
      );
      await second.stop('SIGTERM');
    });
  }
});
