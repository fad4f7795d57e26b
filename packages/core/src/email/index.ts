/**
 * @intake/core/email: the email contexts (prefixes, inbound, routing, duplicates, notifications,
 * triage) and the composition of mail in, for the daemon, the mail adapters and the stores.
 */
export { duplicateKey, normalizeMatchValue } from './duplicates/duplicates.js';
export {
  type Envelope,
  InboundMailService,
  type MessageProcessOutcome,
  type RecipientVerdict,
} from './inbound-mail-service.js';
export { createInboundMail } from './inbound-mail.js';
export { sanitizeFilename } from './inbound/filenames.js';
export { ImapImporter } from './inbound/imap-import.js';
export {
  type AttachmentOutcome,
  INBOUND_MESSAGE_STATUSES,
  type InboundMessageRecord,
  type InboundMessageResult,
  type InboundMessageStatus,
  SKIP_REASON_CODES,
} from './inbound/inbound-message.js';
export { scanRawHeaders } from './inbound/raw-headers.js';
export { parseDomainList, parseRecipient } from './inbound/recipient.js';
export {
  AUTH_RESULTS,
  type AuthResult,
  decideSender,
  type DmarcPolicy,
  isSenderAuthenticated,
  type SenderAuthentication,
  type SenderVerdicts,
  withAuthenticated,
} from './inbound/sender-auth/sender-authentication.js';
export { automaticMessageReason, isAutomatedAddress, senderReplyVerdict } from './notifications/loop-guard.js';
export { planMessageNotifications } from './notifications/notification-planner.js';
export {
  NotificationService,
  type NotificationServiceOptions,
  unconfiguredNotifier,
} from './notifications/notification-service.js';
export type {
  JobEventForNotification,
  NotificationKind,
  NotificationListFilter,
  NotificationRecord,
  NotificationSender,
  NotificationStatus,
} from './notifications/notification.js';
export type { StoredEmailIngestionConfig } from './prefixes/email-ingestion-config.js';
export {
  AMOUNT_OPERATORS,
  type EmailIngestionConfig,
  EmailIngestionConfigInputSchema,
  EmailIngestionConfigPatchSchema,
  EmailIngestionConfigSchema,
  RESERVED_PREFIXES,
} from './prefixes/email-ingestion-config.schema.js';
export { EmailIngestionService } from './prefixes/email-ingestion-service.js';
export { matchingDocumentTypes, resolveExtractorFor } from './prefixes/extractor-mapping.js';
export { openImapAuth } from './prefixes/imap/imap-secret.js';
export { imapPort, type ImapSettings, type ImapStatus } from './prefixes/imap/imap-settings.schema.js';
export { createSecretBox, parseSecretKey, type SecretBox } from './prefixes/imap/secret-box.js';
export { applyMergePatch } from './prefixes/merge-patch.js';
export { compileSubjectPattern } from './prefixes/subject-pattern.js';
export { LocalDocumentClassifier, senderHint } from './triage/document-classifier.js';
export {
  type ClassificationExample,
  TRIAGE_STATUSES,
  type TriageItemRecord,
  type TriageResolution,
  type TriageStatus,
} from './triage/triage-item.js';
export { ResolveTriageSchema } from './triage/triage-queue.js';
