import type { Readable } from 'node:stream';
import { REPLIES, type SmtpReply } from './smtp-replies.js';

/** What smtp-server's connection object offers for a reply outside a handler (421 also closes it). */
export interface ConnectionHandle {
  send(code: number, data: unknown, context?: unknown): void;
}

interface Tracked {
  connection: ConnectionHandle;
  sessionTimer: NodeJS.Timeout;
  dataTimer?: NodeJS.Timeout;
  /** The message arriving, between DATA and its end. */
  stream?: Readable;
  /** A deadline has answered 421: nothing more of this connection is accepted. */
  closed: boolean;
  /** The message is in and being stored: its answer is ours to give, not cut short. */
  storing: boolean;
  /** The session's time ran out while storing: close once the answer is sent. */
  expired: boolean;
}

/**
 * The total time of a connection and of each DATA phase. smtp-server's socketTimeout counts only
 * inactivity, so a client sending NOOP now and then, or a message one byte at a time, could hold a
 * slot for ever. Past either deadline the connection gets 421 4.7.0 and is closed; a message still
 * arriving is dropped, never stored. Time the gateway itself spends storing a received message
 * counts against neither: its answer (250 or 451) is sent first, then the connection closed.
 */
export class SessionDeadlines {
  private readonly tracked = new Map<string, Tracked>();

  constructor(
    private readonly sessionTimeoutMs: number,
    readonly dataTimeoutMs: number,
  ) {}

  begin(id: string, connection: ConnectionHandle): void {
    const sessionTimer = setTimeout(() => this.sessionOver(id), this.sessionTimeoutMs).unref();
    this.tracked.set(id, { connection, sessionTimer, storing: false, expired: false, closed: false });
  }

  /** DATA was accepted (354): the message must be in within the DATA time. */
  dataStarted(id: string, stream: Readable): void {
    const t = this.tracked.get(id);
    if (!t) return;
    clearTimeout(t.dataTimer);
    t.stream = stream;
    t.dataTimer = setTimeout(() => this.close(t, REPLIES.dataTimeExceeded(this.dataTimeoutMs)), this.dataTimeoutMs);
    t.dataTimer.unref();
  }

  /**
   * The whole message is in: from now on the gateway, not the client, takes the time. False when a
   * deadline closed the connection first: the message must not be stored.
   */
  dataReceived(id: string): boolean {
    const t = this.tracked.get(id);
    if (!t) return true;
    clearTimeout(t.dataTimer);
    delete t.stream;
    t.storing = !t.closed;
    return !t.closed;
  }

  /** The answer to DATA has been sent. */
  dataAnswered(id: string): void {
    const t = this.tracked.get(id);
    if (!t) return;
    clearTimeout(t.dataTimer);
    t.storing = false;
    if (t.expired) this.close(t, REPLIES.sessionTimeExceeded(this.sessionTimeoutMs));
  }

  /** The connection closed, for whatever reason. */
  end(id: string): void {
    const t = this.tracked.get(id);
    if (!t) return;
    clearTimeout(t.sessionTimer);
    clearTimeout(t.dataTimer);
    this.tracked.delete(id);
  }

  private sessionOver(id: string): void {
    const t = this.tracked.get(id);
    if (!t) return;
    if (t.storing) t.expired = true;
    else this.close(t, REPLIES.sessionTimeExceeded(this.sessionTimeoutMs));
  }

  private close(t: Tracked, reply: SmtpReply): void {
    clearTimeout(t.sessionTimer);
    clearTimeout(t.dataTimer);
    t.closed = true;
    t.connection.send(reply.responseCode, reply.message);
    // Ends the handler's read of a message still arriving: what came so far is not stored.
    t.stream?.destroy(reply);
  }
}
