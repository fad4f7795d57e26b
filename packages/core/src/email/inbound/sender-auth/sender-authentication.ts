/**
 * Sender authentication of a received message: the SPF, DKIM, DMARC and ARC verdicts computed when
 * it arrived, kept on the message, and what a prefix's `unauthenticated` setting makes of them.
 */
import type { UnauthenticatedPolicy } from '../../prefixes/index.js';

/** The results RFC 8601 names for these methods (mailauth's `temperr` and `skipped` are folded in). */
export const AUTH_RESULTS = [
  'pass',
  'fail',
  'softfail',
  'neutral',
  'none',
  'policy',
  'temperror',
  'permerror',
] as const;
/** One of AUTH_RESULTS. */
export type AuthResult = (typeof AUTH_RESULTS)[number];

/** DMARC policies a domain can publish (`p=`). */
export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

/** The verdicts of one message, as stored on it and shown as `sender_authentication`. */
export interface SenderAuthentication {
  /** SPF of the MAIL FROM domain (the HELO name for the null sender) against the client address. */
  spf: {
    result: AuthResult;
    /** The domain SPF was checked for; null when there was nothing to check. */
    domain: string | null;
    /** Its organizational domain is the From domain's (relaxed alignment, RFC 7489). */
    aligned: boolean;
  };
  /** One entry per DKIM signature, in header order; empty when the message is not signed. */
  dkim: { result: AuthResult; domain: string; selector: string | null; aligned: boolean }[];
  dmarc: {
    result: AuthResult;
    /** The policy that applies to the From domain; null when it publishes none. */
    policy: DmarcPolicy | null;
    /** The domain whose DMARC record was used; null when none was found. */
    domain: string | null;
  };
  /** `none` when the message carries no ARC set. */
  arc: { result: AuthResult };
  /** The domain of the From header; null when it has none or several. */
  from_domain: string | null;
  /** Where SPF's client address came from: the SMTP client, the topmost Received header, or nowhere (`spf` is `none`). */
  client_address_source: 'smtp' | 'received' | 'none';
  /** DMARC pass, or an SPF or DKIM pass aligned with the From domain (see isSenderAuthenticated). */
  authenticated: boolean;
}

/** The verdicts without the derived `authenticated`, as an authenticator reports them. */
export type SenderVerdicts = Omit<SenderAuthentication, 'authenticated'>;

/**
 * The one rule for `sender_authenticated`: DMARC passed, or SPF or a DKIM signature passed for a
 * domain aligned with the From domain. A domain without a DMARC record can thus still authenticate
 * its mail by SPF or DKIM.
 */
export function isSenderAuthenticated(verdicts: SenderVerdicts): boolean {
  if (verdicts.dmarc.result === 'pass') return true;
  if (verdicts.spf.result === 'pass' && verdicts.spf.aligned) return true;
  return verdicts.dkim.some((d) => d.result === 'pass' && d.aligned);
}

/** Verdicts with their `authenticated` filled by the one rule. */
export const withAuthenticated = (verdicts: SenderVerdicts): SenderAuthentication => ({
  ...verdicts,
  authenticated: isSenderAuthenticated(verdicts),
});

/**
 * What a prefix does with a message: `refuse` (the SMTP edge answers 550 5.7.1), `defer` (refused
 * for now with 451: the verdicts failed for a temporary reason, a DNS timeout), `review` (its
 * documents are flagged `sender_unauthenticated`) or `accept`. Without verdicts (no authenticator,
 * the test endpoint) nothing is decided against the sender.
 */
export type SenderDecision = 'accept' | 'review' | 'refuse' | 'defer';

export function decideSender(
  policy: UnauthenticatedPolicy,
  authentication: SenderAuthentication | null,
): SenderDecision {
  if (!authentication || authentication.authenticated || policy === 'accept') return 'accept';
  if (policy === 'review') return 'review';
  return temporaryFailure(authentication) ? 'defer' : 'refuse';
}

/** A verdict that might pass when asked again (DNS timed out or failed). */
const temporaryFailure = (a: SenderAuthentication): boolean =>
  a.dmarc.result === 'temperror' || a.spf.result === 'temperror' || a.dkim.some((d) => d.result === 'temperror');

/** The sentence of the review reason and of a refused message. */
export function unauthenticatedReason(a: SenderAuthentication): string {
  const dkim = a.dkim.length === 0 ? 'none' : a.dkim.map((d) => `${d.result} (${d.domain})`).join(', ');
  const spf = a.spf.domain ? `${a.spf.result} (${a.spf.domain})` : a.spf.result;
  const dmarc = a.dmarc.policy ? `${a.dmarc.result} (p=${a.dmarc.policy})` : a.dmarc.result;
  return `The sender ${a.from_domain ?? '(no From domain)'} is not authenticated: DMARC ${dmarc}, SPF ${spf}, DKIM ${dkim}`;
}
