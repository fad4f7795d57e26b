/**
 * The benchmark's client: an organization made with `intake orgs create`, an invoice extractor and
 * an email prefix; documents sent over the API (all at once) and as mail over SMTP (one message per
 * document); the end of a phase read from the daemon's own metrics (every job finished, no mail
 * waiting).
 */
import nodemailer from 'nodemailer';
import { base64, invoiceExtractor } from '../../support/fixtures.js';
import { runCliOk, singleJsonLine, type DaemonProcess } from '../../support/processes.js';
import { parseSamples, sumOf } from '../../support/prometheus.js';
import { eventually } from '../../support/wait.js';
import type { BenchDocument } from './documents.js';

const PREFIX = 'ap';

export interface Load {
  /** Submits every document over the API; resolves with the number of jobs created. */
  submitAll(documents: BenchDocument[]): Promise<number>;
  /** Sends one mail per document; resolves with the number of messages accepted. */
  mailAll(documents: BenchDocument[]): Promise<number>;
  /** Waits until at least `apiJobs` more jobs exist than at the last settle, every job has finished and no mail waits. */
  settle(apiJobs: number): Promise<void>;
}

/**
 * `dataDir`: the daemon's DATA_DIR, which `intake orgs create` (`bin`, default the repository's)
 * reaches through the daemon's admin socket.
 */
export async function openLoad(daemon: DaemonProcess, dataDir: string, bin?: string): Promise<Load> {
  const env = { DATA_DIR: dataDir };
  const org = singleJsonLine<{ live_key: string }>(
    (
      await runCliOk(
        [
          'orgs',
          'create',
          '--name',
          'Memory bench',
          '--plan',
          'enterprise',
          '--rate-limit',
          '100000',
          '--credits',
          '100000',
          '--json',
        ],
        env,
        { bin },
      )
    ).stdout,
  );
  const key = org.live_key;
  // A busy daemon on a loaded machine may take minutes to answer a burst: no client timeout but this.
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(daemon.httpUrl + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(600_000),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const extractor = await call('POST', '/v1/extractors', invoiceExtractor('Bench invoices'));
  await call('POST', '/api/email-ingestion/config', {
    emailPrefix: PREFIX,
    defaultDocumentType: 'invoice',
    autoClassify: false,
  });
  const metrics = async () => {
    const res = await fetch(`${daemon.httpUrl}/metrics`);
    return parseSamples(await res.text());
  };
  let settled = 0;
  return {
    async submitAll(documents) {
      await Promise.all(
        documents.map((d) =>
          call('POST', '/v1/documents', {
            extractor_id: extractor.id,
            document: base64(d.bytes),
            mime_type: d.mimeType,
          }),
        ),
      );
      return documents.length;
    },
    async mailAll(documents) {
      if (!daemon.smtp) throw new Error('the daemon logged no SMTP address');
      // Plain SMTP on loopback: the daemon's STARTTLS certificate is self-signed.
      const transport = nodemailer.createTransport({ ...daemon.smtp, secure: false, ignoreTLS: true });
      try {
        for (const [i, d] of documents.entries())
          await transport.sendMail({
            from: `Supplier ${i} <billing${i}@supplier.test>`,
            to: `${PREFIX}@localhost`,
            subject: `Invoice ${d.name}`,
            text: 'Please find our invoice attached.\n',
            attachments: [{ filename: d.name, content: Buffer.from(d.bytes), contentType: d.mimeType }],
          });
      } finally {
        transport.close();
      }
      return documents.length;
    },
    async settle(apiJobs) {
      let last = '';
      await eventually(
        () => `the phase to finish (${last})`,
        async () => {
          if (daemon.hasExited())
            throw new Error(
              `the daemon exited: ${JSON.stringify(await daemon.exited)}\n${daemon.stderr().slice(-2000)}`,
            );
          const s = await metrics();
          const created = sumOf(s, 'intake_jobs_created_total');
          const finished = sumOf(s, 'intake_jobs_completed_total') + sumOf(s, 'intake_jobs_failed_total');
          const backlog = sumOf(s, 'intake_mail_backlog_messages');
          last = `created ${created}, finished ${finished}, mail backlog ${backlog}`;
          if (created < settled + apiJobs || created !== finished || backlog !== 0) return false;
          settled = created;
          return true;
        },
        { timeoutMs: 1_800_000, intervalMs: 500 },
      );
    },
  };
}
