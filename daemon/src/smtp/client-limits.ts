import net from 'node:net';
import type { Clock } from '@intake/core';

/** What one client address may use of the SMTP gateway. Counted per daemon, in memory. */
export interface ClientLimitOptions {
  /** Connections open at once from one address (SMTP_MAX_CONNECTIONS_PER_CLIENT). */
  maxConnections: number;
  /** Transactions (accepted MAIL FROM) per sliding minute (SMTP_MAX_MESSAGES_PER_CLIENT_PER_MINUTE). */
  maxMessagesPerMinute: number;
  /** RCPT TO commands per sliding minute, refused ones included (SMTP_MAX_RECIPIENTS_PER_CLIENT_PER_MINUTE). */
  maxRecipientsPerMinute: number;
}

/** The defaults of the settings above: also what SmtpIntake uses when given none. */
export const DEFAULT_CLIENT_LIMITS: ClientLimitOptions = {
  // Postfix opens up to 20 connections to one destination (smtp_destination_concurrency_limit).
  maxConnections: 20,
  // 10 a second sustained: what a client opening a connection per message gets anyway (smtp-server
  // waits 100 ms before each greeting); far above one sender of invoices, and a flood leaves room.
  maxMessagesPerMinute: 600,
  maxRecipientsPerMinute: 3000,
};

/** The default total time of a connection (SMTP_SESSION_TIMEOUT_MS) and of one DATA phase (SMTP_DATA_TIMEOUT_MS). */
export const DEFAULT_SESSION_TIMEOUT_MS = 600_000;
export const DEFAULT_DATA_TIMEOUT_MS = 300_000;

const MINUTE_MS = 60_000;

/** Allowed, or refused until `retryAfterMs` from now. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * The address limits count by: an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, as a dual-stack
 * listener reports IPv4 peers) as its IPv4, an IPv6 address in its canonical compressed lowercase
 * form, so one client cannot count as several by spelling its address differently.
 */
export function clientKey(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '');
  if (!net.isIPv6(bare)) return bare.toLowerCase();
  // The URL parser writes IPv6 canonically; a mapped IPv4 comes out as ::ffff:7f00:1.
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Events per key in a sliding window: at most `limit` in any `windowMs`. Each key keeps the times of
 * its last `limit` events at most; keys with none left in the window are dropped once a window.
 */
class SlidingWindow {
  private readonly events = new Map<string, number[]>();
  private lastSweep = -Infinity;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  take(key: string): RateVerdict {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const recent = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.events.set(key, recent);
    if (recent.length >= this.limit) return { allowed: false, retryAfterMs: recent[0]! + this.windowMs - now };
    recent.push(now);
    return { allowed: true };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.events) {
      if ((times.at(-1) ?? -Infinity) <= now - this.windowMs) this.events.delete(key);
    }
  }
}

/** The per-address accounting of the SMTP gateway: connections at once, messages and recipients per minute. */
export class ClientLimits {
  private readonly connections = new Map<string, number>();
  private readonly messages: SlidingWindow;
  private readonly recipients: SlidingWindow;

  constructor(
    readonly options: ClientLimitOptions,
    clock: Clock,
  ) {
    this.messages = new SlidingWindow(options.maxMessagesPerMinute, MINUTE_MS, clock);
    this.recipients = new SlidingWindow(options.maxRecipientsPerMinute, MINUTE_MS, clock);
  }

  /** Counts a connection in, or returns false (and counts nothing) when the address has its maximum open. */
  openConnection(key: string): boolean {
    const open = this.connections.get(key) ?? 0;
    if (open >= this.options.maxConnections) return false;
    this.connections.set(key, open + 1);
    return true;
  }

  /** Counts out a connection that openConnection counted in. */
  closeConnection(key: string): void {
    const open = (this.connections.get(key) ?? 0) - 1;
    if (open > 0) this.connections.set(key, open);
    else this.connections.delete(key);
  }

  takeMessage(key: string): RateVerdict {
    return this.messages.take(key);
  }

  takeRecipient(key: string): RateVerdict {
    return this.recipients.take(key);
  }
}
