import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { coerceError, systemClock, type Clock } from '@intake/core';
import { type InboundMailService, type RecipientVerdict } from '@intake/core/email';
import type { Logger } from '../logger.js';
import { processBodyTrim, type BodyTrim } from '../runtime/idle-memory.js';
import {
  ClientLimits,
  clientKey,
  DEFAULT_CLIENT_LIMITS,
  DEFAULT_DATA_TIMEOUT_MS,
  DEFAULT_SESSION_TIMEOUT_MS,
  type ClientLimitOptions,
} from './client-limits.js';
import { readMessage } from './read-message.js';
import { SessionDeadlines, type ConnectionHandle } from './session-deadlines.js';
import { queuedAs, RECIPIENT_REFUSALS, REPLIES, SmtpReply } from './smtp-replies.js';
import { CertificateWatch, readCertificatePair } from './tls-certificate.js';

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
  /** PEM files; with both, STARTTLS is offered, and the pair is reloaded when the files change. */
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** MAIL FROM before STARTTLS gets 530 5.7.0 (needs the two files). */
  requireTls?: boolean;
  /** Per client address (see client-limits.ts); unset members take DEFAULT_CLIENT_LIMITS. */
  clientLimits?: Partial<ClientLimitOptions>;
  /** Total time of a connection, however active (default DEFAULT_SESSION_TIMEOUT_MS). */
  sessionTimeoutMs?: number;
  /** Time from DATA's 354 to the end of the message (default DEFAULT_DATA_TIMEOUT_MS). */
  dataTimeoutMs?: number;
  /** Time of the message and recipient windows (the system clock by default). */
  clock?: Clock;
  /** How long a graceful stop waits for transactions in progress. */
  drainMs: number;
  /** Idle time before a connection is dropped (smtp-server's socketTimeout). */
  socketTimeoutMs: number;
  /** Returns the memory of large messages once answered (the process's own by default). */
  bodyTrim?: BodyTrim;
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

/**
 * smtp-server adds an enhanced status code by reply number alone (550 is always 5.1.1). Replies of
 * ours carry their own (`5.7.1 Relay access denied`): send those as written. Each connection is
 * kept by its session id until it closes, for replies sent outside a handler (the deadlines' 421).
 */
class IntakeSmtpServer extends SMTPServer {
  readonly handles = new Map<string, ConnectionHandle>();

  override connect(...args: Parameters<SMTPServer['connect']>): void {
    super.connect(...args);
    const connection = [...this.connections].at(-1) as unknown as (ConnectionHandle & { id: string }) | undefined;
    if (!connection) return;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) =>
      typeof data === 'string' && /^[245]\.\d{1,3}\.\d{1,3} /.test(data)
        ? send(code, data, false)
        : send(code, data, context);
    this.handles.set(connection.id, connection);
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
  private readonly limits: ClientLimits;
  private readonly deadlines: SessionDeadlines;
  /** Admitted connections (counted in `limits`) and the client address each counts against. */
  private readonly clients = new Map<string, string>();
  private readonly certificateWatch: CertificateWatch | null = null;

