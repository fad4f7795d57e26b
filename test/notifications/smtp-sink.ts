/**
 * An SMTP server on a loopback port that keeps what it receives: the outbound relay of the
 * notification tests. It can refuse the next transactions with a given reply (451, 550, ...).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  /** MAIL FROM; '' for the null sender `<>`. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** Header fields, names lowercase, raw values (first occurrence). */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  readonly mails: SunkMail[];
  /** MAIL FROM commands seen, accepted or refused: one per attempt. */
  readonly attempts: number;
  /** The next `count` transactions are refused at MAIL FROM with `code text`. */
  refuse(count: number, code: number, text?: string): void;
  /** Resolves once `count` mails (matching `filter`) have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, filter?: (mail: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail[]>;
  clear(): void;
  close(): Promise<void>;
}

function headerFields(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n(?=[ \t])/g, ' ');
  const fields: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in fields)) fields[name] = line.slice(colon + 1).trim();
  }
  return fields;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const waiters = new Set<() => void>();
  let refusals: { count: number; code: number; text: string } = { count: 0, code: 451, text: '' };
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts++;
      if (refusals.count > 0) {
        refusals = { ...refusals, count: refusals.count - 1 };
        return callback(Object.assign(new Error(refusals.text || 'Try again later'), { responseCode: refusals.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const mailFrom = session.envelope.mailFrom;
            mails.push({
              envelopeFrom: mailFrom ? mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: parsed.from?.text ?? '',
              to: Array.isArray(parsed.to) ? parsed.to.map((t) => t.text).join(', ') : (parsed.to?.text ?? ''),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              messageId: parsed.messageId ?? '',
              headers: headerFields(raw),
              raw,
            });
            for (const wake of [...waiters]) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get attempts() {
      return attempts;
    },
    refuse(count, code, text = '') {
      refusals = { count, code, text: text || (code >= 500 ? 'Mailbox unavailable' : 'Try again later') };
    },
    waitFor(count, filter = () => true, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.filter(filter);
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `only ${mails.filter(filter).length} of ${count} mails arrived within ${timeoutMs} ms (${mails.length} in all)`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
