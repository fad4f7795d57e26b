import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { coerceError } from '@intake/core';
import { type InboundMailService, type RecipientVerdict } from '@intake/core/internal';
import type { Logger } from '../logger.js';

export interface SmtpIntakeOptions {
  host: string;
  port: number;
  /** Largest message (the whole MIME text), advertised as SIZE in EHLO. */
  maxMessageBytes: number;
  maxRecipients: number;
  maxConnections: number;
  /** More `Content-Type:` headers than this (one per MIME part) and the message is refused. */
  maxMimeParts: number;
  /** A longer line and the message is refused. */
  maxLineBytes: number;
  /** PEM files; with both, STARTTLS is offered. */
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** How long a graceful stop waits for transactions in progress. */
  drainMs: number;
  /** Idle time before a connection is dropped (smtp-server's socketTimeout). */
  socketTimeoutMs: number;
}

type Accepted = Extract<RecipientVerdict, { accepted: true }>;

/** What the edge reports as it goes (the daemon's metrics); every member optional. */
export interface SmtpEvents {
  /** A client connected (before any reply). */
  session?(): void;
  /** A message was stored and answered 250. */
  accepted?(bytes: number): void;
  /** A command was refused with this reply code by Intake itself (not by smtp-server's own checks). */
  refused?(code: number): void;
}

/** A reply with its enhanced status code (RFC 3463) written out, e.g. `5.7.1`. */
class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    readonly enhanced: string,
    text: string,
  ) {
    super(`${enhanced} ${text}`);
  }
}

const REFUSALS: Record<Exclude<RecipientVerdict, { accepted: true }>['reason'], () => SmtpReply> = {
  foreign_domain: () =>
    new SmtpReply(550, '5.7.1', 'Relay access denied: this server only accepts mail for its own domains'),
  malformed: () =>
    new SmtpReply(550, '5.1.1', 'No such mailbox here: the local part is not a prefix (letters, digits and hyphens)'),
  reserved_prefix: () => new SmtpReply(550, '5.1.1', 'No such mailbox here: this name is reserved'),
  unknown_prefix: () => new SmtpReply(550, '5.1.1', 'No such mailbox here'),
  inactive_prefix: () => new SmtpReply(550, '5.1.1', 'This address does not take mail at the moment'),
};

/**
 * smtp-server adds an enhanced status code by reply number alone (550 is always 5.1.1). Replies of
 * ours carry their own (`5.7.1 Relay access denied`): send those as written.
 */
class IntakeSmtpServer extends SMTPServer {
  override connect(...args: Parameters<SMTPServer['connect']>): void {
    super.connect(...args);
    const connection = [...this.connections].at(-1) as unknown as
      { send(code: number, data: unknown, context?: unknown): void } | undefined;
    if (!connection) return;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) =>
      typeof data === 'string' && /^[245]\.\d{1,3}\.\d{1,3} /.test(data)
        ? send(code, data, false)
        : send(code, data, context);
  }
}

/**
 * The SMTP edge: refuses early (unknown prefix, foreign domain, too big), and answers 250 only once
 * the message is durable (file synced, rows committed); if storing fails the answer is 451 and the
 * client tries again later. Processing happens afterwards, in the mail workers.
 */
export class SmtpIntake {
  private readonly server: IntakeSmtpServer;
  private readonly accepted = new Map<string, Map<string, Accepted>>();
  /** Sessions between an accepted MAIL FROM and the answer to their DATA. */
  private readonly inTransaction = new Set<string>();
  private draining = false;
  private transactionDone: (() => void) | null = null;
  /** When the last transaction in flight ended (performance.now()). */
  private lastTransactionEnd = -Infinity;
  /** whenQuiet() callers waiting for a transaction to end. */
  private readonly quietWaiters = new Set<() => void>();

