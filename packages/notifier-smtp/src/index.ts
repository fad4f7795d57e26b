/**
 * @intake/notifier-smtp: sends Intake's notifications through an outbound relay (SMTP_RELAY_URL,
 * e.g. smtp://127.0.0.1:25) with nodemailer. One connection per mail: notifications are few, and
 * a relay that restarted is simply reconnected to.
 */
import nodemailer from 'nodemailer';
import { type Notifier, type OutboundMail } from '@intake/core';
import { NotifierError } from '@intake/core/ports';
import { validateRelayUrl } from './relay-url.js';

/** Options of {@link createSmtpNotifier}. */
export interface SmtpNotifierOptions {
  /**
   * `smtp://host:port` (STARTTLS when offered), `smtps://host:port` (TLS from the start), with
   * optional `user:password@` and nodemailer options as query parameters, e.g.
   * `?ignoreTLS=true` or `?tls.rejectUnauthorized=false` for a local relay with a self-signed
   * certificate.
   */
  relayUrl: string;
  /** Longest wait for the connection, the greeting and each reply; default 30 s. */
  timeoutMs?: number;
  /** Name given in EHLO; default the host name of the machine. */
  name?: string;
}

export { redactRelayUrl, validateRelayUrl } from './relay-url.js';

interface SmtpFailure {
  message: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * 5xx answers of the relay are permanent (it will not take this mail); 4xx answers, connection
 * failures and timeouts are temporary and tried again.
 */
export function toNotifierError(error: unknown): NotifierError {
  const failure = (error && typeof error === 'object' ? error : { message: String(error) }) as SmtpFailure;
  const code = failure.responseCode;
  const detail = failure.response?.trim() || failure.message || 'unknown error';
  const permanent = typeof code === 'number' && code >= 500 && code < 600;
  const prefix =
    typeof code === 'number'
      ? `the relay answered ${code}`
      : `the relay could not be reached or failed (${failure.code ?? 'error'})`;
  return new NotifierError(`${prefix}: ${detail}`, permanent, { cause: error });
}

/**
 * Core's `Notifier` over an outbound SMTP relay (nodemailer): sends each notification mail and
 * classifies failures as permanent or temporary (see {@link toNotifierError}). `close()` ends the pool.
 */
export function createSmtpNotifier(options: SmtpNotifierOptions): Notifier & { close(): void } {
  const problem = validateRelayUrl(options.relayUrl);
  if (problem) throw new Error(`SMTP_RELAY_URL ${problem}`);
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: options.relayUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(options.name ? { name: options.name } : {}),
  });
  return {
    async send(mail: OutboundMail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers,
          messageId: `<${mail.messageId}>`,
          // An empty envelope sender is the null reverse-path `MAIL FROM:<>`.
          envelope: { from: mail.envelopeFrom ?? '', to: mail.to },
        });
        return { messageId: info.messageId ?? mail.messageId };
      } catch (error) {
        throw toNotifierError(error);
      }
    },
    close: () => transport.close(),
  };
}
