import type { WebhookTransport } from '../ports/webhook-transport.port.js';
import { AddressPolicy } from './address-policy.js';
import { isIP } from './ip-address.js';

/** What decides which destinations may be reached: the webhook transport's address policy. */
export type DestinationCheck = Pick<WebhookTransport, 'checkDestination'>;

/** Options of {@link checkCallbackUrl}. */
export interface CallbackUrlOptions {
  /** Accept `http://localhost` (and 127.0.0.1, [::1]) receivers: a development setting, off by default. */
  allowLocalhostHttp?: boolean;
}

/** Whether a URL's host names this machine's loopback by name or literal. */
export const isLocalhostName = (hostname: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase());

/**
 * The one registration check of every URL Intake will call: webhook endpoints and their test sends,
 * per-prefix webhooks and ERP connections. HTTPS, no credentials, and a destination the transport's
 * address policy allows (the same policy the transport applies again at every connection, so a name
 * re-pointed after registration is still refused). Null when acceptable, else why not.
 */
export async function checkCallbackUrl(
  url: string,
  destinations: DestinationCheck,
  options: CallbackUrlOptions = {},
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  // WEBHOOKS_ALLOW_LOCALHOST (development): plain http to localhost only; the transport then sends
  // it only to loopback addresses.
  const localhostHttp =
    parsed.protocol === 'http:' && options.allowLocalhostHttp === true && isLocalhostName(parsed.hostname);
  if (parsed.protocol !== 'https:' && !localhostHttp) {
    return `Webhook URLs must use HTTPS${options.allowLocalhostHttp ? ' (plain http only to localhost)' : ''}`;
  }
  if (parsed.username || parsed.password) return 'Webhook URLs may not carry credentials';
  // The WHATWG parser has already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1: the policy
  // sees the address that would be dialled, not the spelling.
  return destinations.checkDestination(parsed.href);
}

/**
 * For embedders that wire no transport: the default address policy applied to what can be decided
 * without DNS (IP literals and localhost). The daemon passes its HTTPS transport instead.
 */
export function literalDestinations(allowed: readonly string[] = []): DestinationCheck {
  const policy = new AddressPolicy(allowed);
  return {
    checkDestination(url) {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) return Promise.resolve(policy.check(host, host));
      const local = host === 'localhost' || host.endsWith('.localhost');
      return Promise.resolve(local ? policy.check(host, '127.0.0.1') : null);
    },
  };
}
