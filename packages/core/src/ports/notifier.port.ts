/** One mail Intake sends (a notification): plain text, to one or more recipients. */
export interface OutboundMail {
  /** The From header: `no-reply@domain` or a configured address. */
  from: string;
  /**
   * The SMTP envelope sender (MAIL FROM). null sends with the null reverse-path `<>`: what
   * automatic replies use (RFC 3834 §3.3), so that a bounce of ours is never answered.
   */
  envelopeFrom: string | null;
  to: string[];
  subject: string;
  text: string;
  /** Extra header fields (Auto-Submitted, In-Reply-To, ...), names as written. */
  headers: Record<string, string>;
  /** The Message-ID to send with (without angle brackets); stable across retries of one notification. */
  messageId: string;
}

/**
 * Why a send failed. `permanent` failures (the relay answered 5xx, no relay is configured) are not
 * tried again; the others (4xx answers, connection errors, timeouts) are retried.
 */
export class NotifierError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NotifierError';
  }
}

/** Hands mail to an outbound relay. Resolves once the relay accepted it; throws otherwise. */
export interface Notifier {
  send(mail: OutboundMail): Promise<{ messageId: string }>;
}
