import type { SenderAuthentication } from '../email/inbound/sender-auth/sender-authentication.js';

/** What the SMTP edge or the IMAP import knows of a message's delivery. */
export interface SenderContext {
  /** The client's address; null when not known (SPF is then `none`, or read from Received when allowed). */
  ip: string | null;
  helo: string | null;
  /** MAIL FROM; null for the null sender or when not known. */
  mailFrom: string | null;
  /** Read the client address, HELO and sender from the topmost Received and Return-Path headers (IMAP). */
  fromReceivedHeader?: boolean;
}

/**
 * Computes a message's verdicts (the daemon's is mailauth over the configured DNS resolvers). It
 * never throws: a DNS failure or a time budget spent gives `temperror` verdicts.
 */
export interface SenderAuthenticator {
  authenticate(raw: Uint8Array, context: SenderContext): Promise<SenderAuthentication>;
}
