import type { EmailIngestionConfig } from './email-ingestion-config.schema.js';
import type { ImapStatus } from './imap/imap-settings.schema.js';

/** One prefix's configuration as stored: the prefix (lowercase) is unique across organizations. */
export interface StoredEmailIngestionConfig {
  org_id: string;
  /** Lowercase; equal to `config.emailPrefix`. */
  prefix: string;
  config: EmailIngestionConfig;
  created_at: string;
  updated_at: string;
}

/** The API's view: the configuration's own camelCase members plus its timestamps. */
/** With `imap`, its reader's state as `imap_status`. */
export type EmailIngestionConfigView = EmailIngestionConfig & {
  createdAt: string;
  updatedAt: string;
  imap_status?: ImapStatus;
};

export const toConfigView = (stored: StoredEmailIngestionConfig): EmailIngestionConfigView => ({
  ...stored.config,
  createdAt: stored.created_at,
  updatedAt: stored.updated_at,
});
