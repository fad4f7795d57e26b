/**
 * Never a mail loop: who may get an automatic answer (RFC 3834), and the header fields every mail
 * of ours carries so that other automatic systems do not answer it.
 */

/** Sent with every notification. */
export const NOTIFICATION_HEADERS = {
  'Auto-Submitted': 'auto-replied',
  'X-Auto-Response-Suppress': 'All',
} as const;

/** Names the kind of a notification of ours; a message carrying it is never answered. */
export const INTAKE_NOTIFICATION_HEADER = 'X-Intake-Notification';

/**
 * Local parts of automatic or role senders: mailer daemons, bounces, list robots and no-reply
 * addresses. Compared lowercased, with `+tag` removed.
 */
const AUTOMATED_LOCAL_PARTS: readonly RegExp[] = [
  /^mailer-?daemon$/,
  /^postmaster$/,
  /^(no|do-?not|dont)[-_.]?reply/,
  /^noreply/,
  /^bounces?([-_.+=].*)?$/,
  /^(majordomo|listserv|listproc|mailman|ezmlm|smartlist)$/,
  /^owner-/,
  /-(request|owner|bounces?)$/,
  /^(autoreply|auto-reply|autoresponder|notifications?-?noreply)$/,
];

const ADDRESS = /^[^\s@<>()",;:]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+$|^[^\s@<>()",;:]+@[A-Za-z0-9-]+$/;

/** A lowercase domain of an address, or null. */
export function domainOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1 ? address.slice(at + 1).toLowerCase() : null;
}

/** True for the mail system's own senders: mailer-daemon@, postmaster@ (what bounces come from). */
export function isMailSystemAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  const local = (at > 0 ? address.slice(0, at) : address).toLowerCase();
  return /^(mailer-?daemon|postmaster)$/.test(local);
}

/** True for mailer-daemon@, postmaster@, no-reply@, bounces@, list robots, ... */
export function isAutomatedAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  const local = (at > 0 ? address.slice(0, at) : address).toLowerCase().replace(/\+.*$/, '');
  return AUTOMATED_LOCAL_PARTS.some((pattern) => pattern.test(local));
}

/** Decodes RFC 2047 encoded-words (`=?utf-8?q?auto-replied?=`), which some mailers use for any value. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g, (whole, charset: string, encoding: string, text: string) => {
      const cs = charset.toLowerCase().split('*')[0]!;
      if (!['utf-8', 'utf8', 'us-ascii', 'iso-8859-1', 'latin1'].includes(cs)) return whole;
      const bytes =
        encoding.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return bytes.toString(cs.startsWith('utf') ? 'utf8' : 'latin1');
    });
}

/** Why a message must not be answered automatically, from its header fields; null when it may be. */
export function automaticMessageReason(headers: Readonly<Record<string, string>>): string | null {
  const get = (name: string): string | undefined =>
    Object.prototype.hasOwnProperty.call(headers, name) ? decodeEncodedWords(headers[name]!) : undefined;
  const autoSubmitted = get('auto-submitted');
  if (autoSubmitted !== undefined) {
    // RFC 3834: the keyword before any parameters; only `no` marks mail written by a person.
    const keyword = autoSubmitted
      .replace(/\([^()]*\)/g, ' ')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (keyword !== 'no') return `the message has Auto-Submitted: ${keyword || '(empty)'}`;
  }
  const precedence = get('precedence')
    ?.replace(/\([^()]*\)/g, ' ')
    .trim()
    .toLowerCase();
  if (precedence && ['bulk', 'list', 'junk'].includes(precedence)) return `the message has Precedence: ${precedence}`;
  for (const name of ['list-id', 'list-unsubscribe', 'list-post']) {
    if (get(name) !== undefined)
      return `the message is list mail (it has ${name.replace(/(^|-)\w/g, (c) => c.toUpperCase())})`;
  }
  const suppress = get('x-auto-response-suppress')?.toLowerCase();
  if (suppress && /(^|[\s,])(all|autoreply|oof)([\s,]|$)/.test(suppress))
    return `the message asks for no automatic answer (X-Auto-Response-Suppress: ${suppress})`;
  if (get(INTAKE_NOTIFICATION_HEADER.toLowerCase()) !== undefined) return 'the message is a notification of ours';
  return null;
}

export type ReplyVerdict = { ok: true; to: string } | { ok: false; reason: string };

/**
 * Whether the sender of a message may get an automatic answer, and where it goes: the From address
 * (the person who wrote it; RFC 3834 lets a service responder answer it), or the envelope sender
 * when there is no From. Never: a null envelope sender (a bounce or another automatic message), a
 * message marked automatic or list mail, an automatic sender address, or an address of our own
 * domains (a notification of ours must not become a message of ours).
 */
export function senderReplyVerdict(input: {
  headers: Readonly<Record<string, string>>;
  from: string | null;
  envelopeFrom: string | null;
  /** The domains we receive for (lowercase). */
  ownDomains: readonly string[];
}): ReplyVerdict {
  const envelope = input.envelopeFrom?.trim() ?? '';
  if (!envelope)
    return { ok: false, reason: 'the message has a null return path (MAIL FROM:<>): a bounce or an automatic message' };
  const automatic = automaticMessageReason(input.headers);
  if (automatic) return { ok: false, reason: automatic };
  // The envelope sender of mail from a mailing service is often a bounce address (bounces+123@...):
  // only the mail system's own senders count here; the address answered is checked in full below.
  if (isMailSystemAddress(envelope))
    return { ok: false, reason: `the envelope sender ${envelope} is an automatic address` };
  const to = (input.from ?? envelope).trim().toLowerCase();
  if (!ADDRESS.test(to))
    return { ok: false, reason: `the sender address ${JSON.stringify(to)} is not one we can answer` };
  if (isAutomatedAddress(to)) return { ok: false, reason: `the sender ${to} is an automatic address` };
  const domain = domainOf(to);
  if (domain && input.ownDomains.some((own) => domain === own || domain.endsWith(`.${own}`)))
    return { ok: false, reason: `the sender ${to} is at a domain we receive for` };
  return { ok: true, to };
}

/** Whether an internal recipient may get mail: never an address we receive for (that would be a loop). */
export function internalRecipientProblem(address: string, ownDomains: readonly string[]): string | null {
  const domain = domainOf(address);
  if (domain && ownDomains.some((own) => domain === own || domain.endsWith(`.${own}`)))
    return `${address} is at a domain we receive for: mail to it would come back as a new message`;
  return null;
}
