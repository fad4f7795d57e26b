/**
 * The front door of prefixes/: a prefix's configuration (its schema, the stored form, the extractor
 * for a document type, IMAP settings), its webhook events, and the email facts of a job. Other
 * contexts import these from here, never the files behind (config/dependency-cruiser.cjs).
 */
export {
  type EmailIngestionConfig,
  EmailIngestionConfigInputSchema,
  type INTERNAL_NOTIFICATION_EVENTS,
  RESERVED_PREFIXES,
  type UnauthenticatedPolicy,
} from './email-ingestion-config.schema.js';
export type { StoredEmailIngestionConfig } from './email-ingestion-config.js';
export { resolveExtractorFor } from './extractor-mapping.js';
export { imapPort, type ImapSettings, mailboxIdentity } from './imap/imap-settings.schema.js';
export { emailOfJob } from './job-email.js';
export { prefixEvent, prefixSubscribes } from './prefix-events.js';
export { compileSubjectPattern } from './subject-pattern.js';
