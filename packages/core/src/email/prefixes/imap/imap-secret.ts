import { AppError, invalidRequest } from '../../../shared/errors.js';
import type { EmailIngestionConfig } from '../email-ingestion-config.schema.js';
import { imapPort, MASKED_SECRET, type ImapSettings } from './imap-settings.schema.js';
import type { SecretBox } from './secret-box.js';

type Auth = ImapSettings['auth'];

const secretOf = (auth: Auth): string | undefined => auth.pass ?? auth.accessToken;

/** The configuration without the IMAP secret: what a merge patch is applied to. */
export function withoutImapSecret(config: EmailIngestionConfig): EmailIngestionConfig {
  if (!config.imap) return config;
  return { ...config, imap: { ...config.imap, auth: { user: config.imap.auth.user } } };
}

/** The configuration as the API shows it: the secret, if any, as MASKED_SECRET. */
export function maskImapSecret<C extends EmailIngestionConfig>(config: C): C {
  if (!config.imap) return config;
  const { user, pass, accessToken } = config.imap.auth;
  const auth: Auth = {
    user,
    ...(pass !== undefined ? { pass: MASKED_SECRET } : {}),
    ...(accessToken !== undefined ? { accessToken: MASKED_SECRET } : {}),
  };
  return { ...config, imap: { ...config.imap, auth } };
}

/** Where the secret goes: a password kept must still reach the server it was given for. */
const sameServer = (a: ImapSettings, b: ImapSettings): boolean =>
  a.host.toLowerCase() === b.host.toLowerCase() &&
  imapPort(a) === imapPort(b) &&
  a.tls === b.tls &&
  a.auth.user === b.auth.user;

/**
 * The configuration to store: a new secret sealed, or the stored (sealed) one kept when none is
 * given (or MASKED_SECRET is sent back). A kept secret must go to the same server, user and TLS
 * mode: otherwise anyone allowed to change the configuration could send the stored password to a
 * server of their choice.
 */
export function sealImapSecret(
  config: EmailIngestionConfig,
  before: EmailIngestionConfig | null,
  box: SecretBox | null,
): EmailIngestionConfig {
  const imap = config.imap;
  if (!imap) return config;
  const given = secretOf(imap.auth);
  if (given === undefined || given === MASKED_SECRET) {
    const kept = before?.imap;
    if (!kept || secretOf(kept.auth) === undefined)
      throw invalidRequest('The request is invalid (imap.auth: needs pass or accessToken)', [
        { path: 'imap.auth', message: 'needs pass or accessToken' },
      ]);
    if (!sameServer(imap, kept))
      throw invalidRequest(
        'The request is invalid (imap.auth: give the secret again for a new host, port, tls or user)',
        [{ path: 'imap.auth', message: 'give pass or accessToken again when host, port, tls or user changes' }],
      );
    const auth: Auth = { user: imap.auth.user, ...pick(kept.auth) };
    return { ...config, imap: { ...imap, auth } };
  }
  if (!box)
    throw new AppError(
      'secret_key_not_configured',
      'This daemon has no SECRET_KEY, so it cannot store an IMAP password or token: set SECRET_KEY (32 bytes, hex or base64) and restart it',
    );
  const sealed = box.seal(given);
  const auth: Auth =
    imap.auth.pass !== undefined
      ? { user: imap.auth.user, pass: sealed }
      : { user: imap.auth.user, accessToken: sealed };
  return { ...config, imap: { ...imap, auth } };
}

const pick = (auth: Auth): Omit<Auth, 'user'> =>
  auth.pass !== undefined ? { pass: auth.pass } : { accessToken: auth.accessToken! };

/** The IMAP login of stored settings, the secret opened. */
export function openImapAuth(
  settings: ImapSettings,
  box: SecretBox,
): { user: string; pass?: string; accessToken?: string } {
  const { user, pass, accessToken } = settings.auth;
  if (pass !== undefined) return { user, pass: box.open(pass) };
  if (accessToken !== undefined) return { user, accessToken: box.open(accessToken) };
  return { user };
}
