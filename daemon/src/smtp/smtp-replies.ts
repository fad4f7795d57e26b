import type { RecipientVerdict } from '@intake/core/email';

/**
 * The one place where an outcome becomes an SMTP reply (as http/error-status.ts is for HTTP): every
 * refusal the gateway sends, with its reply code and its enhanced status code (RFC 3463) written out.
 */
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    readonly enhanced: string,
    text: string,
  ) {
    super(`${enhanced} ${text}`);
  }
}

type Refusal = Exclude<RecipientVerdict, { accepted: true }>['reason'];

/** Why a recipient is refused, as its reply. */
export const RECIPIENT_REFUSALS: Record<Refusal, () => SmtpReply> = {
  foreign_domain: () =>
    new SmtpReply(550, '5.7.1', 'Relay access denied: this server only accepts mail for its own domains'),
  malformed: () =>
    new SmtpReply(550, '5.1.1', 'No such mailbox here: the local part is not a prefix (letters, digits and hyphens)'),
  reserved_prefix: () => new SmtpReply(550, '5.1.1', 'No such mailbox here: this name is reserved'),
  unknown_prefix: () => new SmtpReply(550, '5.1.1', 'No such mailbox here'),
  inactive_prefix: () => new SmtpReply(550, '5.1.1', 'This address does not take mail at the moment'),
};

/**
 * Replies that are not about one recipient. 421 closes the connection (smtp-server ends it after
 * sending); 4xx replies tell the client to try again later, 5xx not to.
 */
export const REPLIES = {
  shuttingDown: () => new SmtpReply(421, '4.3.2', 'Service shutting down, try again later'),
  tooManyConnections: (limit: number) =>
    new SmtpReply(421, '4.7.0', `Too many connections from your address (at most ${limit}), try again later`),
  sessionTimeExceeded: (ms: number) =>
    new SmtpReply(421, '4.7.0', `Connection open longer than ${ms} ms, closing; reconnect to go on`),
  dataTimeExceeded: (ms: number) =>
    new SmtpReply(421, '4.7.0', `Message not received within ${ms} ms, closing; it was not accepted`),
  tooManyMessages: (limit: number, retryAfterS: number) =>
    new SmtpReply(
      451,
      '4.7.1',
      `Too many messages from your address (at most ${limit} a minute), try again in ${retryAfterS} s`,
    ),
  tooManyRecipients: (limit: number, retryAfterS: number) =>
    new SmtpReply(
      452,
      '4.7.1',
      `Too many recipients from your address (at most ${limit} a minute), try again in ${retryAfterS} s`,
    ),
  tlsRequired: () => new SmtpReply(530, '5.7.0', 'Must issue a STARTTLS command first'),
  lookupFailed: () => new SmtpReply(451, '4.3.0', 'Temporary failure looking up the recipient, try again later'),
  storeFailed: () => new SmtpReply(451, '4.3.0', 'Temporary failure storing the message, try again later'),
  tooBig: (maxBytes: number) => new SmtpReply(552, '5.3.4', `Message too big: the limit is ${maxBytes} bytes`),
  lineTooLong: (maxBytes: number) =>
    new SmtpReply(554, '5.6.0', `Message refused: a line is longer than ${maxBytes} bytes`),
  tooManyParts: (maxParts: number) => new SmtpReply(554, '5.6.0', `Message refused: more than ${maxParts} MIME parts`),
  empty: () => new SmtpReply(554, '5.6.0', 'Message refused: it is empty'),
  /** Every prefix addressed rejects mail whose sender is not authenticated (RFC 7372 would allow 5.7.26; 5.7.1 is the widely understood one). */
  senderUnauthenticated: (reason: string) => new SmtpReply(550, '5.7.1', `Message refused: ${oneLine(reason)}`),
  /** The same, but a verdict failed for a temporary reason (a DNS timeout): asked again, it may pass. */
  senderCheckUnavailable: (reason: string) =>
    new SmtpReply(451, '4.7.1', `Sender authentication failed temporarily, try again later: ${oneLine(reason)}`),
} as const;

/** A reply is one line of at most 512 octets (RFC 5321 4.5.3.1.5): no line breaks, and room for the code. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 400);

/** The 250 text for a stored message. */
export const queuedAs = (ids: readonly string[]) => `Ok: queued as ${ids.join(' ')}`;
