/**
 * A bare SMTP client over a real socket, for asserting exact replies (nodemailer hides them behind
 * errors). Each `command` sends one line and resolves with the complete (possibly multi-line) reply.
 */
import net from 'node:net';
import { pino } from 'pino';
import type { InboundMailService } from '@intake/core/email';
import { SmtpIntake } from '@intake/daemon';

export interface SmtpReply {
  code: number;
  /** Every line of the reply, without the CRLF. */
  lines: string[];
  /** The last line: `250 2.6.0 Ok: queued as msg_...`. */
  text: string;
}

export interface SmtpDialogue {
  greeting: SmtpReply;
  command(line: string): Promise<SmtpReply>;
  /** Writes raw bytes (message content) without waiting for a reply. */
  write(data: string | Uint8Array): Promise<void>;
  /** Waits for the next reply (after `write`). */
  reply(): Promise<SmtpReply>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
  close(): void;
}

/** `localAddress` binds the client's end (127.0.0.2 is another loopback client than 127.0.0.1). */
export async function openSmtp(port: number, host = '127.0.0.1', localAddress?: string): Promise<SmtpDialogue> {
  const socket = net.connect({ port, host, ...(localAddress ? { localAddress } : {}) });
  socket.setNoDelay(true);
  let buffer = '';
  const waiting: ((reply: SmtpReply) => void)[] = [];
  const ready: SmtpReply[] = [];
  let lines: string[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let eol: number;
    while ((eol = buffer.indexOf('\r\n')) !== -1) {
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines, text: line };
        lines = [];
        const waiter = waiting.shift();
        if (waiter) waiter(reply);
        else ready.push(reply);
      }
    }
  });
  const reply = () =>
    new Promise<SmtpReply>((resolve, reject) => {
      const queued = ready.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error('no SMTP reply within 30 s')), 30_000);
      waiting.push((r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
  const write = (data: string | Uint8Array) =>
    new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
  const greeting = await reply();
  return {
    greeting,
    async command(line) {
      await write(`${line}\r\n`);
      return reply();
    },
    write,
    reply,
    closed,
    close: () => socket.destroy(),
  };
}

/** A whole transaction: MAIL, RCPT..., DATA, the message, and the final reply. */
export async function sendRaw(
  port: number,
  from: string,
  to: string[],
  message: string | Uint8Array,
): Promise<SmtpReply> {
  const s = await openSmtp(port);
  try {
    await s.command('EHLO test.client');
    const mail = await s.command(`MAIL FROM:<${from}>`);
    if (mail.code !== 250) return mail;
    for (const rcpt of to) {
      const r = await s.command(`RCPT TO:<${rcpt}>`);
      if (r.code !== 250) return r;
    }
    const data = await s.command('DATA');
    if (data.code !== 354) return data;
    // Dot-stuffing (RFC 5321 4.5.2): a line starting with "." gets another.
    const text = typeof message === 'string' ? message : Buffer.from(message).toString('latin1');
    await s.write(Buffer.from(text.replace(/(^|\n)\./g, '$1..'), 'latin1'));
    await s.write(text.endsWith('\r\n') ? '.\r\n' : '\r\n.\r\n');
    const final = await s.reply();
    await s.command('QUIT').catch(() => undefined);
    return final;
  } finally {
    s.close();
  }
}

/** The real SMTP edge over an inbound mail service, on a free loopback port, with small test limits. */
export async function startSmtpEdge(inbound: InboundMailService): Promise<{ smtp: SmtpIntake; port: number }> {
  const smtp = new SmtpIntake(inbound, pino({ level: 'silent' }), {
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: 5_000_000,
    maxRecipients: 5,
    maxConnections: 10,
    maxMimeParts: 50,
    maxLineBytes: 4096,
    drainMs: 1000,
    socketTimeoutMs: 30_000,
  });
  return { smtp, port: (await smtp.listen()).port };
}
