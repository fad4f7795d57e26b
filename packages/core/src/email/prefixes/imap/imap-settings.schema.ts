import { z } from 'zod';

/** How the connection to the IMAP server is secured: TLS from the first byte, STARTTLS, or plain text. */
export const IMAP_TLS_MODES = ['implicit', 'starttls', 'none'] as const;

/** What the API shows in place of a stored secret; sent back in a PATCH it keeps the secret. */
export const MASKED_SECRET = '********';

const secret = z.string().min(1).max(8192);

const folderName = z
  .string()
  .min(1)
  .max(500)
  .refine(
    (v) => [...v].every((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127),
    'must not contain control characters',
  );

const AfterImportSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('move'), folder: folderName }),
  z.strictObject({ action: z.literal('flag') }),
  z.strictObject({ action: z.literal('delete') }),
]);

/**
 * A mailbox a prefix reads over IMAP. `auth` carries a password or an OAuth2 access token the
 * operator obtained (Intake does not refresh tokens); the secret is stored encrypted and never
 * shown again. Without a secret in a PATCH the stored one is kept.
 */
export const ImapSettingsSchema = z
  .strictObject({
    host: z
      .string()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or an IP address'),
    /** Default 993 with implicit TLS, 143 otherwise. */
    port: z.number().int().min(1).max(65535).optional(),
    tls: z.enum(IMAP_TLS_MODES).default('implicit'),
    auth: z
      .strictObject({ user: z.string().min(1).max(500), pass: secret.optional(), accessToken: secret.optional() })
      .refine((a) => !(a.pass !== undefined && a.accessToken !== undefined), {
        message: 'give pass or accessToken, not both',
      }),
    folder: folderName.default('INBOX'),
    afterImport: AfterImportSchema.default({ action: 'flag' }),
    /** Seconds between looks when the server has no IDLE, and between IDLE renewals and retries after errors. */
    pollIntervalSeconds: z.number().int().min(1).max(86_400).default(60),
  })
  .meta({ id: 'ImapSettings' });

/** Validated IMAP settings; in a stored configuration the secret (pass or accessToken) is sealed. */
export type ImapSettings = z.output<typeof ImapSettingsSchema>;

/** The port to connect to: the one given, or the usual one of the TLS mode. */
export const imapPort = (settings: Pick<ImapSettings, 'port' | 'tls'>): number =>
  settings.port ?? (settings.tls === 'implicit' ? 993 : 143);

/** Which mailbox the settings read: the key its UIDs are recorded under (a change starts afresh). */
export const mailboxIdentity = (settings: ImapSettings): string =>
  `${settings.auth.user}@${settings.host}:${imapPort(settings)}/${settings.folder}`;

/** The states `imap_status.state` takes. */
export const IMAP_STATES = ['idle', 'connecting', 'fetching', 'error'] as const;
export type ImapState = (typeof IMAP_STATES)[number];

/** A prefix's mailbox as the API shows it (`imap_status`). */
export interface ImapStatus {
  state: ImapState;
  last_error?: string;
  last_success_at?: string;
  uidvalidity?: number;
  last_uid?: number;
}