  constructor(
    private readonly inbound: InboundMailService,
    private readonly logger: Logger,
    private readonly options: SmtpIntakeOptions,
    private readonly onAccepted: () => void = () => {},
    private readonly events: SmtpEvents = {},
  ) {
    const tls =
      options.tlsCertFile && options.tlsKeyFile
        ? { cert: fs.readFileSync(options.tlsCertFile), key: fs.readFileSync(options.tlsKeyFile) }
        : null;
    const serverOptions: SMTPServerOptions = {
      banner: 'Intake email gateway',
      size: options.maxMessageBytes,
      maxClients: options.maxConnections,
      maxRecipients: options.maxRecipients,
      socketTimeout: options.socketTimeoutMs,
      closeTimeout: 1000,
      hideENHANCEDSTATUSCODES: false,
      authOptional: true,
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      hideSTARTTLS: !tls,
      ...(tls ?? {}),
      disableReverseLookup: true,
      logger: false,
      onConnect: (session, callback) => {
        this.events.session?.();
        this.onConnect(session, this.counted(callback));
      },
      onMailFrom: (address, session, callback) => this.onMailFrom(session, this.counted(callback)),
      onRcptTo: (address, session, callback) => {
        this.onRcptTo(address.address, session).then(
          () => callback(),
          (error: unknown) => this.counted(callback)(coerceError(error)),
        );
      },
      onData: (stream, session, callback) => {
        this.onData(stream, session).then(
          (reply) => callback(null, reply),
          (error: unknown) => this.counted(callback)(coerceError(error)),
        );
      },
      onClose: (session) => this.forget(session.id),
    };
    this.server = new IntakeSmtpServer(serverOptions);
    this.server.on('error', (error) => this.logger.warn({ err: error }, 'smtp connection error'));
  }

