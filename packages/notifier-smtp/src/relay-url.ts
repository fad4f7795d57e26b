/**
 * SMTP_RELAY_URL's form, apart from the notifier itself (`@intake/notifier-smtp/relay-url`): the
 * daemon checks its settings at start without loading nodemailer, which it loads with the first mail.
 */

/** The relay URL without its password, for logs. */
export function redactRelayUrl(relayUrl: string): string {
  try {
    const url = new URL(relayUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Checks SMTP_RELAY_URL's form: smtp:// or smtps:// with a host. */
export function validateRelayUrl(relayUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(relayUrl);
  } catch {
    return 'must be a URL such as smtp://127.0.0.1:25';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'must start with smtp:// or smtps://';
  if (!url.hostname) return 'must name a host';
  return null;
}