  constructor(
    private readonly inbound: InboundMailService,
    private readonly logger: Logger,
    private readonly options: SmtpIntakeOptions,
    private readonly onAccepted: () => void = () => {},
    private readonly events: SmtpEvents = {},
  ) {
    const { tlsCertFile, tlsKeyFile } = options;
    const tls = tlsCertFile && tlsKeyFile ? readCertificatePair(tlsCertFile, tlsKeyFile) : null;
    if (options.requireTls && !tls) throw new Error('requireTls needs tlsCertFile and tlsKeyFile');
    this.limits = new ClientLimits({ ...DEFAULT_CLIENT_LIMITS, ...options.clientLimits }, options.clock ?? systemClock);
    this.deadlines = new SessionDeadlines(
      options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
      options.dataTimeoutMs ?? DEFAULT_DATA_TIMEOUT_MS,
    );
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
        this.onConnect(session, this.counted(callback, session, 'CONNECT'));
      },
      onMailFrom: (address, session, callback) =>
        this.onMailFrom(session, this.counted(callback, session, 'MAIL FROM', address.address)),
      onRcptTo: (address, session, callback) => {
        this.onRcptTo(address.address, session).then(
          () => callback(),
          (error: unknown) => this.counted(callback, session, 'RCPT TO', address.address)(coerceError(error)),
        );
      },
      onData: (stream, session, callback) => {
        this.onData(stream, session).then(
          (reply) => callback(null, reply),
          (error: unknown) => this.counted(callback, session, 'DATA')(coerceError(error)),
        );
      },
      onClose: (session) => this.forget(session.id),
    };
    this.server = new IntakeSmtpServer(serverOptions);
    this.server.on('error', (error) => this.logger.warn({ err: error }, 'smtp connection error'));
    if (tls && tlsCertFile && tlsKeyFile) {
      this.certificateWatch = new CertificateWatch(
        tlsCertFile,
        tlsKeyFile,
        tls,
        // New STARTTLS handshakes use the new pair; sessions already encrypted keep theirs.
        (pair) => this.server.updateSecureContext(pair),
        logger,
      );
    }
  }

  async listen(): Promise<AddressInfo> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    this.certificateWatch?.start();
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
    this.certificateWatch?.stop();
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

  /** `callback`, counting and logging the refusals of ours it carries (one line per refusal). */
  private counted(
    callback: (err?: Error | null) => void,
    session: SMTPServerSession,
    command: string,
    address?: string,
  ): (err?: Error | null) => void {
    return (err) => {
      if (err instanceof SmtpReply) {
        this.events.refused?.(err.responseCode);
        this.logger.info(
          {
            event: 'message.refused',
            code: err.responseCode,
            reply: err.message,
            command,
            ...(address !== undefined ? { address } : {}),
            client: session.remoteAddress,
            smtp_session: session.id,
          },
          'smtp command refused',
        );
      }
      callback(err);
    };
  }

  private transactionEnded(sessionId: string): void {
    if (!this.inTransaction.delete(sessionId)) return;
    this.lastTransactionEnd = performance.now();
    this.transactionDone?.();
    if (this.inTransaction.size === 0) for (const waiter of [...this.quietWaiters]) waiter();
  }

  /** Admits the connection (then times it) unless its address already has its maximum open. */
  private onConnect(session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    if (this.draining) return callback(REPLIES.shuttingDown());
    const key = clientKey(session.remoteAddress);
    if (!this.limits.openConnection(key)) {
      return callback(REPLIES.tooManyConnections(this.limits.options.maxConnections));
    }
    this.clients.set(session.id, key);
    const handle = this.server.handles.get(session.id);
    if (handle) this.deadlines.begin(session.id, handle);
    callback();
  }

  private onMailFrom(session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    if (this.draining) return callback(REPLIES.shuttingDown());
    if (this.options.requireTls && !session.secure) return callback(REPLIES.tlsRequired());
    const rate = this.limits.takeMessage(this.clientOf(session));
    if (!rate.allowed) {
      const limit = this.limits.options.maxMessagesPerMinute;
      return callback(REPLIES.tooManyMessages(limit, Math.ceil(rate.retryAfterMs / 1000)));
    }
    this.accepted.set(session.id, new Map());
    this.inTransaction.add(session.id);
    callback();
  }

  private async onRcptTo(address: string, session: SMTPServerSession): Promise<void> {
    // Counted before the lookup: refused recipients cost a lookup too (and probe for prefixes).
    const rate = this.limits.takeRecipient(this.clientOf(session));
    if (!rate.allowed) {
      throw REPLIES.tooManyRecipients(this.limits.options.maxRecipientsPerMinute, Math.ceil(rate.retryAfterMs / 1000));
    }
    const verdict = await this.inbound.checkRecipient(address).catch((error: unknown) => {
      this.logger.error({ err: coerceError(error), recipient: address }, 'recipient lookup failed');
      throw REPLIES.lookupFailed();
    });
    if (!verdict.accepted) throw RECIPIENT_REFUSALS[verdict.reason]();
    this.accepted.get(session.id)?.set(address.toLowerCase(), verdict);
  }

  /** The address a session counts against (admitted sessions have theirs recorded). */
  private clientOf(session: SMTPServerSession): string {
    return this.clients.get(session.id) ?? clientKey(session.remoteAddress);
  }

  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    this.deadlines.dataStarted(session.id, stream);
    let raw: Uint8Array | undefined;
    try {
      raw = await readMessage(stream, this.options);
      // A deadline answered 421 first: the connection is closing and the message is not taken.
      if (!this.deadlines.dataReceived(session.id)) throw REPLIES.dataTimeExceeded(this.deadlines.dataTimeoutMs);
      const recipients = session.envelope.rcptTo
        .map((r) => this.accepted.get(session.id)?.get(r.address.toLowerCase()))
        .filter((r): r is Accepted => r !== undefined);
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null;
      let outcome;
      try {
        outcome = await this.inbound.receive(
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
        throw REPLIES.storeFailed();
      }
      if (outcome.kind !== 'stored') {
        throw outcome.kind === 'refused'
          ? REPLIES.senderUnauthenticated(outcome.reason)
          : REPLIES.senderCheckUnavailable(outcome.reason);
      }
      const { records } = outcome;
      this.logger.info(
        {
          event: 'message.accepted',
          message_ids: records.map((r) => r.id),
          org_ids: [...new Set(records.map((r) => r.org_id))],
          prefixes: records.map((r) => r.prefix),
          from: mailFrom,
          sender_authenticated: outcome.authentication?.authenticated ?? null,
          bytes: raw.length,
          client: session.remoteAddress,
          smtp_session: session.id,
        },
        'message accepted',
      );
      this.onAccepted();
      this.events.accepted?.(raw.length);
      return queuedAs(records.map((r) => r.id));
    } finally {
      // The message's bytes are stored or refused: a large one asks for a trim (runtime/idle-memory.ts).
      if (raw) (this.options.bodyTrim ?? processBodyTrim).afterBody(raw.length, this.logger);
      this.transactionEnded(session.id);
      // After the answer is written (smtp-server sends it when the handler calls back).
      setImmediate(() => this.deadlines.dataAnswered(session.id));
    }
  }

  private forget(sessionId: string): void {
    this.accepted.delete(sessionId);
    this.transactionEnded(sessionId);
    this.deadlines.end(sessionId);
    this.server.handles.delete(sessionId);
    const key = this.clients.get(sessionId);
    if (key === undefined) return;
    this.clients.delete(sessionId);
    this.limits.closeConnection(key);
  }
}