  async listen(): Promise<AddressInfo> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    return this.address();
  }

  /** Where it listens (the port chosen when the configured one is 0). */
  address(): AddressInfo {
    return this.server.server.address() as AddressInfo;
  }

  /**
   * Graceful stop: new connections and new transactions get 421 (clients try again later, e.g. on
   * another daemon); DATA in progress finishes and gets its answer; then the server closes.
   */
  async stop(): Promise<void> {
    if (!this.server.server.listening) return;
    this.draining = true;
    for (const waiter of [...this.quietWaiters]) waiter();
    const deadline = Date.now() + this.options.drainMs;
    while (this.inTransaction.size > 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.transactionDone = resolve;
        setTimeout(resolve, Math.min(200, Math.max(0, deadline - Date.now()))).unref();
      });
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Resolves once no transaction (MAIL FROM to the answer to its DATA) has been in flight for
   * `quietMs`, or after `maxMs` at the latest; at once while stopping. The mail workers wait for
   * this before claiming a message (see MailWorkers): a client waiting for its 250 goes first.
   */
  whenQuiet(maxMs: number, quietMs = 5): Promise<void> {
    const deadline = performance.now() + maxMs;
    return new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        clearTimeout(timer);
        this.quietWaiters.delete(check);
        const now = performance.now();
        if (this.draining || now >= deadline) return resolve();
        if (this.inTransaction.size === 0) {
          const quietFor = now - this.lastTransactionEnd;
          if (quietFor >= quietMs) return resolve();
          timer = setTimeout(check, Math.min(quietMs - quietFor, deadline - now));
        } else {
          // Looked at again when a transaction ends, or at the deadline.
          this.quietWaiters.add(check);
          timer = setTimeout(check, deadline - now);
        }
      };
      check();
    });
  }

  /** `callback`, counting the refusals of ours it carries. */
  private counted(callback: (err?: Error | null) => void): (err?: Error | null) => void {
    return (err) => {
      if (err instanceof SmtpReply) this.events.refused?.(err.responseCode);
      callback(err);
    };
  }

  private transactionEnded(sessionId: string): void {
    if (!this.inTransaction.delete(sessionId)) return;
    this.lastTransactionEnd = performance.now();
    this.transactionDone?.();
    if (this.inTransaction.size === 0) for (const waiter of [...this.quietWaiters]) waiter();
  }

  private onConnect(_session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    callback(this.draining ? new SmtpReply(421, '4.3.2', 'Service shutting down, try again later') : null);
  }

  private onMailFrom(session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    if (this.draining) return callback(new SmtpReply(421, '4.3.2', 'Service shutting down, try again later'));
    this.accepted.set(session.id, new Map());
    this.inTransaction.add(session.id);
    callback();
  }

  private async onRcptTo(address: string, session: SMTPServerSession): Promise<void> {
    const verdict = await this.inbound.checkRecipient(address).catch((error: unknown) => {
      this.logger.error({ err: coerceError(error), recipient: address }, 'recipient lookup failed');
      throw new SmtpReply(451, '4.3.0', 'Temporary failure looking up the recipient, try again later');
    });
    if (!verdict.accepted) throw REFUSALS[verdict.reason]();
    this.accepted.get(session.id)?.set(address.toLowerCase(), verdict);
  }

  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    try {
      const raw = await this.readMessage(stream);
      const recipients = session.envelope.rcptTo
        .map((r) => this.accepted.get(session.id)?.get(r.address.toLowerCase()))
        .filter((r): r is Accepted => r !== undefined);
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null;
      let records;
      try {
        records = await this.inbound.accept(
          {
            mailFrom,
            recipients,
            remoteAddress: session.remoteAddress ?? null,
            helo: session.hostNameAppearsAs ?? null,
          },
          raw,
        );
      } catch (error) {
        this.logger.error({ err: coerceError(error) }, 'could not store an incoming message; answered 451');
        throw new SmtpReply(451, '4.3.0', 'Temporary failure storing the message, try again later');
      }
      this.logger.info(
        { messages: records.map((r) => r.id), bytes: raw.length, prefixes: records.map((r) => r.prefix) },
        'message accepted',
      );
      this.onAccepted();
      this.events.accepted?.(raw.length);
      return `Ok: queued as ${records.map((r) => r.id).join(' ')}`;
    } finally {
      this.transactionEnded(session.id);
    }
  }

  /** The whole message, or a refusal once it is over a limit (the rest is read and dropped). */
  private async readMessage(stream: SMTPServerDataStream): Promise<Uint8Array> {
    const { maxMimeParts, maxLineBytes } = this.options;
    const chunks: Buffer[] = [];
    let bytes = 0;
    let lineBytes = 0;
    let longestLine = 0;
    let parts = 0;
    let tail = '';
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (stream.sizeExceeded) continue;
      bytes += chunk.length;
      chunks.push(chunk);
      let from = 0;
      for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
        lineBytes += nl - from;
        if (lineBytes > longestLine) longestLine = lineBytes;
        lineBytes = 0;
        from = nl + 1;
      }
      lineBytes += chunk.length - from;
      // One Content-Type header per MIME part; the search keeps a little of the previous chunk.
      const text = tail + chunk.toString('latin1');
      parts += (text.match(/\ncontent-type\s*:/gi) ?? []).length;
      tail = text.slice(-16).replace(/^[^\n]*\ncontent-type\s*:/i, '');
    }
    if (lineBytes > longestLine) longestLine = lineBytes;
    if (stream.sizeExceeded) {
      throw new SmtpReply(552, '5.3.4', `Message too big: the limit is ${this.options.maxMessageBytes} bytes`);
    }
    if (longestLine > maxLineBytes)
      throw new SmtpReply(554, '5.6.0', `Message refused: a line is longer than ${maxLineBytes} bytes`);
    if (parts > maxMimeParts)
      throw new SmtpReply(554, '5.6.0', `Message refused: more than ${maxMimeParts} MIME parts`);
    if (bytes === 0) throw new SmtpReply(554, '5.6.0', 'Message refused: it is empty');
    return new Uint8Array(Buffer.concat(chunks, bytes));
  }

  private forget(sessionId: string): void {
    this.accepted.delete(sessionId);
    this.transactionEnded(sessionId);
  }
}
